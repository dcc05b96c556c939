import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import type { Me, TwoFactorStatus } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { PasswordInput } from '../../../components/ui/password-input';
import { adminLanding } from '../../../lib/admin-landing';
import { errorMessage } from '../../../lib/trpc';
import { useDisableTwoFactor } from '../api/use-disable-two-factor';
import { useRegenerateRecoveryCodes } from '../api/use-regenerate-recovery-codes';
import { useTwoFactorStatus } from '../api/use-two-factor-status';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { FormAlert } from './form-alert';
import { RECOVERY_CODE_HINT, TwoFactorCodeField, twoFactorFormErrors } from './two-factor-code-field';

export const TWO_FACTOR_OFF_MESSAGE = 'Two-factor sign-in is off';
export const REQUIRED_NOTE = 'This shop requires two-factor sign-in for admin accounts, so it cannot be turned off for yours.';

/** Recovery codes to show once, and where Done leads. */
type FreshCodes = { codes: string[]; then: string };

/**
 * The /account/two-factor page's content: enrolment while two-factor sign-in is off, the
 * recovery codes and "Turn off" while it is on. Fresh recovery codes take the page over until
 * Done, whatever the status says meanwhile (it is refetched as soon as they arrive).
 */
export function TwoFactorSettings({ me }: { me: Me }) {
  const status = useTwoFactorStatus();
  const navigate = useNavigate();
  const [fresh, setFresh] = useState<FreshCodes | null>(null);

  let content: ReactNode;
  if (fresh) {
    content = <RecoveryCodes codes={fresh.codes} email={me.email} onDone={() => void navigate(fresh.then, { replace: true })} />;
  } else if (status.isPending) {
    content = <PageSpinner label="Loading two-factor sign-in" />;
  } else if (status.isError) {
    content = <FormAlert message={errorMessage(status.error)} />;
  } else if (!status.data.enabled) {
    content = <TwoFactorEnrolment me={me} onEnrolled={(codes, hadToEnrol) => setFresh({ codes, then: hadToEnrol && me.role === 'ADMIN' ? adminLanding() : '/account' })} />;
  } else {
    content = <TwoFactorManagement status={status.data} onNewCodes={(codes) => setFresh({ codes, then: '/account' })} />;
  }

  return (
    <section className="page flex justify-center" aria-labelledby="two-factor-heading">
      <div className="card flex w-full max-w-2xl flex-col gap-6 p-6 sm:p-8">
        <h1 id="two-factor-heading" className="text-2xl font-bold">
          Two-factor sign-in
        </h1>
        {fresh ? (
          <p className="rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900" role="status">
            Two-factor sign-in is on.
          </p>
        ) : null}
        {content}
        <Link to="/account" className="self-start text-sm font-semibold text-brand-700 hover:underline">
          Back to my account
        </Link>
      </div>
    </section>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-zinc-200 pt-5">
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** While it is on: the recovery codes left, new ones for a current code, and turning it off (unless the shop requires it). */
function TwoFactorManagement({ status, onNewCodes }: { status: TwoFactorStatus; onNewCodes: (codes: string[]) => void }) {
  const left = status.recoveryCodesLeft;
  return (
    <div className="flex flex-col gap-5">
      <div className="rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-green-900" data-testid="two-factor-on">
        <p className="font-semibold">Two-factor sign-in is on</p>
        <p className="text-sm">You sign in with your password and a code from your authenticator app.</p>
      </div>
      <Panel title="Recovery codes">
        <p className="text-sm text-zinc-700" data-testid="recovery-codes-left">
          {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`} Each works once, in place of a code from the app.
          {left <= 2 ? ' Get new ones before they run out.' : ''}
        </p>
        <RegenerateRecoveryCodesForm onNewCodes={onNewCodes} />
      </Panel>
      <Panel title="Turn off two-factor sign-in">{status.required ? <p className="text-sm text-zinc-700">{REQUIRED_NOTE}</p> : <DisableTwoFactorForm />}</Panel>
    </div>
  );
}

function RegenerateRecoveryCodesForm({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setErrors({ code: 'Enter a code from your authenticator app.' });
      return;
    }
    setErrors({});
    try {
      const { recoveryCodes } = await regenerate.mutateAsync({ code });
      onNewCodes(recoveryCodes);
    } catch (error) {
      setErrors(twoFactorFormErrors(error));
    }
  };

  return (
    <form method="post" className="flex flex-col gap-3" onSubmit={onSubmit} noValidate aria-label="Get new recovery codes">
      <p className="text-sm text-zinc-700">New codes replace the old ones, which stop working.</p>
      <TwoFactorCodeField id="two-factor-regenerate-code" value={code} onChange={setCode} error={errors.code} hint={RECOVERY_CODE_HINT} />
      <FormAlert message={errors.form ?? null} />
      <button type="submit" className="btn-outline min-h-11 self-start" disabled={regenerate.isPending}>
        {regenerate.isPending ? 'Getting new codes…' : 'Get new recovery codes'}
      </button>
    </form>
  );
}

function DisableTwoFactorForm() {
  const disable = useDisableTwoFactor();
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!currentPassword) problems.currentPassword = 'Enter your current password.';
    if (!code.trim()) problems.code = 'Enter a code from your authenticator app.';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await disable.mutateAsync({ currentPassword, code });
      toast.success(TWO_FACTOR_OFF_MESSAGE);
    } catch (error) {
      setErrors(twoFactorFormErrors(error));
    }
  };

  return (
    <form method="post" className="flex flex-col gap-3" onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in">
      <p className="text-sm text-zinc-700">Without it, your password alone signs you in. Your recovery codes stop working.</p>
      <div>
        <label htmlFor="two-factor-disable-password" className="label">
          Current password
        </label>
        <PasswordInput
          id="two-factor-disable-password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          aria-invalid={errors.currentPassword ? true : undefined}
          aria-describedby={errors.currentPassword ? 'two-factor-disable-password-error' : undefined}
        />
        <FieldError id="two-factor-disable-password-error" message={errors.currentPassword} />
      </div>
      <TwoFactorCodeField id="two-factor-disable-code" value={code} onChange={setCode} error={errors.code} hint={RECOVERY_CODE_HINT} />
      <FormAlert message={errors.form ?? null} />
      <button type="submit" className="btn-outline min-h-11 self-start border-red-700 text-red-800 hover:bg-red-50" disabled={disable.isPending}>
        {disable.isPending ? 'Turning off…' : 'Turn off'}
      </button>
    </form>
  );
}
