import type { OrderStatus } from '../../../../shared/schemas/order';
import { trpc } from '../../../lib/trpc';

export const ORDERS_PAGE_SIZE = 20;

/** Every order newest first, page after page ("Load more"), optionally of one status. */
export function useAdminOrders(status: OrderStatus | undefined) {
  return trpc.admin.orders.useInfiniteQuery({ limit: ORDERS_PAGE_SIZE, ...(status ? { status } : {}) }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
}
