import { trpc } from '../../../lib/trpc';

export const AUDIT_PAGE_SIZE = 50;

/** What admins (and the shop itself) changed, newest first, page after page ("Load more"). */
export function useAuditLog() {
  return trpc.admin.audit.useInfiniteQuery({ limit: AUDIT_PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
}
