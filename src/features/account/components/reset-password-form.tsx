import { useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { ResetLinkInputSchema, ResetPasswordInputSchema } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordInput } from '../../../components/ui/password-input';
import { issuesByField } from '../../../lib/form-errors';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useHydrated } from '../../../lib/use-hydrated';
import { useResetLinkStatus } from '../api/use-reset-link-status';
import { useResetPassword } from '../api/use-reset-password';
import { DeadLink, linkRefusal, tokenSentence } from './dead-link';
import { PASSWORD_MISMATCH_MESSAGE } from './sign-up-form';

export const RESET_SUCCESS_MESSAGE = 'Your password was changed. You are signed in.';
export const RESET_TWO_FACTOR_MESSAGE = 'Your password was changed. Sign in with it and a code from your authenticator app.';
export const MISSING_TOKEN_MESSAGE =
  'This page opens from the link in a password reset email, and this address has no link in it. Open the link from the email again, or ask for a new one.';

type PasswordValues = { password: string; confirmPassword: string };

/**
 * Checks the form with the schema the server uses; the mismatch gets sign-up's wording. A
 * problem with the token itself comes back under `token` (the page shows it as a dead link).
 */
export function validateResetPassword(values: PasswordValues & { token: string }): Record<string, string> {
  const result = ResetPasswordInputSchema.safeParse(values);
  const errors: Record<string, string> = result.success ? {} : issuesByField(result.error);
  if (values.password !== values.confirmPassword) errors.confirmPassword = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}

/** The schema's word on a token ("the reset link is not complete") as a sentence for the page, with the way out. */
const tokenProblem = (message: string) => `${tokenSentence(message)} Ask for a new one.`;

/**
 * Choosing a new password from an emailed link (`token`). On success the server has signed the
 * user in: every cached answer is refetched (see useResetPassword) and the shopper goes home.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [values, setValues] = useState<PasswordValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The link is checked as the page opens: a token the schema refuses needs no question, and a
  // used or expired one is said at once (not after the new password is typed).
  const malformed = token ? ResetLinkInputSchema.safeParse({ token }).error?.issues[0]?.message : undefined;
  const status = useResetLinkStatus(token, Boolean(token) && malformed === undefined);
  // Once this page has used the link, the refreshed answer ("used") is about its own success.
  const closed = status.data?.usable === false && resetPassword.isIdle ? status.data.message : null;

  const set = (field: keyof PasswordValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const problems = validateResetPassword({ token, ...values });
    if (problems.token) {
      setDeadLink(tokenProblem(problems.token));
      return;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const result = await resetPassword.mutateAsync({ token, ...values });
      // Replace: Back must not return to a link that is now used up.
      if (!result.signedIn) {
        // Two-factor sign-in is on: the emailed link alone does not sign anyone in.
        toast.success(RESET_TWO_FACTOR_MESSAGE);
        await navigate('/login', { replace: true });
        return;
      }
      toast.success(RESET_SUCCESS_MESSAGE);
      await navigate('/', { replace: true });
    } catch (error) {
      const refusal = linkRefusal(error, tokenProblem);
      if (refusal) {
        setDeadLink(refusal);
        return;
      }
      const message = errorMessage(error);
      setErrors(fieldErrors(error));
      setFailure(message);
      toast.error(message);
    }
  };

  const describedBy = (field: string) => (errors[field] ? `reset-${field}-error` : undefined);
  // A reset link that cannot be used: why, and the way to a new one.
  const deadLinkMessage = !token ? MISSING_TOKEN_MESSAGE : (deadLink ?? (malformed ? tokenProblem(malformed) : closed));

  return (
    <section className="page flex justify-center" aria-labelledby="reset-heading">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 id="reset-heading" className="mb-6 text-center text-2xl font-bold">
          Choose a new password
        </h1>
        {deadLinkMessage ? (
          <DeadLink message={deadLinkMessage} to="/forgot-password" action="Ask for a new reset link" />
        ) : (
          <form method="post" className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
            <fieldset disabled={!hydrated} className="contents">
              <div>
                <label htmlFor="reset-password" className="label">
                  New password
                </label>
                <PasswordInput
                  id="reset-password"
                  name="password"
                  autoComplete="new-password"
                  required
                  value={values.password}
                  onChange={set('password')}
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'reset-password-error reset-password-hint' : 'reset-password-hint'}
                />
                <p id="reset-password-hint" className="mt-1 text-xs text-zinc-600">
                  At least 8 characters.
                </p>
                <FieldError id="reset-password-error" message={errors.password} />
              </div>
              <div>
                <label htmlFor="reset-confirmPassword" className="label">
                  Confirm new password
                </label>
                <PasswordInput
                  id="reset-confirmPassword"
                  name="confirmPassword"
                  autoComplete="new-password"
                  required
                  value={values.confirmPassword}
                  onChange={set('confirmPassword')}
                  aria-invalid={errors.confirmPassword ? true : undefined}
                  aria-describedby={describedBy('confirmPassword')}
                />
                <FieldError id="reset-confirmPassword-error" message={errors.confirmPassword} />
              </div>
              {failure && !errors.password && !errors.confirmPassword ? (
                <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
                  {failure}
                </p>
              ) : null}
              <button type="submit" className="btn-primary mt-2 min-h-11 w-full text-base" disabled={resetPassword.isPending}>
                {resetPassword.isPending ? 'Saving…' : 'Save new password'}
              </button>
            </fieldset>
          </form>
        )}
        <p className="mt-6 text-center text-sm text-zinc-700">
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Back to Login
          </Link>
        </p>
      </div>
    </section>
  );
}
