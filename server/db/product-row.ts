import type { Selectable } from 'kysely';
import type { ProductsTable } from './schema';
import type { Product } from '../../shared/schemas/catalog';
import { isIndia, type ProductFacts } from '../../shared/product-facts';

/**
 * The product columns `toProduct` reads, table-qualified so other queries modules (the cart's
 * join, for one) select and map a product exactly as the catalogue does.
 */
export const productColumns = [
  'products.id',
  'products.product_name',
  'products.brand_name',
  'products.category',
  'products.description',
  'products.price',
  'products.selling_price',
  'products.stock',
  'products.track_stock',
  'products.images',
  'products.created_at',
  'products.updated_at',
  'products.price_min',
  'products.price_max',
  'products.variant_count',
  'products.colour_count',
  'products.spec_line',
] as const;

export type ProductRow = Pick<
  Selectable<ProductsTable>,
  | 'id'
  | 'product_name'
  | 'brand_name'
  | 'category'
  | 'description'
  | 'price'
  | 'selling_price'
  | 'stock'
  | 'track_stock'
  | 'images'
  | 'created_at'
  | 'updated_at'
  | 'price_min'
  | 'price_max'
  | 'variant_count'
  | 'colour_count'
  | 'spec_line'
>;

/** A JSON array of image URLs as stored in a text column; anything unreadable reads as no images. */
export function parseImages(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    productName: row.product_name,
    brandName: row.brand_name,
    // Only the twelve categories are ever written (the schema checks), so the cast is sound.
    category: row.category,
    productImage: parseImages(row.images),
    description: row.description,
    price: row.price,
    sellingPrice: row.selling_price,
    stock: row.stock,
    trackStock: row.track_stock === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    priceMin: Number(row.price_min),
    priceMax: Number(row.price_max),
    variantCount: row.variant_count,
    colourCount: row.colour_count,
    specLine: row.spec_line,
  };
}

/** The columns of a product's facts (migration 2026-12-03-02-product-facts), table-qualified; read only where one product is shown. */
export const productFactColumns = [
  'products.origin_country',
  'products.manufacturer_name',
  'products.manufacturer_address',
  'products.importer_name',
  'products.importer_address',
  'products.net_quantity',
  'products.warranty_months',
  'products.warranty_by',
] as const;

export type ProductFactsRow = Pick<
  Selectable<ProductsTable>,
  'origin_country' | 'manufacturer_name' | 'manufacturer_address' | 'importer_name' | 'importer_address' | 'net_quantity' | 'warranty_months' | 'warranty_by'
>;

export function toProductFacts(row: ProductFactsRow): ProductFacts {
  return {
    countryOfOrigin: row.origin_country,
    manufacturerName: row.manufacturer_name,
    manufacturerAddress: row.manufacturer_address,
    importerName: row.importer_name,
    importerAddress: row.importer_address,
    netQuantity: row.net_quantity,
    // PostgreSQL's integer reads back as a number already; SQLite's too.
    warrantyMonths: row.warranty_months === null ? null : Number(row.warranty_months),
    warrantyBy: row.warranty_by,
  };
}

/**
 * Facts as columns: an empty text is stored as null, and so are the importer of goods made in
 * India (there is none) and the giver of no warranty.
 */
export function factColumns(facts: ProductFacts): ProductFactsRow {
  const text = (value: string | null) => (value === null || value.trim() === '' ? null : value);
  const madeInIndia = facts.countryOfOrigin !== null && isIndia(facts.countryOfOrigin);
  return {
    origin_country: text(facts.countryOfOrigin),
    manufacturer_name: text(facts.manufacturerName),
    manufacturer_address: text(facts.manufacturerAddress),
    importer_name: madeInIndia ? null : text(facts.importerName),
    importer_address: madeInIndia ? null : text(facts.importerAddress),
    net_quantity: text(facts.netQuantity),
    warranty_months: facts.warrantyMonths,
    warranty_by: facts.warrantyMonths === 0 ? null : text(facts.warrantyBy),
  };
}
