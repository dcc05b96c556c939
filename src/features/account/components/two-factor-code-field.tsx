import { useState, type ReactNode } from 'react';
import { FieldError } from '../../../components/ui/field-error';
import { errorAppCode, errorMessage, fieldErrors } from '../../../lib/trpc';

export const RECOVERY_CODE_HINT = 'Lost your phone? One of your recovery codes works too.';

type CodeFieldProps = {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Shown under the field; says whether a recovery code is accepted. */
  hint?: ReactNode;
  /** Enrolment takes the app's six digits only; sign-in and the other checks take a recovery code too. */
  digitsOnly?: boolean;
  autoFocus?: boolean;
};

/**
 * The field for a code from the authenticator app. The numeric keypad and one-time-code
 * autofill suit the six digits; a recovery code (letters) can still be typed or pasted.
 */
export function TwoFactorCodeField({ id, label = 'Authentication code', value, onChange, error, hint, digitsOnly = false, autoFocus = false }: CodeFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // A recovery code has letters: the phone's letter keyboard, once the shopper says so.
  const [recovery, setRecovery] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        // The form is checked by script (noValidate); the pattern still tells the browser and assistive tech what fits.
        pattern={digitsOnly ? '[0-9]{6}' : undefined}
        maxLength={digitsOnly ? 6 : 32}
        spellCheck={false}
        autoCapitalize="off"
        // Focus goes where the next thing to type is: the step that asks for the code only appears when needed.
        autoFocus={autoFocus}
        required
        className="field font-mono tracking-widest"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
      {digitsOnly ? null : (
        <button type="button" className="mt-1 text-xs font-semibold text-blue-700 underline" onClick={() => setRecovery((on) => !on)} aria-pressed={recovery}>
          {recovery ? 'Type a code from the app' : 'Type a recovery code'}
        </button>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * Where a refusal of a two-factor form is shown: a wrong code (TWO_FACTOR_INVALID) or password
 * (WRONG_PASSWORD) beside its field, in the server's own sentence (its fieldErrors only say "is
 * not right"); a field the schema refused beside that field; anything else (TOO_MANY_ATTEMPTS,
 * FORBIDDEN, …) under `form`.
 */
export function twoFactorFormErrors(error: unknown): Record<string, string> {
  const appCode = errorAppCode(error);
  if (appCode === 'TWO_FACTOR_INVALID') return { code: errorMessage(error) };
  if (appCode === 'WRONG_PASSWORD') return { currentPassword: errorMessage(error) };
  const fields = fieldErrors(error);
  return Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) };
}
