import { isColourOption, type ProductOption } from '../../shared/schemas/variants';
import type { ArtSpec } from './demo-art';

/**
 * The demo products that come in several variants, by the demo product's name: a phone by
 * storage × colour, a TV by screen size, a watch by strap. The first variant is the demo
 * product's own (its prices and stock); combinations not listed are not sold. Pure data.
 * Prices in integer paise.
 */
export type DemoVariant = { sku: string; optionValues: string[]; price: number; sellingPrice: number; stock: number };
export type DemoVariants = { options: ProductOption[]; variants: DemoVariant[] };

const rupees = (r: number) => r * 100;

export const DEMO_VARIANTS: Readonly<Record<string, DemoVariants>> = {
  'Samsung Galaxy S24 5G (8GB RAM)': {
    options: [
      { name: 'Storage', values: [{ value: '128 GB' }, { value: '256 GB' }, { value: '512 GB' }] },
      {
        name: 'Colour',
        values: [
          { value: 'Onyx Black', swatch: '#2b2d33' },
          { value: 'Marble Grey', swatch: '#b8b9bd' },
          { value: 'Cobalt Violet', swatch: '#6d5fa8' },
        ],
      },
    ],
    variants: [
      { sku: 'DEMO-S24-256-BLK', optionValues: ['256 GB', 'Onyx Black'], price: rupees(89999), sellingPrice: rupees(74999), stock: 23 },
      { sku: 'DEMO-S24-256-GRY', optionValues: ['256 GB', 'Marble Grey'], price: rupees(89999), sellingPrice: rupees(74999), stock: 6 },
      { sku: 'DEMO-S24-128-BLK', optionValues: ['128 GB', 'Onyx Black'], price: rupees(79999), sellingPrice: rupees(64999), stock: 14 },
      { sku: 'DEMO-S24-128-VLT', optionValues: ['128 GB', 'Cobalt Violet'], price: rupees(79999), sellingPrice: rupees(64999), stock: 0 },
      { sku: 'DEMO-S24-512-BLK', optionValues: ['512 GB', 'Onyx Black'], price: rupees(99999), sellingPrice: rupees(86999), stock: 3 },
    ],
  },
  'Sony Bravia X74L 4K Ultra HD Smart LED Google TV': {
    options: [{ name: 'Screen size', values: [{ value: '43 inches' }, { value: '50 inches' }, { value: '55 inches' }, { value: '65 inches' }] }],
    variants: [
      { sku: 'DEMO-KD55X74L', optionValues: ['55 inches'], price: rupees(99900), sellingPrice: rupees(57990), stock: 15 },
      { sku: 'DEMO-KD43X74L', optionValues: ['43 inches'], price: rupees(59900), sellingPrice: rupees(36990), stock: 21 },
      { sku: 'DEMO-KD50X74L', optionValues: ['50 inches'], price: rupees(85900), sellingPrice: rupees(49990), stock: 9 },
      { sku: 'DEMO-KD65X74L', optionValues: ['65 inches'], price: rupees(139900), sellingPrice: rupees(79990), stock: 4 },
    ],
  },
  'Apple Watch Series 9 GPS 45mm Midnight Aluminium Case': {
    options: [{ name: 'Strap', values: [{ value: 'Sport Band' }, { value: 'Sport Loop' }, { value: 'Braided Solo Loop' }] }],
    variants: [
      { sku: 'DEMO-AW9-45-SB', optionValues: ['Sport Band'], price: rupees(44900), sellingPrice: rupees(41900), stock: 18 },
      { sku: 'DEMO-AW9-45-SL', optionValues: ['Sport Loop'], price: rupees(44900), sellingPrice: rupees(41900), stock: 7 },
      { sku: 'DEMO-AW9-45-BSL', optionValues: ['Braided Solo Loop'], price: rupees(53900), sellingPrice: rupees(50900), stock: 2 },
    ],
  },
};

/** What a colour's own pictures are known by: the demo product's key and the colour value. */
export function colourArtKey(productKey: string, colour: string): string {
  return `${productKey}:colour:${colour}`;
}

/**
 * The illustrations of each colour of a demo product sold in colours (a Colour option with
 * swatches): the product's own art with the swatch as the body colour, same views, angles and
 * backdrop seed, so the colours look like one product. A colour whose swatch is the art's body
 * gives the product's own pictures (the same drawings, rendered once). [] without a Colour option.
 */
export function demoColourArt(product: { key: string; art: ArtSpec }, demo: DemoVariants | undefined): { key: string; colour: string; art: ArtSpec }[] {
  const colour = demo?.options.find((o) => isColourOption(o.name));
  if (!colour) return [];
  return colour.values.filter((v) => v.swatch).map((v) => ({ key: colourArtKey(product.key, v.value), colour: v.value, art: { ...product.art, body: v.swatch as string } }));
}

/** The colour value of a demo variant (its Colour option's), or undefined. */
export function demoVariantColour(demo: DemoVariants, variant: DemoVariant): string | undefined {
  const index = demo.options.findIndex((o) => isColourOption(o.name));
  return index < 0 ? undefined : variant.optionValues[index];
}
