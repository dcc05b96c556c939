import type { Selectable } from 'kysely';
import type { ProductsTable } from './schema';
import type { Category } from '../../shared/categories';
import type { Product } from '../../shared/schemas/catalog';

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
    category: row.category as Category,
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
  };
}
