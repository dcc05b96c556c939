import { useState, type FormEvent } from 'react';
import { TwoFactorConfirmInputSchema, type Me } from '../../../../shared/schemas/account';
import { errorMessage } from '../../../lib/trpc';
import { useBeginTwoFactor } from '../api/use-begin-two-factor';
import { useConfirmTwoFactor } from '../api/use-confirm-two-factor';
import { FormAlert } from './form-alert';
import { TwoFactorCodeField, twoFactorFormErrors } from './two-factor-code-field';

export const MUST_ENROL_MESSAGE = 'This shop requires two-factor sign-in for admin accounts. Turn it on to continue.';
export const QR_CODE_ALT = 'QR code for your authenticator app';

/** The secret as it is typed into an app by hand: groups of four ("JBSW Y3DP EHPK 3PXP"). */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The QR code as an image. The SVG is the server's, but it goes in as an image all the same,
 * never as markup: an image cannot run script or reach the page.
 */
function QrCode({ svg }: { svg: string }) {
  return (
    <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={QR_CODE_ALT} width={200} height={200} className="rounded-lg border border-zinc-200 bg-white" />
  );
}

/**
 * Turning two-factor sign-in on: what it is, then (on "Set up") the secret as a QR code, as a
 * key to type and as a link for an app on this phone, then a code from the app to prove it
 * holds the secret. `onEnrolled` gets the recovery codes, which are shown once.
 */
export function TwoFactorEnrolment({ me, onEnrolled }: { me: Me; onEnrolled: (recoveryCodes: string[], hadToEnrol: boolean) => void }) {
  const begin = useBeginTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enrolment = begin.data;

  const onSetUp = () => {
    setErrors({});
    setCode('');
    begin.mutate();
  };

  const onConfirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Apps often show the code as "123 456".
    const parsed = TwoFactorConfirmInputSchema.safeParse({ code: code.replace(/\s+/g, '') });
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message ?? 'code is required' });
      return;
    }
    setErrors({});
    // Read before the call: once it succeeds, "me" is refetched and no longer says so.
    const hadToEnrol = me.mustEnrolTwoFactor;
    try {
      const { recoveryCodes } = await confirm.mutateAsync(parsed.data);
      onEnrolled(recoveryCodes, hadToEnrol);
    } catch (error) {
      setErrors(twoFactorFormErrors(error));
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {me.mustEnrolTwoFactor ? (
        <p className="rounded-2xl border-2 border-amber-400 bg-amber-50 px-4 py-3 font-semibold text-amber-950" role="note" data-testid="must-enrol">
          {MUST_ENROL_MESSAGE}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 text-zinc-700">
        <p>
          Two-factor sign-in protects your account even if someone learns your password. An authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator
          or any other TOTP app, shows a 6-digit code that changes every 30 seconds.
        </p>
        <p>Once it is on, you sign in with your password and the code your app shows at that moment.</p>
      </div>

      {!enrolment ? (
        <div className="flex flex-col gap-3">
          <FormAlert message={begin.isError ? errorMessage(begin.error) : null} />
          <button type="button" className="btn-primary min-h-11 self-start" onClick={onSetUp} disabled={begin.isPending}>
            {begin.isPending ? 'Preparing…' : 'Set up'}
          </button>
        </div>
      ) : (
        <ol className="flex flex-col gap-6">
          <li className="flex flex-col gap-3">
            <h2 className="text-lg font-bold">1. Add Voltmart to your authenticator app</h2>
            <p className="text-sm text-zinc-700">In the app, add an account and scan this QR code.</p>
            <QrCode svg={enrolment.qrSvg} />
            <div>
              <p className="text-sm font-medium text-zinc-800">Can&apos;t scan? Enter this key</p>
              <p className="mt-1 font-mono text-base tracking-wider break-all text-zinc-900" data-testid="two-factor-secret">
                {groupSecret(enrolment.secret)}
              </p>
            </div>
            <a href={enrolment.otpauthUrl} className="self-start text-sm font-semibold text-brand-700 underline hover:text-brand-800">
              Open in an authenticator app on this phone
            </a>
          </li>
          <li>
            <h2 className="mb-3 text-lg font-bold">2. Enter the code the app shows</h2>
            <form method="post" className="flex flex-col gap-4" onSubmit={onConfirm} noValidate aria-label="Turn on two-factor sign-in">
              <TwoFactorCodeField
                id="two-factor-confirm-code"
                label="6-digit code"
                value={code}
                onChange={setCode}
                error={errors.code}
                hint="The code changes every 30 seconds; enter the one shown now."
                digitsOnly
              />
              <FormAlert message={errors.form ?? null} />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary min-h-11" disabled={confirm.isPending}>
                  {confirm.isPending ? 'Checking…' : 'Turn on'}
                </button>
                <button type="button" className="btn-ghost min-h-11" onClick={onSetUp} disabled={begin.isPending || confirm.isPending}>
                  Start again with a new QR code
                </button>
              </div>
            </form>
          </li>
        </ol>
      )}
    </div>
  );
}
