import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordInput } from '../../../components/ui/password-input';
import { UserIcon } from '../../../components/icons';
import { adminLanding } from '../../../lib/admin-landing';
import { errorAppCode, errorMessage, fieldErrors } from '../../../lib/trpc';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSignIn } from '../api/use-sign-in';
import { FormAlert } from './form-alert';
import { RECOVERY_CODE_HINT, TwoFactorCodeField } from './two-factor-code-field';

export const LOGIN_SUCCESS_MESSAGE = 'Login successfully';
export const CODE_STEP_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

/**
 * Where to go after signing in: the page that sent the shopper here (`state.from`, set by
 * pages that need an account), else home; an admin's home is the panel's Dashboard on a screen
 * wide enough for the panel (adminLanding). Only same-site paths are followed.
 */
export function redirectTarget(state: unknown, signedIn?: { role: string }): string {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = state.from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')) return from;
  }
  return signedIn?.role === 'ADMIN' ? adminLanding() : '/';
}

export function LoginForm() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // An account with two-factor sign-in answers the password with TWO_FACTOR_REQUIRED: then the
  // form asks for the code and sends email, password and code together.
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    if (step === 'code' && !code.trim()) {
      setErrors({ code: CODE_STEP_MESSAGE });
      return;
    }
    try {
      const user = await signIn.mutateAsync(step === 'code' ? { email, password, code } : { email, password });
      toast.success(LOGIN_SUCCESS_MESSAGE);
      await navigate(redirectTarget(location.state, user), { replace: true });
    } catch (error) {
      const appCode = errorAppCode(error);
      if (appCode === 'TWO_FACTOR_REQUIRED') {
        setStep('code');
        setCode('');
        return;
      }
      if (appCode === 'TWO_FACTOR_INVALID') {
        // The server's sentence says what to do; its fieldErrors only say "is not right".
        setErrors({ code: errorMessage(error) });
      } else {
        const fields = fieldErrors(error);
        // A refusal of the email or password (changed meanwhile) belongs to the first step.
        if (fields.email || fields.password) setStep('password');
        setErrors(step === 'code' && Object.keys(fields).length === 0 ? { form: errorMessage(error) } : fields);
      }
      toast.error(errorMessage(error));
    }
  };

  const backToPassword = () => {
    setStep('password');
    setCode('');
    setErrors({});
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
            {step === 'code' ? (
              <>
                <p className="text-sm text-zinc-700">
                  Signing in as <strong className="break-all">{email}</strong>. {CODE_STEP_MESSAGE}
                </p>
                <TwoFactorCodeField id="login-code" value={code} onChange={setCode} error={errors.code} hint={RECOVERY_CODE_HINT} autoFocus />
                <FormAlert message={errors.form ?? null} />
                <button type="submit" className="btn-primary mt-2 min-h-11 w-full text-base" disabled={signIn.isPending}>
                  {signIn.isPending ? 'Signing in…' : 'Verify and sign in'}
                </button>
                <button type="button" className="btn-ghost min-h-11 w-full" onClick={backToPassword}>
                  Use another account
                </button>
              </>
            ) : (
              <>
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
              </>
            )}
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
