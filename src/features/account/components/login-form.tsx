import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordInput } from '../../../components/ui/password-input';
import { UserIcon } from '../../../components/icons';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSignIn } from '../api/use-sign-in';

export const LOGIN_SUCCESS_MESSAGE = 'Login successfully';

/**
 * Where to go after signing in: the page that sent the shopper here (`state.from`, set by
 * pages that need an account), else home. Only same-site paths are followed.
 */
export function redirectTarget(state: unknown): string {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = state.from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')) return from;
  }
  return '/';
}

export function LoginForm() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    try {
      await signIn.mutateAsync({ email, password });
      toast.success(LOGIN_SUCCESS_MESSAGE);
      await navigate(redirectTarget(location.state), { replace: true });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="page flex justify-center" aria-labelledby="login-heading">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3">
          <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <UserIcon className="size-9" />
          </span>
          <h1 id="login-heading" className="text-2xl font-bold">
            Login
          </h1>
        </div>
        {/* Nothing can be typed or sent until the page has hydrated (React would not see what was
            typed before), and the browser itself never sends it: a GET would put the password in
            the address. */}
        <form method="post" className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <fieldset disabled={!hydrated} className="contents">
            <div>
              <label htmlFor="login-email" className="label">
                Email
              </label>
              <input
                id="login-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                placeholder="enter email"
                className="field"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? 'login-email-error' : undefined}
              />
              <FieldError id="login-email-error" message={errors.email} />
            </div>
            <div>
              <label htmlFor="login-password" className="label">
                Password
              </label>
              <PasswordInput
                id="login-password"
                name="password"
                autoComplete="current-password"
                required
                placeholder="enter password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
              />
              <FieldError id="login-password-error" message={errors.password} />
              <Link to="/forgot-password" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
                Forgot password ?
              </Link>
            </div>
            <button type="submit" className="btn-primary mt-2 min-h-11 w-full text-base" disabled={signIn.isPending}>
              {signIn.isPending ? 'Signing in…' : 'Login'}
            </button>
          </fieldset>
        </form>
        <p className="mt-6 text-center text-sm text-zinc-700">
          Don&apos;t have account ?{' '}
          <Link to="/sign-up" className="font-semibold text-brand-700 hover:underline">
            Sign up
          </Link>
        </p>
      </div>
    </section>
  );
}
