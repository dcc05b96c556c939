import { describe, expect, it } from 'vitest';
import { isIndia, missingFacts } from '../../shared/product-facts';
import { ProductFactsInputSchema } from '../../shared/schemas/catalog';
import { DEMO_PRODUCTS } from './demo-catalog';
import { demoFacts } from './demo-facts';

describe('the demo catalogue’s legal facts', () => {
  it('gives every demo product complete facts that pass the admin form’s own rules', () => {
    for (const p of DEMO_PRODUCTS) {
      const facts = demoFacts(p);
      expect(facts, `${p.key}: add its brand ${p.brandName} to demo-facts.ts`).toBeDefined();
      expect(missingFacts(facts!), p.key).toEqual([]);
      const checked = ProductFactsInputSchema.safeParse(facts);
      expect(checked.success, `${p.key}: ${checked.error?.message ?? ''}`).toBe(true);
    }
  });

  it('names an importer for imported goods only', () => {
    const all = DEMO_PRODUCTS.map((p) => ({ p, facts: demoFacts(p)! }));
    const imported = all.filter(({ facts }) => !isIndia(facts.countryOfOrigin!));
    const indian = all.filter(({ facts }) => isIndia(facts.countryOfOrigin!));
    expect(imported.length).toBeGreaterThan(20);
    expect(indian.length).toBeGreaterThan(20);
    for (const { p, facts } of imported) expect(facts.importerName, p.key).toBeTruthy();
    for (const { p, facts } of indian) expect([facts.importerName, facts.importerAddress], p.key).toEqual([null, null]);
  });

  it('is plausible: Indian brands made in India, a Samsung watch imported by Samsung India, longer warranties for appliances', () => {
    const facts = (brandName: string, category: string) => demoFacts({ brandName, category })!;
    expect(facts('boAt', 'speakers')).toMatchObject({ countryOfOrigin: 'India', importerName: null, warrantyMonths: 12, warrantyBy: 'boAt (manufacturer)' });
    expect(facts('Samsung', 'watches')).toMatchObject({
      countryOfOrigin: 'Vietnam',
      importerName: 'Samsung India Electronics Pvt. Ltd.',
      importerAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
    });
    expect(facts('Samsung', 'mobiles')).toMatchObject({
      countryOfOrigin: 'India',
      manufacturerName: 'Samsung India Electronics Pvt. Ltd.',
      netQuantity: expect.stringMatching(/^1 N: handset/) as unknown,
    });
    expect(facts('LG', 'refrigerator').warrantyMonths).toBe(24);
    // A brand the demo does not know gets no facts rather than invented ones.
    expect(demoFacts({ brandName: 'Unheard Of', category: 'mobiles' })).toBeUndefined();
  });
});
