import { z } from 'zod';
import type { Product } from './catalog';

/** No cart line may hold more than this many units, whatever the stock. */
export const MAX_QUANTITY_PER_LINE = 10;

const IdSchema = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(64, { error: `${name} is too long` });

export const CartLineIdSchema = IdSchema('_id');

/** A whole number of units from 1 to 10; the stock limit is checked against the database. */
export const QuantitySchema = z
  .number({ error: 'quantity must be a whole number' })
  .int({ error: 'quantity must be a whole number' })
  .min(1, { error: 'quantity must be at least 1' })
  .max(MAX_QUANTITY_PER_LINE, { error: `quantity can be at most ${MAX_QUANTITY_PER_LINE} per product` });

/** `variantId`: which of the product's variants (left out: the one standing for the product, its cheapest in stock). */
export const AddCartItemInputSchema = z.object({ productId: IdSchema('productId'), variantId: IdSchema('variantId').optional() });
export type AddCartItemInput = z.input<typeof AddCartItemInputSchema>;

export const UpdateCartItemInputSchema = z.object({ _id: CartLineIdSchema, quantity: QuantitySchema });
export type UpdateCartItemInput = z.input<typeof UpdateCartItemInputSchema>;

/**
 * A step from the quantity the server holds now (our cart's + and − send +1 and −1), so a
 * second tab's stale figure can never lower it. Whole, not 0, less than the per-line cap.
 */
export const QuantityChangeSchema = z
  .number({ error: 'change must be a whole number' })
  .int({ error: 'change must be a whole number' })
  .min(-(MAX_QUANTITY_PER_LINE - 1), { error: `change must be at least -${MAX_QUANTITY_PER_LINE - 1}` })
  .max(MAX_QUANTITY_PER_LINE - 1, { error: `change can be at most ${MAX_QUANTITY_PER_LINE - 1}` })
  .refine((change) => change !== 0, { error: 'change must not be 0' });

export const ChangeCartItemInputSchema = z.object({ _id: CartLineIdSchema, change: QuantityChangeSchema });
export type ChangeCartItemInput = z.input<typeof ChangeCartItemInputSchema>;

export const RemoveCartItemInputSchema = z.object({ _id: CartLineIdSchema });
export type RemoveCartItemInput = z.input<typeof RemoveCartItemInputSchema>;

/** The product as a cart line shows it: the catalog's Product (prices in paise). */
export type CartProduct = Product;

export type CartLine = {
  _id: string;
  quantity: number;
  /** Populated, as the contract's clients expect. */
  productId: CartProduct;
  /** null for a visitor's cart. */
  userId: string | null;
  /** The variant on the line (our client's; the product above carries its price, stock and pictures). */
  variant?: CartVariant;
};

/** What a cart line names of its variant: "256 GB, Marble Grey", SKU S24-256-GRY. */
export type CartVariant = { _id: string; sku: string; label: string; optionValues: string[] };

export type AddCartItemResult = {
  line: CartLine;
  /** True when the product was already in the cart and its quantity went up by one. */
  alreadyInCart: boolean;
  /** What to tell the shopper. */
  message: string;
};

/** The code a shopper types in the cart's coupon box (checked again, with its rules, when the cart is priced). */
export const ApplyCouponInputSchema = z.object({
  code: z.string({ error: 'code is required' }).trim().min(1, { error: 'Enter a coupon code' }).max(40, { error: 'code must be at most 20 characters' }),
});
export type ApplyCouponInput = z.input<typeof ApplyCouponInputSchema>;

/** One offer's share of a cart line (issue 30). */
export type CartLineDiscount = { offerId: string; kind: 'buy-x-get-y' | 'coupon' | 'prepaid'; amount: number };

/**
 * The cart priced with the offers live now (issue 30), beside its lines (cart.list, unchanged):
 * each line's list and sale price (`saleEndsAt`: when the sale price stops), its discounts and
 * net, the coupon's status with the sentence to show, and the totals. Paise throughout.
 */
export type CartPricing = {
  lines: { _id: string; listUnitPrice: number; unitPrice: number; saleEndsAt: string | null; discounts: CartLineDiscount[]; discount: number; net: number }[];
  coupon: { code: string; applied: true; saving: number } | { code: string; applied: false; reason: string; message: string } | null;
  /**
   * Paying online saves this much more (not in `total`: cash on delivery does not get it);
   * `onlineTotal` is the goods' total when paid online, what checkout asks the provider for them.
   */
  prepaid: { saving: number; onlineTotal: number } | null;
  totals: { listTotal: number; saleSavings: number; discountTotal: number; total: number };
};
