import { CATEGORIES, SPEC_CATEGORY_INFO, type Category } from '../../../shared/categories';
import { PRICE_BANDS } from '../../../shared/facets';
import type { Product } from '../../../shared/schemas/catalog';
import type { ProductOffers } from '../../../shared/schemas/offers-panel';

/** Catalogue data for server/routes/pages/hydration.test.ts: what a page's shared procedures would answer. */
export const product = (id: string, category: Category, name: string): Product => ({
  _id: id,
  productName: name,
  brandName: 'Acme',
  category,
  productImage: [`/images/${'a'.repeat(32)}.webp`],
  description: 'A product for the hydration test.',
  price: 1_999_900,
  sellingPrice: 1_499_900,
  stock: 4,
  trackStock: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

/** What the page's shared procedures would answer, by path. */
export function answers(path: string, input: unknown): unknown {
  const items = [product('p1', 'mobiles', 'Hydrated Phone'), product('p2', 'mobiles', 'Second Phone')];
  switch (path) {
    case 'catalog.details':
      return product((input as { productId: string }).productId, 'mobiles', 'Hydrated Phone');
    case 'catalog.offers': {
      // The offers panel (issue 30): hydrated as the server rendered it.
      const productId = (input as { productId: string }).productId;
      return {
        productId,
        variants: {
          [productId]: {
            coupons: [
              { code: 'SAVE1000', kind: 'amount', amountPaise: 100_000, percentBp: null, capPaise: null, minCartPaise: 2_000_000, firstOrderOnly: false, usesPerShopper: 1 },
            ],
            sale: null,
            prepaidSavingPaise: 10_000,
            emi: [{ bank: 'HDFC Bank', months: 12, monthly: 124_991, interestPaise: 10_011 }],
          },
        },
        bankOffers: [],
        validUntil: null,
      } satisfies ProductOffers;
    }
    case 'catalog.banners':
      return {
        desktop: [{ _id: 'b1', imageUrl: `/images/${'b'.repeat(32)}.webp`, alt: 'A banner', link: '/product-category?category=mobiles', position: 0, kind: 'desktop' }],
        // A list of its own for phones: both carousels are in the page, and both must hydrate.
        mobile: [{ _id: 'm1', imageUrl: `/images/${'c'.repeat(32)}.webp`, alt: 'A phone banner', link: 'https://example.com/offer', position: 0, kind: 'mobile' }],
      };
    case 'catalog.categories':
      return SPEC_CATEGORY_INFO;
    case 'catalog.categoryBubbles':
      return CATEGORIES.slice(0, 4).map((c, i) => product(`bubble-${i}`, c.value, `${c.label} pick`));
    case 'catalog.facets':
      return {
        total: 2,
        brands: [{ name: 'Acme', count: 2 }],
        priceBands: PRICE_BANDS.map((band) => ({ id: band.id, label: band.label, count: band.id === '10000-20000' ? 2 : 0 })),
        inStock: 2,
      };
    default:
      return { items, nextCursor: null };
  }
}

/** The pages the test hydrates. */
export const RENDERED_PAGES = [
  '/',
  '/product/p1',
  '/product-category?category=mobiles&sort=asc',
  // Refined by brand, price band and stock: the list's input carries them, the facets' does not.
  '/product-category?category=mobiles&brand=Acme&price=10000-20000&instock=1',
  '/product-category?brand=Acme',
  '/search?q=phone',
  '/search?q=phone&brand=Acme&instock=1',
  '/login',
  '/no-such-page',
];
