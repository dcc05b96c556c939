import { Link } from 'react-router';
import { compareAddress, compareRows, compareStockText, type CompareProduct, type CompareReply } from '../../../shared/compare';
import { formatINR } from '../../../shared/money';
import { ProductImage } from '../../components/product/product-image';

/*
 * The compare page's table: a column per product (picture, name, price, MRP, stock, a button,
 * remove), then a row per attribute of the category's template and the legal facts. Rows whose
 * values differ are highlighted, with words for screen readers. On a phone two columns show at a
 * time and the table scrolls sideways, snapping to a column, with the attribute names stuck to
 * the left; from 1024 px every column shows side by side.
 */

/** Phone: the names' column is 6rem, and two product columns share the rest of the screen (page padding 2 × 1rem). */
const COLUMN = '[overflow-wrap:anywhere] w-[calc((100vw-8rem)/2)] min-w-[calc((100vw-8rem)/2)] sm:w-56 sm:min-w-56 lg:w-auto lg:min-w-0';
const LABEL = '[overflow-wrap:anywhere] sticky left-0 z-10 w-24 min-w-24 border-r border-zinc-200 bg-white text-left align-top lg:w-48 lg:min-w-48';

export interface CompareTableProps {
  reply: Pick<CompareReply, 'template' | 'products'>;
  /** Only the rows whose values differ. */
  onlyDifferences: boolean;
  /** The add-to-cart of a product sold one way; `adding`: the product whose add is in flight. */
  onAddToCart: (product: CompareProduct) => void;
  addingId?: string | null;
}

function priceText(p: CompareProduct): string {
  const from = p.priceMin !== undefined && p.priceMax !== undefined && p.priceMin < p.priceMax;
  return from ? `from ${formatINR(p.priceMin as number)}` : formatINR(p.sellingPrice);
}

function mrpText(p: CompareProduct): string {
  return p.mrpMin < p.mrpMax ? `${formatINR(p.mrpMin)} – ${formatINR(p.mrpMax)}` : formatINR(p.mrpMin);
}

export function CompareTable({ reply, onlyDifferences, onAddToCart, addingId = null }: CompareTableProps) {
  const ids = reply.products.map((p) => p._id);
  const rows = compareRows(reply);
  const shown = onlyDifferences ? rows.filter((row) => row.differs) : rows;
  const differing = rows.filter((row) => row.differs).length;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-700" data-testid="difference-count">
        {reply.products.length < 2
          ? 'Add another product to see where they differ.'
          : rows.length === 0
            ? 'These products have no specifications to compare yet.'
            : differing === 0
              ? 'These products have the same specifications.'
              : `${differing} of ${rows.length} specifications differ (highlighted).`}
      </p>
      <div
        className="relative snap-x snap-mandatory scroll-pl-24 overflow-x-auto lg:scroll-pl-48"
        data-testid="compare-scroller"
        tabIndex={0}
        aria-label="Comparison table, scrolls sideways"
      >
        <table className="w-max border-separate border-spacing-0 text-sm lg:w-full lg:table-fixed" data-testid="compare-table">
          <caption className="sr-only">Specifications side by side; rows whose values differ are marked “values differ”.</caption>
          <thead>
            <tr>
              <td className={`${LABEL} border-b p-2 align-bottom text-xs text-zinc-600`}>
                {reply.products.length > 2 ? <span className="lg:hidden">Swipe sideways for more →</span> : null}
              </td>
              {reply.products.map((p) => (
                <th key={p._id} scope="col" className={`${COLUMN} snap-start border-b border-zinc-200 px-1.5 py-2 text-left align-top font-normal`} data-testid="compare-column">
                  <div className="flex h-full flex-col gap-1.5">
                    <div className="aspect-square w-full max-w-48 overflow-hidden rounded-lg bg-zinc-100">
                      <ProductImage url={p.productImage[0]} alt="" sizes="(min-width: 1024px) 240px, 45vw" eager className="size-full object-contain p-2 mix-blend-multiply" />
                    </div>
                    <Link to={`/product/${p._id}`} className="line-clamp-3 font-semibold text-zinc-900 hover:text-brand-700" data-testid="compare-name">
                      {p.productName}
                    </Link>
                    <p className="font-bold text-brand-700">
                      <span className="sr-only">Price: </span>
                      {priceText(p)}
                    </p>
                    <p className="text-xs text-zinc-700">M.R.P.: {mrpText(p)}</p>
                    <p className={`text-xs font-medium ${p.inStock ? 'text-green-800' : 'text-red-700'}`}>{compareStockText(p)}</p>
                    <div className="mt-auto flex flex-col gap-1 pt-1">
                      {(p.variantCount ?? 1) <= 1 && p.inStock ? (
                        <button type="button" className="btn-primary min-h-9 px-2 text-xs" onClick={() => onAddToCart(p)} disabled={addingId === p._id}>
                          Add to cart
                        </button>
                      ) : (
                        <Link to={`/product/${p._id}`} className="btn-outline min-h-9 px-2 text-xs">
                          {(p.variantCount ?? 1) > 1 ? 'View options' : 'View'}
                        </Link>
                      )}
                      <Link
                        to={compareAddress(
                          ids.filter((id) => id !== p._id),
                          onlyDifferences,
                        )}
                        replace
                        className="text-center text-xs text-zinc-600 underline"
                        aria-label={`Remove ${p.productName} from comparison`}
                      >
                        Remove
                      </Link>
                    </div>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key} data-row={row.key} data-differs={row.differs ? 'true' : undefined}>
                <th scope="row" className={`${LABEL} border-b p-2 font-medium text-zinc-700 ${row.differs ? 'border-l-4 border-l-amber-500 bg-amber-50' : ''}`}>
                  {row.label}
                  {row.differs ? <span className="sr-only"> (values differ)</span> : null}
                </th>
                {row.cells.map((cell, i) => (
                  <td
                    key={ids[i]}
                    className={`snap-start border-b [overflow-wrap:anywhere] border-zinc-100 px-1.5 py-2 align-top text-zinc-900 ${row.differs ? 'bg-amber-50 font-medium' : ''}`}
                  >
                    {cell ?? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">not given</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {onlyDifferences && shown.length === 0 ? <p className="text-sm text-zinc-700">No specification differs.</p> : null}
    </div>
  );
}
