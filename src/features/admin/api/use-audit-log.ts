import type { AuditKind } from '../../../../shared/schemas/audit';
import { trpc } from '../../../lib/trpc';

export const AUDIT_PAGE_SIZE = 50;

/** What admins (and the shop itself) changed, newest first, page after page ("Load more"); one kind of change, or all. */
export function useAuditLog(kind?: AuditKind) {
  return trpc.admin.audit.useInfiniteQuery(kind ? { limit: AUDIT_PAGE_SIZE, kind } : { limit: AUDIT_PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
}
