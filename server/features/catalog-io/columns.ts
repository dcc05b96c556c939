import type { SpecAttribute } from '../../../shared/schemas/categories';

/**
 * The columns of the catalogue file (export and import alike), one row per variant. Rows of one
 * product share its Handle (the product's id in an export; any text groups the rows of a new
 * product); product columns repeat on every row of it (a later row may leave them empty). Every
 * attribute of every category's spec template is a column of its own, headed "RAM (GB) [mobiles]".
 */

export const BASE_COLUMNS = [
  { id: 'handle', header: 'Handle' },
  { id: 'name', header: 'Product name' },
  { id: 'category', header: 'Category' },
  { id: 'brand', header: 'Brand' },
  { id: 'description', header: 'Description' },
  { id: 'option1Name', header: 'Option1 name' },
  { id: 'option1Value', header: 'Option1 value' },
  { id: 'option2Name', header: 'Option2 name' },
  { id: 'option2Value', header: 'Option2 value' },
  { id: 'option3Name', header: 'Option3 name' },
  { id: 'option3Value', header: 'Option3 value' },
  { id: 'sku', header: 'SKU' },
  { id: 'ean', header: 'EAN' },
  { id: 'mrp', header: 'MRP' },
  { id: 'price', header: 'Selling price' },
  { id: 'stock', header: 'Stock' },
  { id: 'stockAtExport', header: 'Stock at export' },
  { id: 'trackStock', header: 'Track stock' },
  { id: 'lowStockLevel', header: 'Low stock level' },
  { id: 'weight', header: 'Weight (g)' },
  { id: 'hsn', header: 'HSN' },
  { id: 'gst', header: 'GST rate %' },
  { id: 'origin', header: 'Country of origin' },
  { id: 'manufacturerName', header: 'Manufacturer' },
  { id: 'manufacturerAddress', header: 'Manufacturer address' },
  { id: 'importerName', header: 'Importer' },
  { id: 'importerAddress', header: 'Importer address' },
  { id: 'netQuantity', header: 'Net quantity' },
  { id: 'warrantyMonths', header: 'Warranty (months)' },
  { id: 'warrantyBy', header: 'Warranty by' },
  { id: 'images', header: 'Image URLs' },
  { id: 'variantImages', header: 'Variant image URLs' },
  { id: 'archived', header: 'Archived' },
] as const;

/** Columns an import reads that the export does not write: a supplier's signed stock delta. */
export const IMPORT_ONLY_COLUMNS = [{ id: 'stockChange', header: 'Stock change' }] as const;

/** The export's columns. */
export type ExportColumnId = (typeof BASE_COLUMNS)[number]['id'];
export type BaseColumnId = ExportColumnId | (typeof IMPORT_ONLY_COLUMNS)[number]['id'];

/**
 * A quick price and stock update: a distributor's sheet of SKU and any of Selling price, MRP,
 * Stock and Stock change, nothing else. It only updates variants of the catalogue (never adds a
 * product or variant, never touches another field); an SKU not in the catalogue is a row error.
 */
export const QUICK_COLUMN_IDS: readonly BaseColumnId[] = ['sku', 'price', 'mrp', 'stock', 'stockChange'];

export function isQuickUpdate(columnIds: readonly BaseColumnId[], specColumnCount: number): boolean {
  return specColumnCount === 0 && columnIds.includes('sku') && columnIds.length >= 2 && columnIds.every((id) => QUICK_COLUMN_IDS.includes(id));
}

/** Other headers a supplier's sheet may use for our columns (after normalising). */
const ALIASES: Record<string, BaseColumnId> = {
  name: 'name',
  productname: 'name',
  title: 'name',
  price: 'price',
  sellingprice: 'price',
  saleprice: 'price',
  mrp: 'mrp',
  'mrp(₹)': 'mrp',
  'sellingprice(₹)': 'price',
  brandname: 'brand',
  qty: 'stock',
  quantity: 'stock',
  stockqty: 'stock',
  stockquantity: 'stock',
  availablequantity: 'stock',
  inventory: 'stock',
  stockchange: 'stockChange',
  stockdelta: 'stockChange',
  stockadjustment: 'stockChange',
  'stock(+/-)': 'stockChange',
  'stock+/-': 'stockChange',
  qtychange: 'stockChange',
  quantitychange: 'stockChange',
  offerprice: 'price',
  specialprice: 'price',
  'sellingprice(rs)': 'price',
  'sellingprice(rs.)': 'price',
  'sellingprice(inr)': 'price',
  maximumretailprice: 'mrp',
  'mrp(rs)': 'mrp',
  'mrp(rs.)': 'mrp',
  'mrp(inr)': 'mrp',
  skucode: 'sku',
  gtin: 'ean',
  barcode: 'ean',
  weight: 'weight',
  weightg: 'weight',
  lowstockalert: 'lowStockLevel',
  lowstockthreshold: 'lowStockLevel',
  reorderlevel: 'lowStockLevel',
};

export const FACT_COLUMN_IDS = ['origin', 'manufacturerName', 'manufacturerAddress', 'importerName', 'importerAddress', 'netQuantity', 'warrantyMonths', 'warrantyBy'] as const;

/** A header as compared: lower case, without spaces (so "Selling Price", "selling price" and "SellingPrice" are one). */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/\s+/g, '');
}

export type SpecColumn = { category: string; attribute: SpecAttribute; header: string };

/** "RAM (GB) [mobiles]", "5G [mobiles]": a spec attribute's column. */
export function specHeader(category: string, a: Pick<SpecAttribute, 'name' | 'unit'>): string {
  return `${a.name}${a.unit ? ` (${a.unit})` : ''} [${category}]`;
}

export function specColumns(categories: readonly { value: string; template: readonly SpecAttribute[] }[]): SpecColumn[] {
  return categories.flatMap((c) => c.template.map((attribute) => ({ category: c.value, attribute, header: specHeader(c.value, attribute) })));
}

export type ColumnRef = { kind: 'base'; id: BaseColumnId } | { kind: 'spec'; spec: SpecColumn };

/**
 * Which column each header of a file is: the export's headers matched whatever the case and
 * spacing, a few other names suppliers use, and every spec column. Unknown headers are listed
 * (the import ignores them); a column named twice is an error naming the headers.
 */
export function matchHeaders(headers: readonly string[], specs: readonly SpecColumn[]): { columns: (ColumnRef | null)[]; unknown: string[]; duplicates: string[][] } {
  const base = new Map<string, BaseColumnId>([...BASE_COLUMNS, ...IMPORT_ONLY_COLUMNS].map((c) => [normalizeHeader(c.header), c.id]));
  for (const [alias, id] of Object.entries(ALIASES)) if (!base.has(alias)) base.set(alias, id);
  const spec = new Map(specs.map((s) => [normalizeHeader(s.header), s]));
  const columns: (ColumnRef | null)[] = [];
  const unknown: string[] = [];
  const seen = new Map<string, number>();
  const duplicates: string[][] = [];
  headers.forEach((header, i) => {
    const key = normalizeHeader(header);
    if (key === '') {
      columns.push(null);
      return;
    }
    const id = base.get(key);
    const s = id === undefined ? spec.get(key) : undefined;
    const ref: ColumnRef | null = id !== undefined ? { kind: 'base', id } : s ? { kind: 'spec', spec: s } : null;
    if (!ref) {
      unknown.push(header);
      columns.push(null);
      return;
    }
    const name = ref.kind === 'base' ? `base:${ref.id}` : `spec:${ref.spec.header}`;
    const first = seen.get(name);
    if (first !== undefined) {
      const group = duplicates.find((d) => d[0] === headers[first]);
      if (group) group.push(header);
      else duplicates.push([headers[first] ?? '', header]);
    } else seen.set(name, i);
    columns.push(ref);
  });
  return { columns, unknown, duplicates };
}

export function baseHeader(id: BaseColumnId): string {
  return [...BASE_COLUMNS, ...IMPORT_ONLY_COLUMNS].find((c) => c.id === id)?.header ?? id;
}
