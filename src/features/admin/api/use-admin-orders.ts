import type { OrderStatus } from '../../../../shared/schemas/order';
import { trpc } from '../../../lib/trpc';

export const ORDERS_PAGE_SIZE = 20;

/** The all-orders address parameter (`?attention=1`) that shows only the orders needing stock; the dashboard links to it. */
export const ATTENTION_PARAM = 'attention';

export type AdminOrderFilter = {
  status?: OrderStatus | undefined;
  /** Only orders paid for units that were not in stock (they need a restock or a refund). */
  attention?: boolean | undefined;
  /** The search box: an order number, part of an email, a phone or a PIN ('' for none). */
  q?: string | undefined;
};

/** Every order newest first, page after page ("Load more"), optionally of one status, only those needing stock, or those a search finds. */
export function useAdminOrders(filter: AdminOrderFilter = {}) {
  return trpc.admin.orders.useInfiniteQuery(
    {
      limit: ORDERS_PAGE_SIZE,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.attention ? { attention: true } : {}),
      ...(filter.q ? { q: filter.q } : {}),
    },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
}
