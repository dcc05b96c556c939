import { lazy, Suspense } from 'react';
import { BannerCarousel } from '../../components/banner/banner-carousel';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { useSetupStatus } from '../../features/admin/api/use-setup-status';
import { useBanners } from '../../features/catalog/api/use-banners';
import { useCategoryBubbles } from '../../features/catalog/api/use-category-bubbles';
import { CategoryBubbles } from '../../features/catalog/components/category-bubbles';
import { CategoryStrip } from '../../features/catalog/components/category-strip';
import { useCategories } from '../../lib/use-categories';
import { homeRowsOf, labelIn } from '../../../shared/categories';
import { useAddToCartAction } from '../../features/cart/hooks/use-add-to-cart-action';
import { HOME_TITLE } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHydrated } from '../../lib/use-hydrated';

// Only an admin of an empty shop ever sees it, and only after hydration: its code stays out of
// the home page's first download (bench:web's 120 KB budget).
const SetupChecklist = lazy(() => import('../../features/admin/components/setup-checklist').then((m) => ({ default: m.SetupChecklist })));

export function HomeRoute() {
  useDocumentTitle(HOME_TITLE);
  const bubbles = useCategoryBubbles();
  // The owner's categories: the bubbles' labels and the home rows (heading, cards, order).
  const categories = useCategories();
  const rows = homeRowsOf(categories.data ?? []);
  const banners = useBanners();
  const cart = useAddToCartAction();
  const onAddToCart = (product: { _id: string }) => void cart.add(product);
  // The owner's checklist is personal: the server renders the page for a visitor, and it is
  // asked for (by admins only) once the page has hydrated.
  const hydrated = useHydrated();
  const { user } = useCurrentUser();
  const setup = useSetupStatus({ enabled: hydrated && user?.role === 'ADMIN' });
  const emptyShop = hydrated && user?.role === 'ADMIN' && setup.data?.productsOnSale === 0;

  return (
    <div className="page flex flex-col gap-4">
      <h1 className="sr-only">Voltmart: shop phones, audio, TVs and appliances</h1>
      <CategoryBubbles status={bubbles.status} items={bubbles.data} labelOf={(value) => labelIn(categories.data, value)} />
      {banners.data ? (
        <BannerCarousel desktop={banners.data.desktop} mobile={banners.data.mobile} />
      ) : (
        // Same box as the carousel, so nothing below moves when the banners arrive.
        <div aria-hidden="true">
          <div className="aspect-square w-full rounded-2xl bg-zinc-200 md:aspect-[24/7]" />
          <div className="mt-2 h-8" />
        </div>
      )}
      {emptyShop && setup.data ? (
        // Nothing is on sale: the steps to a working shop, in place of ten rows with nothing in them.
        <Suspense fallback={null}>
          <SetupChecklist status={setup.data} />
        </Suspense>
      ) : (
        rows.map((row) => (
          <CategoryStrip key={row.category} category={row.category} heading={row.heading} variant={row.cards} onAddToCart={onAddToCart} addingId={cart.addingId} hideWhenEmpty />
        ))
      )}
    </div>
  );
}
