import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/trpc';
import { useRemoveDemoData, useSetupStatus } from '../api/use-setup-status';
import { ModalDialog } from './modal-dialog';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the shop holds from the demo catalogue, e.g. "Demo data: 40 products and 5 banners from the demo catalogue". */
export function demoDataSummary(demo: { products: number; banners: number }): string {
  return `Demo data: ${plural(demo.products, 'product', 'products')} and ${plural(demo.banners, 'banner', 'banners')} from the demo catalogue`;
}

/** The toast after removal, e.g. "Demo data removed: 38 products deleted, 2 archived (they are in orders), 5 banners deleted". */
export function demoRemovedMessage(result: { productsDeleted: number; productsArchived: number; bannersDeleted: number }): string {
  const archived = result.productsArchived > 0 ? `, ${result.productsArchived} archived (they are in orders)` : '';
  return `Demo data removed: ${plural(result.productsDeleted, 'product', 'products')} deleted${archived}, ${plural(result.bannersDeleted, 'banner', 'banners')} deleted`;
}

/**
 * The dashboard's offer to clear the demo catalogue, shown while the shop still holds some of
 * it. A confirmation says what goes and what stays before anything is removed.
 */
export function DemoDataCard() {
  const status = useSetupStatus();
  const removal = useRemoveDemoData();
  const [confirming, setConfirming] = useState(false);
  const demo = status.data?.demo;
  if (!demo || demo.products + demo.banners === 0) return null;

  const onRemove = async () => {
    try {
      const result = await removal.mutateAsync();
      toast.success(demoRemovedMessage(result));
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="card flex flex-wrap items-center justify-between gap-3 border-amber-300 bg-amber-50 px-4 py-3" data-testid="demo-data">
      <p className="font-semibold text-amber-950">{demoDataSummary(demo)}</p>
      <button type="button" className="btn border border-amber-800 bg-white text-amber-900 hover:bg-amber-100" onClick={() => setConfirming(true)}>
        Remove demo data
      </button>
      {confirming ? (
        <ModalDialog title="Remove demo data?" onClose={() => setConfirming(false)} widthClassName="max-w-md">
          <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-zinc-700">
            <li>
              The demo catalogue&apos;s {plural(demo.products, 'product', 'products')} and {plural(demo.banners, 'banner', 'banners')} are removed from the shop.
            </li>
            <li>Demo products that are in orders are archived instead, so those orders keep them.</li>
            <li>Your own products and banners stay as they are.</li>
            <li className="font-semibold text-zinc-900">This cannot be undone.</li>
          </ul>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={() => setConfirming(false)}>
              Keep it
            </button>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={removal.isPending} onClick={() => void onRemove()}>
              {removal.isPending ? 'Removing…' : 'Remove demo data'}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}
