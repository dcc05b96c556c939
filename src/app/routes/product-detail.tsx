import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorPage } from '../../components/ui/error-page';
import { useProduct } from '../../features/catalog/api/use-product';
import { useProductOffers } from '../../features/catalog/api/use-product-offers';
import { CategoryStrip } from '../../features/catalog/components/category-strip';
import { DeliveryCheck } from '../../features/catalog/components/delivery-check';
import { ProductDetails, type DetailProduct } from '../../features/catalog/components/product-details';
import { ProductUnavailable } from '../../features/catalog/components/product-unavailable';
import { useAddToCartAction } from '../../features/cart/hooks/use-add-to-cart-action';
import { errorMessage, errorStatus } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CompareToggle } from '../../features/compare/compare-toggle';

export function Component() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const offers = useProductOffers(id);
  const cart = useAddToCartAction();
  const navigate = useNavigate();
  // The chosen variant lives in the address (`?variant=<SKU>`), so a shared link opens on it and
  // the server renders it; choosing replaces the address: no reload, no new history entry, no scroll.
  const [search, setSearch] = useSearchParams();
  const variantSku = search.get('variant');
  useDocumentTitle(product.data ? pageTitle(product.data.productName) : undefined);

  if (product.isError && errorStatus(product.error) === 404) return <ProductUnavailable productId={id} />;
  if (product.isError) {
    return <ErrorPage status={errorStatus(product.error)} message={errorMessage(product.error)} />;
  }

  const onBuy = async (item: DetailProduct, variantId?: string) => {
    if (await cart.add(item, variantId)) await navigate('/cart');
  };

  return (
    <div className="page flex flex-col gap-8">
      <ProductDetails
        product={product.data}
        variantSku={variantSku}
        onVariantChange={(variant) =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('variant', variant.sku);
              return next;
            },
            { replace: true, preventScrollReset: true },
          )
        }
        onAddToCart={(item, variantId) => void cart.add(item, variantId)}
        onBuy={(item, variantId) => void onBuy(item, variantId)}
        busy={cart.isPending}
        delivery={<DeliveryCheck />}
        offers={offers.data}
        compare={product.data ? <CompareToggle product={product.data} className="min-h-11" /> : null}
      />
      {product.data ? (
        <CategoryStrip
          category={product.data.category}
          heading="Recommended Product"
          variant="large"
          onAddToCart={(item) => void cart.add(item)}
          addingId={cart.addingId}
          excludeId={product.data._id}
        />
      ) : null}
    </div>
  );
}
