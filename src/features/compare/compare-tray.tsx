import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { compareAddress } from '../../../shared/compare';
import { imageRenditionUrl } from '../../../shared/images';
import { useCategoryLabelOf } from '../../components/product/category-label';
import { clearNotice, FULL_MESSAGE, removeFromSelection, setSelection, startNewComparison, useCompareNotice, useCompareSelection } from './compare-store';

/**
 * The compare tray: a bar along the bottom of the screen (phone and desktop) while a selection
 * exists, with each chosen product (picture, name, remove ×) and "Compare (3)". The page gets
 * as much room at its bottom as the tray takes, so it never covers a page's own buttons. It also
 * says why a tick was refused. Loaded lazily by the root layout, only when a selection exists.
 */
export function CompareTray() {
  const selection = useCompareSelection();
  const notice = useCompareNotice();
  const categoryLabel = useCategoryLabelOf();
  const bar = useRef<HTMLElement>(null);

  // Room at the page's bottom for the tray, so the last buttons (a product page's Add To Cart, the footer) scroll above it.
  useLayoutEffect(() => {
    const height = bar.current?.offsetHeight ?? 0;
    document.body.style.paddingBottom = height > 0 ? `${height}px` : '';
    return () => {
      document.body.style.paddingBottom = '';
    };
  }, [selection, notice]);

  if (selection.length === 0) return null;
  const label = categoryLabel(selection[0]?.category ?? '');

  return (
    <aside
      ref={bar}
      aria-label="Products to compare"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur"
      data-testid="compare-tray"
    >
      {notice ? (
        <div role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {notice.kind === 'full' ? (
            <span>{FULL_MESSAGE}: remove one to add another.</span>
          ) : (
            <>
              <span>{`“${notice.item.productName}” is in ${categoryLabel(notice.item.category)}; your comparison holds ${categoryLabel(notice.current)}.`}</span>
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => startNewComparison(notice.item)}>
                Start a new comparison for {categoryLabel(notice.item.category)}
              </button>
            </>
          )}
          <button type="button" className="ml-auto text-amber-900 underline" onClick={clearNotice}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div className="mx-auto flex w-full max-w-7xl items-center gap-2 px-4 py-2 sm:px-6 lg:px-8">
        <p className="sr-only">{`Comparing ${selection.length} ${label}`}</p>
        <ul className="no-scrollbar flex min-w-0 flex-1 gap-1.5 overflow-x-auto sm:gap-2">
          {selection.map((item) => (
            <li
              key={item._id}
              className="relative flex w-[4.25rem] shrink-0 flex-col gap-0.5 rounded-lg border border-zinc-200 bg-white p-1 sm:w-auto sm:max-w-52 sm:flex-row sm:items-center sm:gap-1.5 sm:pr-8"
              data-testid="compare-tray-item"
              title={item.productName}
            >
              {item.image ? (
                <img src={imageRenditionUrl(item.image, 320)} alt="" width={32} height={32} className="size-8 shrink-0 rounded object-contain mix-blend-multiply" />
              ) : (
                <span className="size-8 shrink-0 rounded bg-zinc-100" />
              )}
              <span className="line-clamp-2 min-w-0 text-[11px] leading-tight text-zinc-800 sm:text-xs">{item.productName}</span>
              <button
                type="button"
                className="absolute right-0 top-0 flex size-7 items-center justify-center rounded text-lg leading-none text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 sm:top-1/2 sm:-translate-y-1/2"
                aria-label={`Remove ${item.productName} from comparison`}
                onClick={() => removeFromSelection(item._id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="flex shrink-0 flex-col items-end gap-0.5 sm:flex-row sm:items-center sm:gap-3">
          {selection.length >= 2 ? (
            <Link to={compareAddress(selection.map((item) => item._id))} className="btn-primary min-h-10 px-3 text-sm sm:px-4" data-testid="compare-link">
              {`Compare (${selection.length})`}
            </Link>
          ) : (
            <span className="max-w-28 text-right text-xs text-zinc-700">Tick one more to compare</span>
          )}
          <button type="button" className="text-xs text-zinc-600 underline" onClick={() => setSelection([])}>
            Clear
          </button>
        </div>
      </div>
    </aside>
  );
}
