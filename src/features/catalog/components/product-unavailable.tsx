import { Link } from 'react-router';
import { labelIn } from '../../../../shared/categories';
import { useCategories } from '../../../lib/use-categories';
import { pageTitle } from '../../../lib/page-titles';
import { trpc } from '../../../lib/trpc';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The page of a product that is not on sale (archived, or never was): a shopper who followed an
 * old link, a bookmark or a search engine learns what happened and where to look instead, not
 * 'Unexpected Application Error!'. An archived product is named, with a link to its category.
 */
export function ProductUnavailable({ productId }: { productId: string }) {
  const gone = trpc.catalog.unavailable.useQuery({ productId }, { retry: false });
  const product = gone.data ?? null;
  const categories = useCategories().data;
  const categoryLabel = (value: string) => labelIn(categories, value);
  useDocumentTitle(pageTitle(product ? `${product.productName}: no longer available` : 'Product not found'));

  return (
    <section className="page flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center" aria-labelledby="unavailable-heading">
      <h1 id="unavailable-heading" className="text-2xl font-bold text-zinc-900 sm:text-3xl">
        {product ? 'This product is no longer available' : 'We could not find this product'}
      </h1>
      <p className="max-w-prose text-lg text-zinc-700" data-testid="unavailable-detail">
        {product
          ? `${product.productName} is no longer sold here. Similar products may be in ${categoryLabel(product.category)}.`
          : 'The link may be mistyped, or the product was taken off the shop.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {product ? (
          <Link to={`/product-category?category=${encodeURIComponent(product.category)}`} className="btn-primary">
            See {categoryLabel(product.category)}
          </Link>
        ) : (
          <Link to="/product-category" className="btn-primary">
            Browse all products
          </Link>
        )}
        <Link to="/" className="btn-outline">
          Back to home
        </Link>
      </div>
    </section>
  );
}
