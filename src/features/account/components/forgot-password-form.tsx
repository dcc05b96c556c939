import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { RequestPasswordResetInputSchema } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useHydrated } from '../../../lib/use-hydrated';
import { useRequestPasswordReset } from '../api/use-request-password-reset';

/**
 * "Forgot password": one email field. The server answers the same whether or not the address
 * has an account, and that answer is shown as is; the form stays usable to ask again (or for
 * another address). Refusals (too many requests, anything else) show as an alert and a toast.
 */
export function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(null);
    setFailure(null);
    const checked = RequestPasswordResetInputSchema.safeParse({ email });
    if (!checked.success) {
      setEmailError(checked.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    try {
      const { message } = await requestReset.mutateAsync(checked.data);
      setSent(message);
    } catch (error) {
      const message = errorMessage(error);
      setEmailError(fieldErrors(error).email);
      setFailure(message);
      toast.error(message);
    }
  };

  return (
    <section className="page flex justify-center" aria-labelledby="forgot-heading">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 id="forgot-heading" className="mb-2 text-center text-2xl font-bold">
          Forgot password
        </h1>
        <p className="mb-6 text-center text-sm text-zinc-700">Enter the email of your account and we will send it a link to choose a new password.</p>
        {/* Nothing can be typed or sent until the page has hydrated, and the browser itself never
            sends the form: a GET would put the email in the address. */}
        <form method="post" className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <fieldset disabled={!hydrated} className="contents">
            <div>
              <label htmlFor="forgot-email" className="label">
                Email
              </label>
              <input
                id="forgot-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                placeholder="enter email"
                className="field"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? 'forgot-email-error' : undefined}
              />
              <FieldError id="forgot-email-error" message={emailError} />
            </div>
            <button type="submit" className="btn-primary mt-2 min-h-11 w-full text-base" disabled={requestReset.isPending}>
              {requestReset.isPending ? 'Sending…' : 'Send reset link'}
            </button>
          </fieldset>
        </form>
        {/* Always in the page, so screen readers announce the answer when it arrives. */}
        <div role="status" className={sent ? 'mt-4 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950' : ''}>
          {sent}
        </div>
        {failure && failure !== emailError ? (
          <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            {failure}
          </p>
        ) : null}
        <Link to="/login" className="btn-outline mt-6 w-full">
          Back to Login
        </Link>
      </div>
    </section>
  );
}
