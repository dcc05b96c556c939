import type { AdminOrder } from '../../../../shared/schemas/admin';
import type { OrderStatus } from '../../../../shared/schemas/order';
import type { AdminShipment } from '../../../../shared/schemas/shipping';
import { trpc } from '../../../lib/trpc';
import { ORDERS_PAGE_SIZE } from './use-admin-orders';

/** Orders that may have a parcel: packed (paid or confirmed), or one that left the shop. */
const MAY_HAVE_PARCEL: ReadonlySet<OrderStatus> = new Set(['paid', 'confirmed', 'shipped', 'delivered', 'returned']);

/**
 * The parcels of the orders on the admin's list, by order id: one `shipping.ofOrders` call per
 * page of orders (the list's own pages), never one per order. A page already read keeps its
 * answer when "Load more" adds the next.
 */
export function useOrderShipments(orders: readonly Pick<AdminOrder, '_id' | 'status'>[]): Record<string, AdminShipment> {
  const pages: string[][] = [];
  for (let i = 0; i < orders.length; i += ORDERS_PAGE_SIZE) {
    const ids = orders
      .slice(i, i + ORDERS_PAGE_SIZE)
      .filter((order) => MAY_HAVE_PARCEL.has(order.status))
      .map((order) => order._id);
    if (ids.length > 0) pages.push(ids);
  }
  const replies = trpc.useQueries((t) => pages.map((orderIds) => t.shipping.ofOrders({ orderIds }, { staleTime: 15_000 })));
  return Object.assign({}, ...replies.map((reply) => reply.data ?? {})) as Record<string, AdminShipment>;
}
