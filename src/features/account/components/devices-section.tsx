import toast from 'react-hot-toast';
import { formatDateTime, formatTimeAgo } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/trpc';
import { useShopTimeZone } from '../../../lib/use-shop-time-zone';
import { useNow } from '../../../lib/use-now';
import { useAccountSessions, type AccountSession } from '../api/use-account-sessions';
import { useEndOtherSessions } from '../api/use-end-other-sessions';
import { useEndSession } from '../api/use-end-session';
import { AccountSection } from './account-section';
import { endedSessionsMessage } from './password-section';

/** "Chrome on Android"; "Unknown device" when the server could tell neither. */
export function deviceName(session: Pick<AccountSession, 'browser' | 'os'>): string {
  const knownBrowser = session.browser !== 'Unknown browser';
  const knownOs = session.os !== 'Unknown system';
  if (!knownBrowser && !knownOs) return 'Unknown device';
  return `${session.browser} on ${session.os}`;
}

/** A past moment as "2 hours ago", with the shop's date and time on hover. */
function TimeAgo({ iso, now }: { iso: string; now: number }) {
  const timeZone = useShopTimeZone();
  return (
    <time dateTime={iso} title={formatDateTime(iso, timeZone)}>
      {formatTimeAgo(iso, now)}
    </time>
  );
}

/** The devices signed in to the account. */
export function DevicesSection() {
  return (
    <AccountSection id="devices" title="Signed-in devices" intro="Sign out of a device you no longer use or do not recognise.">
      <DeviceList />
    </AccountSection>
  );
}

/** Each device, this one first, the others with "Sign out"; and "Sign out of all other devices". */
function DeviceList() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const now = useNow();

  const signOut = (session: AccountSession) => {
    endOne.mutate(
      { id: session.id },
      {
        onSuccess: () => toast.success(`Signed out of ${deviceName(session)}`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const signOutOthers = () => {
    endOthers.mutate(undefined, {
      onSuccess: ({ endedSessions }) => toast.success(endedSessionsMessage(endedSessions)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  if (sessions.isPending) {
    return (
      <div className="flex flex-col gap-3" role="status">
        <span className="sr-only">Loading your devices</span>
        <div className="skeleton h-16" />
        <div className="skeleton h-16" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(sessions.error)}
      </p>
    );
  }

  const others = sessions.data.filter((session) => !session.current).length;
  // Which device's "Sign out" is at work, so only that button says so.
  const ending = endOne.isPending ? endOne.variables.id : null;

  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200">
        {sessions.data.map((session) => {
          const name = deviceName(session);
          return (
            <li key={session.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-zinc-900">
                  {name}
                  {session.current ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-800">This device</span> : null}
                </p>
                <p className="mt-1 text-sm text-zinc-600">
                  Signed in <TimeAgo iso={session.signedInAt} now={now} />
                  <span aria-hidden="true"> · </span>
                  {session.current ? (
                    'Active now'
                  ) : (
                    <>
                      Active <TimeAgo iso={session.lastSeenAt} now={now} />
                    </>
                  )}
                  {session.ip ? (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span className="break-all">IP {session.ip}</span>
                    </>
                  ) : null}
                </p>
              </div>
              {session.current ? null : (
                <button type="button" className="btn-outline min-h-10 w-full shrink-0 sm:w-fit" onClick={() => signOut(session)} disabled={ending === session.id}>
                  {ending === session.id ? 'Signing out…' : 'Sign out'}
                  <span className="sr-only"> of {name}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <button type="button" className="btn-ghost min-h-11 w-full text-red-700 hover:bg-red-50 sm:w-fit" onClick={signOutOthers} disabled={endOthers.isPending}>
          {endOthers.isPending ? 'Signing out…' : 'Sign out of all other devices'}
        </button>
      ) : (
        <p className="text-sm text-zinc-600">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}
