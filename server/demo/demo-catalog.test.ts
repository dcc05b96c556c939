import { describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '../../shared/categories';
import { ProductInputSchema } from '../../shared/schemas/catalog';
import { CATEGORY_DEVICE, DEMO_BANNERS, DEMO_PRODUCTS } from './demo-catalog';

describe('the demo catalogue', () => {
  it('has at least ten products in each of the twelve categories, with unique keys and names', () => {
    for (const category of CATEGORY_VALUES) {
      expect(DEMO_PRODUCTS.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(10);
    }
    expect(new Set(DEMO_PRODUCTS.map((p) => p.key)).size).toBe(DEMO_PRODUCTS.length);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.productName)).size).toBe(DEMO_PRODUCTS.length);
  });

  it('passes the same validation as an admin upload', () => {
    for (const p of DEMO_PRODUCTS) {
      const result = ProductInputSchema.safeParse({ ...p, productImage: ['/images/0123456789abcdef0123456789abcdef.webp'] });
      expect(result.success, `${p.key}: ${result.error?.message ?? ''}`).toBe(true);
    }
  });

  it('has descriptions of 2 to 4 sentences', () => {
    for (const p of DEMO_PRODUCTS) {
      const sentences = p.description.split(/(?<=[.!?])\s+(?=[A-Z0-9])/).filter((s) => s.trim().length > 0);
      expect(sentences.length, p.key).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.key).toBeLessThanOrEqual(4);
    }
  });

  it('prices each kind of product plausibly, in whole paise, mostly discounted', () => {
    const rupees = (paise: number) => paise / 100;
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.price) && Number.isInteger(p.sellingPrice), p.key).toBe(true);
      expect(p.sellingPrice).toBeLessThanOrEqual(p.price);
      if (p.category === 'earphones') expect(rupees(p.sellingPrice), p.key).toBeLessThan(5000);
      if (p.category === 'televisions') expect(rupees(p.sellingPrice), p.key).toBeGreaterThanOrEqual(10000);
      if (p.category === 'refrigerator') expect(rupees(p.sellingPrice), p.key).toBeGreaterThanOrEqual(10000);
    }
    const discounted = DEMO_PRODUCTS.filter((p) => p.sellingPrice < p.price).length;
    expect(discounted / DEMO_PRODUCTS.length).toBeGreaterThan(0.9);
  });

  it('has stock, including a few sold-out and a few low-stock products', () => {
    expect(DEMO_PRODUCTS.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(5);
    expect(DEMO_PRODUCTS.filter((p) => p.stock > 0 && p.stock <= 5).length).toBeGreaterThanOrEqual(5);
    expect(DEMO_PRODUCTS.every((p) => Number.isInteger(p.stock) && p.stock >= 0)).toBe(true);
  });

  it('draws each product as its category device in 2 to 4 views', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.art.kind).toBe(CATEGORY_DEVICE[p.category]);
      expect(p.art.views).toBeGreaterThanOrEqual(2);
      expect(p.art.views).toBeLessThanOrEqual(4);
    }
  });

  it('has five desktop and five mobile banners linking into the shop', () => {
    for (const kind of ['desktop', 'mobile'] as const) {
      const banners = DEMO_BANNERS.filter((b) => b.kind === kind);
      expect(banners.map((b) => b.position).sort()).toEqual([0, 1, 2, 3, 4]);
    }
    for (const b of DEMO_BANNERS) expect(b.link).toMatch(/^\/product-category\?category=/);
  });
});
