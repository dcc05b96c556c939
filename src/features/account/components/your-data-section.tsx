import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { DeleteAccountInputSchema } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordInput } from '../../../components/ui/password-input';
import { fieldSentence, issuesByField } from '../../../lib/form-errors';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useDeleteAccount } from '../api/use-delete-account';
import { AccountSection } from './account-section';
import { FormAlert } from './form-alert';

export const ACCOUNT_DELETED_MESSAGE = 'Your account was deleted';
/** Served by the server as a JSON attachment (server/routes/account-data.routes.ts). */
export const MY_DATA_PATH = '/account/my-data.json';
const CONFIRM_WORD = 'DELETE';

/**
 * "Download my data", and deleting the account. `onDeleted` leaves the page before "me" becomes a
 * visitor (see useDeleteAccount).
 */
export function YourDataSection({ onDeleted }: { onDeleted: () => void | Promise<void> }) {
  const [deleting, setDeleting] = useState(false);
  // Cancelling the form brings its button back: the focus goes there, not to the top of the page.
  const returnFocus = useRef(false);

  return (
    <AccountSection id="your-data" title="Your data" intro="Everything the shop keeps about you, and how to have it deleted.">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <p className="text-sm text-zinc-700">A file with your profile, addresses, orders and signed-in devices.</p>
          {/* A plain link: the server answers with a file to save, not a page of the app. */}
          <a href={MY_DATA_PATH} download className="btn-outline min-h-11 w-full sm:w-fit">
            Download my data (JSON)
          </a>
        </div>

        <div className="flex flex-col gap-3 border-t border-zinc-200 pt-6">
          <h3 className="text-base font-bold text-zinc-900">Delete my account</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700">
            <li>Your account, name, email, photo, saved addresses, cart and sign-ins are deleted.</li>
            <li>Your orders stay in the shop’s tax records with the name and address they were invoiced to, as Indian GST law requires.</li>
            <li>You can sign up again later with the same email.</li>
          </ul>
          {deleting ? (
            <DeleteAccountForm
              onDeleted={onDeleted}
              onCancel={() => {
                returnFocus.current = true;
                setDeleting(false);
              }}
            />
          ) : (
            <button
              type="button"
              className="btn min-h-11 w-full border border-red-700 bg-white text-red-700 hover:bg-red-50 sm:w-fit"
              onClick={() => setDeleting(true)}
              ref={(button) => {
                if (button && returnFocus.current) {
                  returnFocus.current = false;
                  button.focus();
                }
              }}
            >
              Delete my account…
            </button>
          )}
        </div>
      </div>
    </AccountSection>
  );
}

/** The current password and the word DELETE; the button waits for the word. */
function DeleteAccountForm({ onDeleted, onCancel }: { onDeleted: () => void | Promise<void>; onCancel: () => void }) {
  const remove = useDeleteAccount({ leave: onDeleted });
  const [currentPassword, setCurrentPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = confirm.trim() === CONFIRM_WORD;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed) return;
    setFailure(null);
    const parsed = DeleteAccountInputSchema.safeParse({ currentPassword, confirm: CONFIRM_WORD });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      await remove.mutateAsync(parsed.data);
      toast.success(ACCOUNT_DELETED_MESSAGE);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      // Refused for the account as a whole (the last admin, orders under way): said above the button.
      if (Object.keys(fields).length === 0) setFailure(errorMessage(error));
      toast.error(errorMessage(error));
    }
  };

  const passwordError = fieldSentence('Your current password', errors.currentPassword);
  const confirmError = fieldSentence('The confirmation', errors.confirm);

  return (
    <form className="flex max-w-md flex-col gap-4 rounded-xl border border-red-200 bg-red-50/50 p-4" onSubmit={onSubmit} noValidate aria-label="Delete my account">
      <div>
        <label htmlFor="delete-password" className="label">
          Current password
        </label>
        <PasswordInput
          id="delete-password"
          name="currentPassword"
          autoComplete="current-password"
          required
          autoFocus
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'delete-password-error' : undefined}
        />
        <FieldError id="delete-password-error" message={passwordError} />
      </div>
      <div>
        <label htmlFor="delete-confirm" className="label">
          Type {CONFIRM_WORD} to confirm
        </label>
        <input
          id="delete-confirm"
          name="confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="field"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          aria-invalid={confirmError ? true : undefined}
          aria-describedby={confirmError ? 'delete-confirm-error' : undefined}
        />
        <FieldError id="delete-confirm-error" message={confirmError} />
      </div>
      <FormAlert message={failure} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className="btn min-h-11 bg-red-700 px-6 text-white hover:bg-red-800" disabled={!confirmed || remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete my account'}
        </button>
        <button type="button" className="btn-ghost min-h-11" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
