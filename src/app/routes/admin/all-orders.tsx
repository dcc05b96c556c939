import { useId, useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/schemas/order';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage } from '../../../lib/trpc';
import { useAdminOrders } from '../../../features/admin/api/use-admin-orders';
import { AdminOrderList } from '../../../features/admin/components/admin-order-list';
import { DashboardPanel } from '../../../features/admin/components/dashboard-panel';

export function Component() {
  const filterId = useId();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const orders = useAdminOrders(status || undefined);
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold tracking-tight">All Orders</h1>
      <DashboardPanel />
      <section aria-labelledby="orders-list-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="orders-list-heading" className="text-xl font-bold">
            Orders
          </h2>
          <div className="w-56">
            <label htmlFor={filterId} className="label">
              Status
            </label>
            <select id={filterId} className="field capitalize" value={status} onChange={(event) => setStatus(event.target.value as OrderStatus | '')}>
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        </div>
        {orders.isPending ? (
          <PageSpinner label="Loading orders" />
        ) : orders.isError ? (
          <p role="alert" className="card px-4 py-6 text-center text-red-800">
            {errorMessage(orders.error)}
          </p>
        ) : (
          <AdminOrderList orders={list} />
        )}
        {orders.hasNextPage ? (
          <button type="button" className="btn-outline self-center" disabled={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
            {orders.isFetchingNextPage ? 'Loading ...' : 'Load more orders'}
          </button>
        ) : null}
      </section>
    </div>
  );
}
