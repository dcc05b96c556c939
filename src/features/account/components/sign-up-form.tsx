import { useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { SignUpInputSchema } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordInput } from '../../../components/ui/password-input';
import { UserIcon } from '../../../components/icons';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSignUp } from '../api/use-sign-up';

export const SIGN_UP_SUCCESS_MESSAGE = 'User created Successfully!';
export const PASSWORD_MISMATCH_MESSAGE = 'Please check password and confirm password';
/** The server takes photos up to 5 MB; saying so before the upload saves a slow round trip. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

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
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || 'form';
      errors[field] ??= issue.message;
    }
  }
  if (values.password !== values.confirmPassword) errors.confirmPassword = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the photo'));
    reader.readAsDataURL(file);
  });
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

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) {
      setErrors((current) => ({ ...current, profilePic: 'The photo must be at most 5 MB.' }));
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      setValues((current) => ({ ...current, profilePic: dataUrl }));
      setErrors(({ profilePic: _dropped, ...rest }) => rest);
    } catch (error) {
      setErrors((current) => ({ ...current, profilePic: errorMessage(error, 'Could not read the photo') }));
    }
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
            <div className="flex flex-col items-center gap-2">
              <div className="relative size-24 overflow-hidden rounded-full bg-brand-50 text-brand-700">
                {values.profilePic ? (
                  <img src={values.profilePic} alt="Profile photo preview" className="size-full object-cover" width={96} height={96} />
                ) : (
                  <UserIcon className="m-auto size-full p-5" />
                )}
              </div>
              <label htmlFor="signup-photo" className="btn-outline min-h-9 cursor-pointer px-3 text-xs focus-within:outline-3 focus-within:outline-brand-600">
                {values.profilePic ? 'Change photo' : 'Upload photo (optional)'}
                <input id="signup-photo" name="profilePic" type="file" accept={PHOTO_TYPES} className="sr-only" onChange={onPhoto} aria-describedby={describedBy('profilePic')} />
              </label>
              {values.profilePic ? (
                <button type="button" className="text-xs font-medium text-zinc-700 underline" onClick={() => setValues((v) => ({ ...v, profilePic: '' }))}>
                  Remove photo
                </button>
              ) : null}
              <FieldError id="signup-profilePic-error" message={errors.profilePic} />
            </div>

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
