import type { trpc } from '../../../lib/trpc';

/**
 * After the session changed hands (sign-in, a password reset): every cached answer belonged to
 * someone else, so all are refetched, and "me" is in the cache, as the server now sees it,
 * before this resolves. Those mutations answer with a bare user, so "me" (whether two-factor
 * sign-in is on, whether this admin must still set it up) is not written from their answer.
 */
export async function refetchForNewSession(utils: ReturnType<typeof trpc.useUtils>): Promise<void> {
  await utils.invalidate();
  // The layout watches "me", so invalidating has just refetched it; where nothing watches it
  // yet (never asked, or only invalidated), it is asked now, so the next page has it at once.
  await utils.account.me.fetch(undefined, { staleTime: 60_000 }).catch(() => undefined);
}
