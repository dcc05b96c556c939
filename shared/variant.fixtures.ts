import type { ProductOption, ProductVariant } from './schemas/variants';

/**
 * A phone by storage × colour as catalog.details returns it (the demo's Galaxy S24): five of
 * nine combinations sold, 128 GB Cobalt Violet sold out, 128 GB Onyx Black with pictures of its
 * own. For the picker's tests.
 */
const img = (c: string) => `/images/${c.repeat(32)}.webp`;

export const S24_OPTIONS: ProductOption[] = [
  { name: 'Storage', values: [{ value: '128 GB' }, { value: '256 GB' }, { value: '512 GB' }] },
  {
    name: 'Colour',
    values: [
      { value: 'Onyx Black', swatch: '#2b2d33' },
      { value: 'Marble Grey', swatch: '#b8b9bd' },
      { value: 'Cobalt Violet', swatch: '#6d5fa8' },
      { value: 'Jade Green', swatch: '#3f7f63' },
    ],
  },
];

const variant = (position: number, sku: string, optionValues: string[], mrp: number, selling: number, stock: number, images: string[] = []): ProductVariant => ({
  _id: `v-${sku}`,
  sku,
  ean: null,
  optionValues,
  label: optionValues.join(', '),
  price: mrp * 100,
  sellingPrice: selling * 100,
  stock,
  trackStock: true,
  inStock: stock > 0,
  weightGrams: null,
  images,
  position,
});

export const S24_VARIANTS: ProductVariant[] = [
  variant(0, 'S24-256-BLK', ['256 GB', 'Onyx Black'], 89_999, 74_999, 10),
  variant(1, 'S24-256-GRY', ['256 GB', 'Marble Grey'], 89_999, 73_999, 4),
  variant(2, 'S24-128-BLK', ['128 GB', 'Onyx Black'], 79_999, 64_999, 10, [img('d'), img('e')]),
  variant(3, 'S24-128-VLT', ['128 GB', 'Cobalt Violet'], 79_999, 62_999, 0),
  variant(4, 'S24-512-BLK', ['512 GB', 'Onyx Black'], 99_999, 86_999, 3),
];

export const S24_PRODUCT = {
  _id: 'p-s24',
  productName: 'Samsung Galaxy S24 5G',
  brandName: 'Samsung',
  category: 'mobiles',
  description: 'A compact flagship.',
  productImage: [img('a'), img('b'), img('c')],
  // The summary variant's (the cheapest that can be bought): 128 GB Onyx Black.
  price: 7_999_900,
  sellingPrice: 6_499_900,
  stock: 10,
  trackStock: true,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  priceMin: 6_299_900,
  priceMax: 8_699_900,
  variantCount: 5,
  colourCount: 3,
  options: S24_OPTIONS,
  variants: S24_VARIANTS,
};
