import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { labelIn, type Category } from '../../../../shared/categories';
import { formatINR } from '../../../../shared/money';
import { FACT_LABELS, missingFacts } from '../../../../shared/product-facts';
import type { AdminProduct, AdminProductView } from '../../../../shared/schemas/admin';
import { ArchiveIcon, PencilIcon, PlusIcon } from '../../../components/icons';
import { ProductImage } from '../../../components/product/product-image';
import { errorMessage } from '../../../lib/trpc';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminCategories } from '../api/use-admin-categories';
import { EDIT_PRODUCT_PARAM, useAdminProduct, useAdminProducts } from '../api/use-admin-products';
import { useArchiveProduct, useRestoreProduct } from '../api/use-save-product';
import { ModalDialog } from './modal-dialog';
import { ProductFormDialog } from './product-form-dialog';
import { StockHistoryDialog } from './stock-history-dialog';

export const PRODUCT_ARCHIVED_MESSAGE = 'Product archived';
export const PRODUCT_RESTORED_MESSAGE = 'Product restored';

function AdminProductCard({
  product,
  onEdit,
  onArchive,
  onRestore,
  restoring,
  onHistory,
}: {
  product: AdminProduct;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
  restoring: boolean;
  onHistory: () => void;
}) {
  const categories = useAdminCategories().data;
  // A product on sale without the facts its page must show (made before them, or by the spec's /api client).
  const missing = product.archived ? [] : missingFacts(product.facts);
  return (
    <li className="card flex flex-col overflow-hidden" data-testid="admin-product" data-product-id={product._id}>
      <div className="relative aspect-square bg-zinc-100">
        <ProductImage url={product.productImage[0]} alt={product.productName} sizes="220px" width={320} height={320} className="size-full object-contain p-3 mix-blend-multiply" />
        {product.archived ? <span className="absolute left-2 top-2 rounded-full bg-zinc-800 px-2 py-0.5 text-xs font-bold text-white">Archived</span> : null}
        {!product.archived && product.trackStock && product.stock <= 5 ? (
          <span className={`absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-bold ${product.stock === 0 ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}>
            {product.stock === 0 ? 'Sold out' : `${product.stock} left`}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 text-sm font-semibold" title={product.productName}>
          {product.productName}
        </h2>
        <p className="text-xs text-zinc-600">
          {product.brandName} · {labelIn(categories, product.category)} · {product.trackStock ? `Stock ${product.stock}` : 'Stock not tracked'}
        </p>
        {missing.length > 0 ? (
          <p
            className="self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900"
            title={`Missing: ${missing.map((field) => FACT_LABELS[field]).join(', ')}. Edit the product to add them.`}
            data-testid="facts-missing"
          >
            Legal details missing
          </p>
        ) : null}
        <button
          type="button"
          className="self-start rounded text-xs font-semibold text-brand-700 hover:underline"
          aria-label={`Stock history of ${product.productName}`}
          onClick={onHistory}
        >
          Stock history
        </button>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <div>
            {product.variantCount > 1 ? (
              <p className="text-xs font-semibold text-zinc-700" data-testid="admin-product-variants">
                {product.variantCount} variants
              </p>
            ) : null}
            <p className="font-bold text-brand-700" data-testid="admin-product-price">
              {product.variantCount > 1 && product.priceMin !== product.priceMax
                ? `${formatINR(product.priceMin)} – ${formatINR(product.priceMax)}`
                : formatINR(product.sellingPrice)}
            </p>
          </div>
          <div className="flex gap-1">
            {!product.archived ? (
              <button
                type="button"
                className="icon-btn size-9 bg-zinc-100 text-zinc-800 hover:bg-red-700 hover:text-white"
                aria-label={`Archive ${product.productName}`}
                onClick={onArchive}
              >
                <ArchiveIcon className="size-4" />
              </button>
            ) : (
              <button type="button" className="btn-outline h-9 px-3 text-xs" aria-label={`Restore ${product.productName}`} onClick={onRestore} disabled={restoring}>
                Restore
              </button>
            )}
            <button
              type="button"
              className="icon-btn size-9 bg-emerald-100 text-emerald-900 hover:bg-emerald-600 hover:text-white"
              aria-label={`Edit ${product.productName}`}
              onClick={onEdit}
            >
              <PencilIcon className="size-4" />
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

/** All products: search, category and archive filters, the card grid, and the upload / edit / archive / stock history dialogs. */
export function AdminProducts() {
  const searchId = useId();
  const categoryId = useId();
  const viewId = useId();
  const [search, setSearch] = useState('');
  // '' for every category.
  const [category, setCategory] = useState<Category>('');
  const categories = useAdminCategories();
  const [view, setView] = useState<AdminProductView>('active');
  const q = useDebouncedValue(search.trim(), 300);
  const products = useAdminProducts({ q, category, view });
  const [dialog, setDialog] = useState<
    { kind: 'upload' } | { kind: 'edit'; product: AdminProduct } | { kind: 'archive'; product: AdminProduct } | { kind: 'history'; product: AdminProduct } | null
  >(null);
  const archive = useArchiveProduct();
  const restore = useRestoreProduct();
  // `?edit=<id>` (a link in the low-stock mail) opens that product's form once it has loaded.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(EDIT_PRODUCT_PARAM);
  const linked = useAdminProduct(linkedId);
  const [openedLink, setOpenedLink] = useState<string | null>(null);
  const linkedProduct = linked.data?.items[0];
  if (linkedId !== null && linkedProduct && openedLink !== linkedId) {
    setOpenedLink(linkedId);
    setDialog({ kind: 'edit', product: linkedProduct });
  }
  const closeEdit = () => {
    setDialog(null);
    if (linkedId !== null)
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(EDIT_PRODUCT_PARAM);
          return next;
        },
        { replace: true },
      );
  };

  const items = products.data?.pages.flatMap((page) => page.items) ?? [];

  const confirmArchive = async (product: AdminProduct) => {
    try {
      await archive.mutateAsync({ productId: product._id });
      toast.success(`${PRODUCT_ARCHIVED_MESSAGE}: ${product.productName}`);
      setDialog(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  // No confirmation: restoring only undoes an archive, and archiving again is one click away.
  const restoreProduct = async (product: AdminProduct) => {
    try {
      await restore.mutateAsync({ productId: product._id });
      toast.success(`${PRODUCT_RESTORED_MESSAGE}: ${product.productName}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="all-products-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="all-products-heading" className="text-2xl font-bold tracking-tight">
          All Products
        </h1>
        <button type="button" className="btn-outline" onClick={() => setDialog({ kind: 'upload' })}>
          <PlusIcon className="size-4" />
          Upload Product
        </button>
      </div>

      <div className="card grid grid-cols-[1fr_14rem_10rem] gap-4 p-4" role="search" aria-label="Filter products">
        <div>
          <label htmlFor={searchId} className="label">
            Search name or brand
          </label>
          <input id={searchId} type="search" className="field" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div>
          <label htmlFor={categoryId} className="label">
            Category
          </label>
          <select id={categoryId} className="field" value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">All categories</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.value} value={c.value}>
                {c.hidden ? `${c.label} (hidden)` : c.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={viewId} className="label">
            Show
          </label>
          <select id={viewId} className="field" value={view} onChange={(event) => setView(event.target.value as AdminProductView)}>
            <option value="active">On sale</option>
            <option value="archived">Archived</option>
            <option value="all">All</option>
          </select>
        </div>
      </div>

      {products.isPending ? (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-4" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="skeleton h-80" />
          ))}
        </ul>
      ) : products.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(products.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="card px-4 py-10 text-center text-zinc-700">No products match.</p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-4" aria-busy={products.isFetching} aria-label="Products">
          {items.map((product) => (
            <AdminProductCard
              key={product._id}
              product={product}
              onEdit={() => setDialog({ kind: 'edit', product })}
              onArchive={() => setDialog({ kind: 'archive', product })}
              onRestore={() => void restoreProduct(product)}
              restoring={restore.isPending && restore.variables?.productId === product._id}
              onHistory={() => setDialog({ kind: 'history', product })}
            />
          ))}
        </ul>
      )}

      {products.hasNextPage ? (
        <button type="button" className="btn-outline self-center" disabled={products.isFetchingNextPage} onClick={() => void products.fetchNextPage()}>
          {products.isFetchingNextPage ? 'Loading ...' : 'Load more products'}
        </button>
      ) : null}

      {dialog?.kind === 'upload' ? <ProductFormDialog onClose={() => setDialog(null)} /> : null}
      {linkedId !== null && linked.data && !linkedProduct ? (
        <p role="alert" className="card px-4 py-3 text-sm text-red-800">
          The product of this link was not found: it may have been deleted.
        </p>
      ) : null}
      {dialog?.kind === 'edit' ? <ProductFormDialog key={dialog.product._id} product={dialog.product} onClose={closeEdit} /> : null}
      {dialog?.kind === 'history' ? <StockHistoryDialog product={dialog.product} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'archive' ? (
        <ModalDialog title="Archive product?" onClose={() => setDialog(null)} widthClassName="max-w-md">
          <p className="text-sm text-zinc-700">
            <strong>{dialog.product.productName}</strong> will be taken off sale: shoppers no longer see it or can buy it. Past orders keep their copy of it.
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={() => setDialog(null)}>
              Keep it
            </button>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={archive.isPending} onClick={() => void confirmArchive(dialog.product)}>
              Archive
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
