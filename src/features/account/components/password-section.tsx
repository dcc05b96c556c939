import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ChangePasswordInputSchema } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordInput } from '../../../components/ui/password-input';
import { fieldSentence, issuesByField } from '../../../lib/form-errors';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useChangePassword } from '../api/use-change-password';
import { AccountSection } from './account-section';
import { FormAlert } from './form-alert';

export const PASSWORD_CHANGED_MESSAGE = 'Password changed';
export const NEW_PASSWORDS_DIFFER_MESSAGE = 'The new password and its confirmation are not the same';

/** "Signed out of 2 other devices". */
export const endedSessionsMessage = (count: number) => `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}`;

type PasswordValues = { currentPassword: string; password: string; confirmPassword: string };
const EMPTY: PasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

const LABELS: Record<keyof PasswordValues, string> = {
  currentPassword: 'Your current password',
  password: 'The new password',
  confirmPassword: 'The confirmation',
};

/** A new password, given the current one. The server signs every other device out, and the toast says how many. */
export function PasswordSection() {
  const change = useChangePassword();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ChangePasswordInputSchema.safeParse(values);
    const problems = parsed.success ? {} : issuesByField(parsed.error);
    if (values.password !== values.confirmPassword) problems.confirmPassword = NEW_PASSWORDS_DIFFER_MESSAGE;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const { endedSessions } = await change.mutateAsync(values);
      setValues(EMPTY);
      toast.success(endedSessions > 0 ? `${PASSWORD_CHANGED_MESSAGE}. ${endedSessionsMessage(endedSessions)}.` : PASSWORD_CHANGED_MESSAGE);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) {
        setFailure(errorMessage(error));
        toast.error(errorMessage(error));
      }
    }
  };

  const message = (field: keyof PasswordValues) => fieldSentence(LABELS[field], errors[field]);
  const field = (name: keyof PasswordValues, label: string, autoComplete: string, hint?: string) => {
    const id = `password-${name}`;
    const error = message(name);
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return (
      <div>
        <label htmlFor={id} className="label">
          {label}
        </label>
        <PasswordInput
          id={id}
          name={name}
          autoComplete={autoComplete}
          required
          value={values[name]}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [name]: value }));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-600">
            {hint}
          </p>
        ) : null}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };

  return (
    <AccountSection id="password" title="Password" intro="Changing it signs you out on every other device.">
      <form className="flex max-w-md flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Change your password">
        {field('currentPassword', 'Current password', 'current-password')}
        {field('password', 'New password', 'new-password', 'At least 8 characters.')}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        <FormAlert message={failure} />
        <button type="submit" className="btn-primary min-h-11 w-full sm:w-fit sm:px-6" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </AccountSection>
  );
}
