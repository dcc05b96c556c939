import type { Product } from './schemas/catalog';
import type { SpecAttribute } from './schemas/categories';
import { warrantyText, type ProductFacts } from './product-facts';
import { formatSpecValue, type SpecValue } from './specs';

// Compare (issue 27): a shopper's choice of up to four products of one category, its address
// (/compare?ids=a,b,c), and the rows of the compare page with the ones that differ. No zod here:
// the storefront's compare page and tray import it (shared/schemas/compare.ts checks the input).

/** The most products compared at once. */
export const COMPARE_MAX = 4;

/** The compare page's path; its `ids` parameter lists the products, comma-separated, in column order. */
export const COMPARE_PATH = '/compare';

/** A compared product: its card's fields, its facts, and its spec values over itself and its live variants. */
export type CompareProduct = Product & {
  facts: ProductFacts;
  /** The lowest and highest MRP of its live variants (equal for a product sold one way). */
  mrpMin: number;
  mrpMax: number;
  /** Whether any live variant can be bought now. */
  inStock: boolean;
  /** Each attribute's values (distinct; numbers ascending, else in variant order): a per-variant one lists every variant's. */
  specs: Record<string, SpecValue[]>;
};

/** What catalog.compare answers. */
export type CompareReply = {
  /** The compared category (the first product's); null when no asked-for product is on sale. */
  category: { value: string; label: string } | null;
  /** Its spec template: the rows, in order. */
  template: SpecAttribute[];
  /** The products on sale in that category, in the order asked. */
  products: CompareProduct[];
  /** Products on sale that were asked for but are in another category: not compared. */
  leftOut: { _id: string; productName: string; category: string }[];
};

/** The ids an address names (`?ids=a,b,c`): trimmed, repeats dropped, the first COMPARE_MAX. `cut`: more were named. */
export function readCompareIds(search: URLSearchParams): { ids: string[]; cut: boolean } {
  const all = [
    ...new Set(
      search
        .getAll('ids')
        .flatMap((v) => v.split(','))
        .map((id) => id.trim())
        .filter((id) => id !== '' && id.length <= 64),
    ),
  ];
  return { ids: all.slice(0, COMPARE_MAX), cut: all.length > COMPARE_MAX };
}

/** The address comparing `ids` in this order (`diff`: only the rows that differ). */
export function compareAddress(ids: readonly string[], diff = false): string {
  return `${COMPARE_PATH}?ids=${ids.map(encodeURIComponent).join(',')}${diff ? '&diff=1' : ''}`;
}

/** "Compare: Galaxy S24 vs Pixel 8 vs iPhone 15"; "Compare products" with none. */
export function compareHeading(names: readonly string[]): string {
  return names.length === 0 ? 'Compare products' : `Compare: ${names.join(' vs ')}`;
}

/** What a column says of a product's stock: "Out of stock" (no variant can be bought), "Only 3 left" (one variant, 5 or fewer), else "In stock". */
export function compareStockText(p: Pick<CompareProduct, 'inStock' | 'trackStock' | 'stock' | 'variantCount'>): string {
  if (!p.inStock) return 'Out of stock';
  if ((p.variantCount ?? 1) <= 1 && p.trackStock && p.stock <= 5) return `Only ${p.stock} left`;
  return 'In stock';
}

/** A row of the compare table: a label, one cell per product (null: not given), and whether the cells differ. */
export type CompareRow = { key: string; label: string; unit: string; cells: (string | null)[]; differs: boolean };

/** Cells differ when any two are not the same (a missing value differs from a given one); one column never differs. */
export function cellsDiffer(cells: readonly (string | null)[]): boolean {
  return cells.length > 1 && cells.some((cell) => cell !== cells[0]);
}

/** One attribute's values as a cell: "128 GB / 256 GB", "Yes"; null when the product has none. */
export function specCell(a: Pick<SpecAttribute, 'type' | 'unit'>, values: readonly SpecValue[] | undefined): string | null {
  if (!values || values.length === 0) return null;
  return values.map((v) => formatSpecValue(a, v)).join(' / ');
}

/**
 * The compare table's rows: the template's attributes in template order, then the legal facts
 * (country of origin, warranty). A row no product has a value for is left out.
 */
export function compareRows(reply: Pick<CompareReply, 'template' | 'products'>): CompareRow[] {
  const rows: CompareRow[] = [];
  const push = (key: string, label: string, unit: string, cells: (string | null)[]) => {
    if (cells.some((c) => c !== null)) rows.push({ key, label, unit, cells, differs: cellsDiffer(cells) });
  };
  for (const a of reply.template) {
    push(
      a.key,
      a.name,
      a.unit,
      reply.products.map((p) => specCell(a, p.specs[a.key])),
    );
  }
  push(
    'fact:origin',
    'Country of origin',
    '',
    reply.products.map((p) => p.facts.countryOfOrigin),
  );
  push(
    'fact:warranty',
    'Warranty',
    '',
    reply.products.map((p) => warrantyText(p.facts)),
  );
  return rows;
}
