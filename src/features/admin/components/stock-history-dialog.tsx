import type { StockMovement, StockReason } from '../../../../shared/schemas/catalog';
import { ShopTime } from '../../../components/ui/shop-time';
import { errorMessage } from '../../../lib/trpc';
import { useStockHistory } from '../api/use-stock-history';
import { ModalDialog } from './modal-dialog';

/** What each kind of movement means, in the admin's words. */
export const STOCK_REASON_LABEL: Record<StockReason, string> = {
  created: 'Created',
  sale: 'Sale',
  release: 'Released (checkout expired or cancelled)',
  restock: 'Restocked (order cancelled)',
  admin: 'Admin change',
  late_payment: 'Late payment',
  shortage_filled: 'Taken for a late-paid order',
  return: 'A returned unit back on sale',
  tracking_on: 'Tracking switched on',
  import: 'Catalogue import',
  bulk_edit: 'Bulk edit',
};

/** "+3", "−1" (a real minus sign), "0". */
export function formatDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${Math.abs(delta)}`;
  return '0';
}

export type StockHistoryProduct = { _id: string; productName: string; trackStock: boolean; stock: number };

/** Every stock movement of one product, newest first, with who made it and why; times in the shop's zone. */
export function StockHistoryDialog({ product, onClose }: { product: StockHistoryProduct; onClose: () => void }) {
  const history = useStockHistory(product._id);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ModalDialog
      title="Stock history"
      onClose={onClose}
      widthClassName="max-w-5xl"
      description={
        <>
          <span className="font-medium text-zinc-800">{product.productName}</span> · {product.trackStock ? `Stock now ${product.stock}` : 'Stock not tracked'}
        </>
      }
    >
      {history.isPending ? (
        <p role="status" className="py-6 text-center text-zinc-600">
          Loading stock history ...
        </p>
      ) : history.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-4 text-center text-red-800">
          {errorMessage(history.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-zinc-700">No stock movements yet{product.trackStock ? '.' : ': this product’s stock is not tracked.'}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-busy={history.isFetching}>
            <caption className="sr-only">Stock movements of {product.productName}, newest first (times in India Standard Time)</caption>
            <thead className="border-b border-zinc-200 text-xs uppercase tracking-wide text-zinc-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  When
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  What
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Change
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Stock
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Order
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  By
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Note
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((movement) => (
                <MovementRow key={movement._id} movement={movement} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <button type="button" className="btn-outline" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {history.isFetchingNextPage ? 'Loading ...' : 'Load more'}
          </button>
        </div>
      ) : null}
    </ModalDialog>
  );
}

function MovementRow({ movement }: { movement: StockMovement }) {
  return (
    <tr className="border-b border-zinc-100 align-top last:border-b-0" data-testid="stock-movement">
      <td className="whitespace-nowrap py-2 pr-3 text-zinc-700">
        <ShopTime iso={movement.at} />
      </td>
      <td className="py-2 pr-3 font-medium text-zinc-900">{STOCK_REASON_LABEL[movement.reason] ?? movement.reason}</td>
      <td className={`py-2 pr-3 text-right font-semibold tabular-nums ${movement.delta > 0 ? 'text-emerald-800' : movement.delta < 0 ? 'text-red-800' : 'text-zinc-700'}`}>
        {formatDelta(movement.delta)}
      </td>
      <td className="whitespace-nowrap py-2 pr-3 tabular-nums text-zinc-700">
        {movement.before} <span aria-hidden="true">→</span>
        <span className="sr-only">to</span> {movement.after}
      </td>
      <td className="py-2 pr-3 font-mono text-xs text-zinc-700 [overflow-wrap:anywhere]">
        {movement.orderNumber ?? movement.orderId ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">none</span>
          </>
        )}
      </td>
      <td className="py-2 pr-3 text-zinc-700">
        {movement.actor ? (
          <>
            <span className="block">{movement.actor.name}</span>
            <span className="block text-xs text-zinc-600 [overflow-wrap:anywhere]">{movement.actor.email}</span>
          </>
        ) : (
          'Shop'
        )}
      </td>
      <td className="py-2 text-zinc-700 [overflow-wrap:anywhere]">{movement.note}</td>
    </tr>
  );
}
