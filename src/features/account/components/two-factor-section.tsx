import { Link } from 'react-router';
import { errorMessage } from '../../../lib/trpc';
import { useTwoFactorStatus } from '../api/use-two-factor-status';
import { AccountSection } from './account-section';

/** Whether two-factor sign-in is on, and the way to the page that sets it up or manages it (/account/two-factor). */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();

  return (
    <AccountSection id="two-factor" title="Two-factor sign-in" intro="After your password, a 6-digit code from an authenticator app on your phone.">
      {status.isPending ? (
        <p className="skeleton h-6 w-40" role="status">
          <span className="sr-only">Loading two-factor sign-in</span>
        </p>
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(status.error)}
        </p>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-800">
              Two-factor sign-in is
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${status.data.enabled ? 'bg-emerald-100 text-emerald-900' : 'bg-zinc-200 text-zinc-800'}`}
                data-testid="two-factor-state"
              >
                {status.data.enabled ? 'On' : 'Off'}
              </span>
            </p>
            {status.data.enabled ? (
              <p className={`text-sm ${status.data.recoveryCodesLeft <= 2 ? 'font-medium text-amber-800' : 'text-zinc-600'}`}>
                {status.data.recoveryCodesLeft} recovery {status.data.recoveryCodesLeft === 1 ? 'code' : 'codes'} left
                {status.data.recoveryCodesLeft <= 2 ? ': make new ones before they run out.' : null}
              </p>
            ) : status.data.required ? (
              <p className="text-sm font-medium text-amber-800">The shop requires two-factor sign-in for admins: set it up to keep using the admin panel.</p>
            ) : null}
          </div>
          <Link to="/account/two-factor" className={`${status.data.enabled ? 'btn-outline' : 'btn-primary'} min-h-11 w-full shrink-0 sm:w-fit`}>
            {status.data.enabled ? 'Manage two-factor sign-in' : 'Set up two-factor sign-in'}
          </Link>
        </div>
      )}
    </AccountSection>
  );
}
