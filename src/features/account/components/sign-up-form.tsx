import { useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { SignUpInputSchema } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordInput } from '../../../components/ui/password-input';
import { issuesByField } from '../../../lib/form-errors';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSignUp } from '../api/use-sign-up';
import { PhotoPicker } from './photo-picker';

export const SIGN_UP_SUCCESS_MESSAGE = 'User created Successfully!';
export const PASSWORD_MISMATCH_MESSAGE = 'Please check password and confirm password';

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  profilePic: string;
}

/**
 * Checks the form with the same schema the server uses. A password mismatch gets the
 * spec's wording; nothing is sent while any field is wrong.
 */
export function validateSignUp(values: SignUpValues): Record<string, string> {
  const result = SignUpInputSchema.safeParse(values);
  const errors: Record<string, string> = result.success ? {} : issuesByField(result.error);
  if (values.password !== values.confirmPassword) errors.confirmPassword = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}

export function SignUpForm() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [values, setValues] = useState<SignUpValues>({ name: '', email: '', password: '', confirmPassword: '', profilePic: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (field: keyof SignUpValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateSignUp(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await signUp.mutateAsync(values);
      toast.success(SIGN_UP_SUCCESS_MESSAGE);
      await navigate('/login');
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
    }
  };

  const describedBy = (field: string) => (errors[field] ? `signup-${field}-error` : undefined);

  return (
    <section className="page flex justify-center" aria-labelledby="signup-heading">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 id="signup-heading" className="mb-6 text-center text-2xl font-bold">
          Sign up
        </h1>
        {/* Nothing can be typed or sent until the page has hydrated (React would not see what was
            typed before), and the browser itself never sends it: a GET would put the password in
            the address. */}
        <form method="post" className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <fieldset disabled={!hydrated} className="contents">
            <PhotoPicker
              id="signup-photo"
              src={values.profilePic}
              chooseLabel={values.profilePic ? 'Change photo' : 'Upload photo (optional)'}
              onPick={(profilePic) => setValues((current) => ({ ...current, profilePic }))}
              onRemove={values.profilePic ? () => setValues((current) => ({ ...current, profilePic: '' })) : undefined}
              error={errors.profilePic}
              onError={(message) => setErrors(({ profilePic: _dropped, ...rest }) => (message ? { ...rest, profilePic: message } : rest))}
            />

            <div>
              <label htmlFor="signup-name" className="label">
                Name
              </label>
              <input
                id="signup-name"
                name="name"
                autoComplete="name"
                required
                placeholder="enter your name"
                className="field"
                value={values.name}
                onChange={set('name')}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy('name')}
              />
              <FieldError id="signup-name-error" message={errors.name} />
            </div>
            <div>
              <label htmlFor="signup-email" className="label">
                Email
              </label>
              <input
                id="signup-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                placeholder="enter email"
                className="field"
                value={values.email}
                onChange={set('email')}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy('email')}
              />
              <FieldError id="signup-email-error" message={errors.email} />
            </div>
            <div>
              <label htmlFor="signup-password" className="label">
                Password
              </label>
              <PasswordInput
                id="signup-password"
                name="password"
                autoComplete="new-password"
                required
                placeholder="enter password"
                value={values.password}
                onChange={set('password')}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy('password')}
              />
              <FieldError id="signup-password-error" message={errors.password} />
            </div>
            <div>
              <label htmlFor="signup-confirmPassword" className="label">
                Confirm Password
              </label>
              <PasswordInput
                id="signup-confirmPassword"
                name="confirmPassword"
                autoComplete="new-password"
                required
                placeholder="enter confirm password"
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
                aria-invalid={errors.confirmPassword ? true : undefined}
                aria-describedby={describedBy('confirmPassword')}
              />
              <FieldError id="signup-confirmPassword-error" message={errors.confirmPassword} />
            </div>
            <button type="submit" className="btn-primary mt-2 min-h-11 w-full text-base" disabled={signUp.isPending}>
              {signUp.isPending ? 'Creating account…' : 'Sign Up'}
            </button>
          </fieldset>
        </form>
        <p className="mt-6 text-center text-sm text-zinc-700">
          Already have account ?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </p>
      </div>
    </section>
  );
}
