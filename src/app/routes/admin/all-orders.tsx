import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/schemas/order';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage } from '../../../lib/trpc';
import { ATTENTION_PARAM, useAdminOrders } from '../../../features/admin/api/use-admin-orders';
import { AdminOrderList } from '../../../features/admin/components/admin-order-list';
import { FailedDeliveries } from '../../../features/admin/components/failed-deliveries';
import { ManifestLink } from '../../../features/admin/components/manifest-link';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** The most the server takes (longer is refused, naming the field). */
const SEARCH_MAX_LENGTH = 100;

export function Component() {
  const filterId = useId();
  const attentionId = useId();
  const searchId = useId();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  // In the address, so the Dashboard's red card and a shared link can turn it on.
  const [searchParams, setSearchParams] = useSearchParams();
  const attention = searchParams.get(ATTENTION_PARAM) === '1';
  const orders = useAdminOrders({ status: status || undefined, attention, q });
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];

  const setAttention = (on: boolean) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (on) next.set(ATTENTION_PARAM, '1');
        else next.delete(ATTENTION_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">All Orders</h1>
        <ManifestLink />
      </div>
      <FailedDeliveries />
      <section aria-labelledby="orders-list-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="orders-list-heading" className="text-xl font-bold">
            Orders
          </h2>
          <div className="flex w-full flex-wrap items-end gap-4 sm:w-auto">
            <div className="w-full sm:w-80" role="search" aria-label="Search orders">
              <label htmlFor={searchId} className="label">
                Search orders
              </label>
              <input
                id={searchId}
                type="search"
                className="field"
                value={search}
                maxLength={SEARCH_MAX_LENGTH}
                placeholder="VM-2026-000123, email, phone or PIN"
                autoComplete="off"
                spellCheck={false}
                aria-describedby={`${searchId}-hint`}
                onChange={(event) => setSearch(event.target.value)}
              />
              <span id={`${searchId}-hint`} className="sr-only">
                Order number in any case, with or without dashes; part of the shopper’s email; their phone; or the delivery PIN
              </span>
            </div>
            <div className="flex min-h-11 items-center gap-2">
              <input
                id={attentionId}
                type="checkbox"
                className="size-4 accent-red-700"
                checked={attention}
                onChange={(event) => setAttention(event.target.checked)}
                aria-describedby={`${attentionId}-hint`}
              />
              <label htmlFor={attentionId} className="text-sm font-medium text-zinc-800">
                Needs stock
              </label>
              <span id={`${attentionId}-hint`} className="sr-only">
                Only orders paid for units that are not in stock
              </span>
            </div>
            <div className="w-full sm:w-56">
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
        </div>
        {orders.isPending ? (
          <PageSpinner label="Loading orders" />
        ) : orders.isError ? (
          <p role="alert" className="card px-4 py-6 text-center text-red-800">
            {errorMessage(orders.error)}
          </p>
        ) : q && list.length === 0 ? (
          <p className="card px-4 py-10 text-center text-lg font-semibold text-zinc-800" data-testid="no-search-results">
            No order matches “{q}”.
          </p>
        ) : attention && list.length === 0 ? (
          <p className="card px-4 py-10 text-center text-lg font-semibold text-zinc-800">No order is waiting for stock.</p>
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
