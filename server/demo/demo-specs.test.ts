import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from './demo-catalog';
import { DEMO_CATEGORIES } from './demo-categories';
import { DEMO_VARIANTS } from './demo-variants';
import { demoSpecs, demoVariantSpecs } from './demo-specs';
import { normalizeSpecValue } from '../../shared/specs';

const templateOf = (category: string) => DEMO_CATEGORIES.find((c) => c.value === category)?.template ?? [];

describe('demo spec values', () => {
  it('gives every demo product values its category’s template accepts, most of its filters filled', () => {
    for (const product of DEMO_PRODUCTS) {
      const template = templateOf(product.category);
      const values = demoSpecs(product, template, DEMO_PRODUCTS);
      expect(Object.keys(values).length, product.productName).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(values)) {
        const attribute = template.find((a) => a.key === key);
        expect(attribute, `${product.productName}: ${key}`).toBeDefined();
        expect(normalizeSpecValue(attribute!, value), `${product.productName}: ${key}`).toEqual({ ok: true, value });
      }
      const filters = template.filter((a) => a.filter && !a.perVariant);
      expect(
        filters.every((a) => values[a.key] !== undefined),
        product.productName,
      ).toBe(true);
    }
  });

  it('reads what the texts state: the Galaxy S24’s RAM, 5G and screen; its variants’ storage and colour', () => {
    const s24 = DEMO_PRODUCTS.find((p) => p.productName.startsWith('Samsung Galaxy S24 5G'))!;
    const template = templateOf('mobiles');
    expect(demoSpecs(s24, template, DEMO_PRODUCTS)).toMatchObject({ ram: 8, five_g: true, screen: 6.2, camera: 50 });
    const demo = DEMO_VARIANTS[s24.productName]!;
    const names = demo.options.map((o) => o.name);
    expect(demoVariantSpecs(template, names, ['256 GB', 'Onyx Black'])).toEqual({ storage: 256, colour: 'Black' });
  });
});
