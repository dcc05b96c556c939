/**
 * The facts the law asks a product listing to show (Legal Metrology (Packaged Commodities) Rules
 * 2011, rule 6, which the Consumer Protection (E-Commerce) Rules 2020 extend to e-commerce
 * listings): country of origin, the manufacturer's name and address (and the importer's for
 * imported goods), the net quantity (what is in the box), and the warranty. The MRP is the
 * product's `price`. Kept without zod so the storefront's bundle can use it;
 * shared/schemas/catalog.ts validates the admin's input.
 */

/** A product's facts as stored: null where none was given (products made before facts, or by the spec's /api client). */
export type ProductFacts = {
  countryOfOrigin: string | null;
  manufacturerName: string | null;
  manufacturerAddress: string | null;
  /** Imported goods only (origin other than India). */
  importerName: string | null;
  importerAddress: string | null;
  /** Net quantity / what is in the box: "1 N: handset, USB-C cable, SIM ejector". */
  netQuantity: string | null;
  /** 0: no warranty. */
  warrantyMonths: number | null;
  /** Who gives it: "Samsung India (manufacturer)", "the seller". */
  warrantyBy: string | null;
};

export type ProductFactField = keyof ProductFacts;

export const NO_FACTS: ProductFacts = {
  countryOfOrigin: null,
  manufacturerName: null,
  manufacturerAddress: null,
  importerName: null,
  importerAddress: null,
  netQuantity: null,
  warrantyMonths: null,
  warrantyBy: null,
};

/** Each fact in words, for forms, the audit log and messages. */
export const FACT_LABELS: Record<ProductFactField, string> = {
  countryOfOrigin: 'Country of origin',
  manufacturerName: 'Manufacturer',
  manufacturerAddress: 'Manufacturer’s address',
  importerName: 'Importer',
  importerAddress: 'Importer’s address',
  netQuantity: 'Net quantity / in the box',
  warrantyMonths: 'Warranty (months)',
  warrantyBy: 'Warranty given by',
};

/** Countries electronics sold in India commonly come from: the admin form's suggestions (any name may be typed). */
export const COUNTRY_SUGGESTIONS = [
  'India',
  'China',
  'Vietnam',
  'South Korea',
  'Japan',
  'Taiwan',
  'Thailand',
  'Malaysia',
  'Indonesia',
  'Philippines',
  'Singapore',
  'United States',
  'Mexico',
  'Germany',
  'Czech Republic',
  'Hungary',
  'Poland',
  'Italy',
  'United Kingdom',
  'Israel',
] as const;

/** Made in India (so no importer): "India" or "Bharat", in any case. */
export function isIndia(country: string): boolean {
  return /^(india|bharat)$/i.test(country.trim());
}

const given = (text: string | null) => text !== null && text.trim() !== '';

/**
 * The facts a product on sale must have and lacks, in form order: origin, manufacturer and its
 * address, net quantity, warranty (months; who gives it when there is one), and the importer
 * when the origin is not India. Empty: complete.
 */
export function missingFacts(facts: ProductFacts): ProductFactField[] {
  const missing: ProductFactField[] = [];
  if (!given(facts.countryOfOrigin)) missing.push('countryOfOrigin');
  if (!given(facts.manufacturerName)) missing.push('manufacturerName');
  if (!given(facts.manufacturerAddress)) missing.push('manufacturerAddress');
  if (given(facts.countryOfOrigin) && !isIndia(facts.countryOfOrigin ?? '')) {
    if (!given(facts.importerName)) missing.push('importerName');
    if (!given(facts.importerAddress)) missing.push('importerAddress');
  }
  if (!given(facts.netQuantity)) missing.push('netQuantity');
  if (facts.warrantyMonths === null) missing.push('warrantyMonths');
  else if (facts.warrantyMonths > 0 && !given(facts.warrantyBy)) missing.push('warrantyBy');
  return missing;
}

/** 12 -> "1 year", 24 -> "2 years", 18 -> "18 months", 1 -> "1 month". */
export function warrantyPeriod(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}

/** The warranty in words: "1 year, from Samsung India", "No warranty"; null when not given. */
export function warrantyText(facts: Pick<ProductFacts, 'warrantyMonths' | 'warrantyBy'>): string | null {
  if (facts.warrantyMonths === null) return null;
  if (facts.warrantyMonths === 0) return 'No warranty';
  const by = facts.warrantyBy?.trim();
  return by ? `${warrantyPeriod(facts.warrantyMonths)}, from ${by}` : warrantyPeriod(facts.warrantyMonths);
}
