import { describe, expect, it } from 'vitest';
import { productArtSvgs } from './demo-art';
import { DEMO_PRODUCTS } from './demo-catalog';
import { colourArtKey, demoColourArt, demoVariantColour, DEMO_VARIANTS } from './demo-variants';

describe('demo pictures per colour', () => {
  const phone = DEMO_PRODUCTS.find((p) => p.productName === 'Samsung Galaxy S24 5G (8GB RAM)');
  if (!phone) throw new Error('the demo phone is missing');
  const demo = DEMO_VARIANTS[phone.productName];

  it('draws each colour of the phone with its swatch as the body, in the product’s own views', () => {
    const arts = demoColourArt(phone, demo);
    expect(arts.map((a) => [a.colour, a.art.body, a.key])).toEqual([
      ['Onyx Black', '#2b2d33', colourArtKey(phone.key, 'Onyx Black')],
      ['Marble Grey', '#b8b9bd', colourArtKey(phone.key, 'Marble Grey')],
      ['Cobalt Violet', '#6d5fa8', colourArtKey(phone.key, 'Cobalt Violet')],
    ]);
    const own = productArtSvgs(phone.art);
    const grey = productArtSvgs(arts[1]!.art);
    expect(grey).toHaveLength(own.length);
    expect(grey[0]).toContain('#b8b9bd');
    expect(grey[0]).not.toEqual(own[0]);
    // Onyx Black is the product's own body colour: the same drawings (rendered once by the seed).
    expect(productArtSvgs(arts[0]!.art)).toEqual(own);
  });

  it('leaves products without a Colour option alone, and reads a variant’s colour', () => {
    const tv = DEMO_PRODUCTS.find((p) => DEMO_VARIANTS[p.productName]?.options[0]?.name === 'Screen size');
    expect(tv && demoColourArt(tv, DEMO_VARIANTS[tv.productName])).toEqual([]);
    expect(demoColourArt(phone, undefined)).toEqual([]);
    if (!demo) throw new Error('the demo phone has no variants');
    expect(demo.variants.map((v) => demoVariantColour(demo, v))).toEqual(['Onyx Black', 'Marble Grey', 'Onyx Black', 'Cobalt Violet', 'Onyx Black']);
  });
});
