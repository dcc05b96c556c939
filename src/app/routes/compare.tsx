import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { compareHeading, readCompareIds, type CompareReply } from '../../../shared/compare';
import { ErrorPage } from '../../components/ui/error-page';
import { useCategoryLabelOf } from '../../components/product/category-label';
import { useAddToCartAction } from '../../features/cart/hooks/use-add-to-cart-action';
import { setSelection } from '../../features/compare/compare-store';
import { CompareTable } from '../../features/compare/compare-table';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /compare?ids=a,b,c: the products side by side, server-rendered (readable without JavaScript).
 * Opening the address also sets the stored selection, so the tray and the ticks follow a shared
 * link; removing a product is a link to the address without it.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const { ids, cut } = readCompareIds(search);
  const asked = search.has('ids');
  const onlyDifferences = search.get('diff') === '1';
  // The server renders the page with the same input (src/app/page-data.ts), so hydration asks nothing.
  const query = trpc.catalog.compare.useQuery({ ids }, { enabled: ids.length > 0 });
  const reply: CompareReply | undefined = ids.length > 0 ? query.data : undefined;
  const cart = useAddToCartAction();
  const categoryLabel = useCategoryLabelOf();
  const names = reply?.products.map((p) => p.productName) ?? [];
  useDocumentTitle(pageTitle(compareHeading(names)));

  // The address is the comparison: opening it (or removing a column) sets the stored selection.
  useEffect(() => {
    if (!asked) return;
    if (ids.length === 0) setSelection([]);
    else if (reply) setSelection(reply.products.map((p) => ({ _id: p._id, productName: p.productName, category: p.category, image: p.productImage[0] ?? null })));
  }, [asked, ids.length, reply]);

  if (ids.length === 0) {
    return (
      <div className="page">
        <div className="card mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center">
          <h1 className="text-2xl font-bold text-zinc-900">Nothing to compare yet</h1>
          <p className="text-zinc-700">Tick “Compare” on up to four products of one category, then open Compare from the bar at the bottom.</p>
          <Link to="/product-category" className="btn-primary min-h-11 px-6">
            Browse products
          </Link>
        </div>
      </div>
    );
  }
  if (query.isError) return <ErrorPage status={errorStatus(query.error)} message={errorMessage(query.error)} />;
  if (!reply) {
    return (
      <div className="page" role="status">
        Loading ...
      </div>
    );
  }
  if (reply.products.length === 0) {
    return (
      <div className="page">
        <div className="card mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center">
          <h1 className="text-2xl font-bold text-zinc-900">Nothing to compare yet</h1>
          <p className="text-zinc-700">The products in this link are no longer on sale.</p>
          <Link to="/product-category" className="btn-primary min-h-11 px-6">
            Browse products
          </Link>
        </div>
      </div>
    );
  }

  const label = reply.category?.label ?? '';
  const missing = ids.filter((id) => !reply.products.some((p) => p._id === id) && !reply.leftOut.some((p) => p._id === id)).length;
  const notes = [
    reply.leftOut.length > 0
      ? `Only ${label} are compared: ${reply.leftOut.map((p) => `${p.productName} (${categoryLabel(p.category)})`).join(', ')} ${reply.leftOut.length === 1 ? 'was' : 'were'} left out.`
      : null,
    missing > 0 ? `${missing} ${missing === 1 ? 'product is' : 'products are'} no longer on sale and ${missing === 1 ? 'was' : 'were'} left out.` : null,
    cut ? 'Only the first four products are compared.' : null,
  ].filter((note): note is string => note !== null);

  return (
    <div className="page flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-zinc-900">{`Compare ${label}`}</h1>
        {/* A GET form with the address's own names: without scripts, "Apply" shows only the differences the same way. */}
        <form action="/compare" method="get" onSubmit={(event) => event.preventDefault()}>
          <input type="hidden" name="ids" value={reply.products.map((p) => p._id).join(',')} />
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-zinc-800">
            <input
              type="checkbox"
              name="diff"
              value="1"
              className="size-4 accent-brand-700"
              checked={onlyDifferences}
              onChange={(event) =>
                setSearch(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (event.target.checked) next.set('diff', '1');
                    else next.delete('diff');
                    return next;
                  },
                  { replace: true, preventScrollReset: true },
                )
              }
            />
            Show only differences
          </label>
          <noscript>
            <button type="submit" className="btn-outline min-h-9 px-3 text-sm">
              Apply
            </button>
          </noscript>
        </form>
      </div>
      {notes.length > 0 ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" role="status" data-testid="compare-notes">
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
      <CompareTable reply={reply} onlyDifferences={onlyDifferences} onAddToCart={(p) => void cart.add(p)} addingId={cart.addingId} />
    </div>
  );
}
