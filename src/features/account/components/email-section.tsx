import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { RequestEmailChangeInputSchema } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordInput } from '../../../components/ui/password-input';
import { fieldSentence, issuesByField } from '../../../lib/form-errors';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useRequestEmailChange } from '../api/use-request-email-change';
import { AccountSection } from './account-section';
import { FormAlert } from './form-alert';

type EmailValues = { newEmail: string; currentPassword: string };

/**
 * The current email, and a form for a new one. The server emails a link to the new address and
 * the email changes only when it is opened; its answer says so and stays on the page.
 */
export function EmailSection({ email }: { email: string }) {
  const request = useRequestEmailChange();
  const [values, setValues] = useState<EmailValues>({ newEmail: '', currentPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState('');

  const set = (field: keyof EmailValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setSent('');
    const parsed = RequestEmailChangeInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await request.mutateAsync(parsed.data);
      setSent(answer.message);
      setValues({ newEmail: '', currentPassword: '' });
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      // A refusal about one field is said beside it; anything else (too many attempts) above the button.
      if (Object.keys(fields).length === 0) {
        setFailure(errorMessage(error));
        toast.error(errorMessage(error));
      }
    }
  };

  const newEmailError = fieldSentence('This email', errors.newEmail);
  const passwordError = fieldSentence('Your current password', errors.currentPassword);

  return (
    <AccountSection id="email" title="Email" intro="You sign in with it, and we send your order updates and password reset links to it.">
      <p className="mb-4 text-sm text-zinc-700">
        Your email is <strong className="break-all font-semibold text-zinc-900">{email}</strong>
      </p>
      <form className="flex max-w-md flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Change your email">
        <div>
          <label htmlFor="email-new" className="label">
            New email
          </label>
          <input
            id="email-new"
            name="newEmail"
            type="email"
            autoComplete="email"
            required
            className="field"
            value={values.newEmail}
            onChange={(event) => set('newEmail')(event.target.value)}
            aria-invalid={newEmailError ? true : undefined}
            aria-describedby={newEmailError ? 'email-new-error' : undefined}
          />
          <FieldError id="email-new-error" message={newEmailError} />
        </div>
        <div>
          <label htmlFor="email-password" className="label">
            Current password
          </label>
          <PasswordInput
            id="email-password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={(event) => set('currentPassword')(event.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'email-password-error' : undefined}
          />
          <FieldError id="email-password-error" message={passwordError} />
        </div>
        <FormAlert message={failure} />
        {/* Always in the page, so screen readers announce the answer when it arrives. */}
        <p role="status" className={sent ? 'rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950' : 'sr-only'}>
          {sent}
        </p>
        <button type="submit" className="btn-primary min-h-11 w-full sm:w-fit sm:px-6" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send confirmation link'}
        </button>
      </form>
    </AccountSection>
  );
}
