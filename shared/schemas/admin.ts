import { z } from 'zod';
import { CategorySchema } from './categories';
import { ORDER_STATUSES, type Order, type OrderStatus, type PaymentMethod } from './order';
import { singleLineText } from './text';
import type { ProductFacts } from '../product-facts';
import { DEFAULT_LOW_STOCK_LEVEL } from './stock-level';

/**
 * The default low-stock level (stockAlerts.defaultLevel until the owner saves another): the
 * dashboard's list and the daily mail use each variant's level or the saved default; the bulk
 * edit grid's "low" filter is this fixed 1 to 5.
 */
export const LOW_STOCK_THRESHOLD = DEFAULT_LOW_STOCK_LEVEL;

/** Days in the dashboard's revenue chart, today included. */
export const REVENUE_CHART_DAYS = 30;

/** Orders that count as sales: the money came in and was not given back. */
export const REVENUE_STATUSES = ['paid', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

/**
 * The order life cycle an admin may drive. Paid online: paid -> shipped -> delivered, and paid or
 * shipped -> cancelled (a credit note, and a refund through the provider if asked). Cash on
 * delivery: confirmed -> shipped (invoiced then) -> delivered (the cash collected: it becomes
 * paid) or -> returned (came back undelivered: its stock goes back on sale), and confirmed ->
 * cancelled. Pending orders belong to the payment flow; delivered, returned and cancelled are
 * final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: [],
  paid: ['shipped', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'returned', 'cancelled'],
  delivered: [],
  returned: [],
  cancelled: [],
};

/** The moves open to an order paid `method`: a shipped COD parcel is delivered or returned, a shipped paid one delivered or cancelled. */
export function nextStatuses(from: OrderStatus, method: PaymentMethod): readonly OrderStatus[] {
  // A paid order is never a COD one before delivery, a confirmed one never an online one.
  if ((from === 'paid' && method === 'cod') || (from === 'confirmed' && method === 'online')) return [];
  return ORDER_TRANSITIONS[from].filter((to) => !(from === 'shipped' && to === (method === 'cod' ? 'cancelled' : 'returned')));
}

export function canTransition(from: OrderStatus, to: OrderStatus, method: PaymentMethod = 'online'): boolean {
  return nextStatuses(from, method).includes(to);
}

const LimitSchema = z.number({ error: 'limit must be a number' }).int().min(1, { error: 'limit must be at least 1' }).max(100, { error: 'limit must be at most 100' });
const CursorSchema = z.string().max(500, { error: 'cursor is not valid' });
const IdSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(64, { error: `${field} is not valid` });

export const OrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of: ${ORDER_STATUSES.join(', ')}`,
});

export const AdminOrdersInputSchema = z
  .object({
    status: OrderStatusSchema.optional(),
    /** Only orders paid for units that were not in stock (a late payment): they need a restock or a refund. */
    attention: z.boolean({ error: 'attention must be true or false' }).optional(),
    /** The search box: an order number (any case, dashes optional), part of the shopper's email, their phone (last 10 digits) or the delivery PIN. */
    q: z.string({ error: 'search text must be text' }).trim().max(100, { error: 'search text must be at most 100 characters' }).check(singleLineText('search text')).optional(),
    limit: LimitSchema.optional(),
    cursor: CursorSchema.optional(),
  })
  .optional();
export type AdminOrdersInput = z.input<typeof AdminOrdersInputSchema>;

export const SetOrderStatusInputSchema = z.object({
  orderId: IdSchema('orderId'),
  status: OrderStatusSchema,
  /** With status cancelled, for an order paid online: refund the whole payment through its provider. */
  refund: z.boolean({ error: 'refund must be true or false' }).optional(),
});
export type SetOrderStatusInput = z.input<typeof SetOrderStatusInputSchema>;

export const OrderIdInputSchema = z.object({ orderId: IdSchema('orderId') });
export type OrderIdInput = z.input<typeof OrderIdInputSchema>;

/** `active` hides archived products, `archived` shows only them, `all` both. */
export const ADMIN_PRODUCT_VIEWS = ['active', 'archived', 'all'] as const;
export type AdminProductView = (typeof ADMIN_PRODUCT_VIEWS)[number];

export const AdminProductsInputSchema = z
  .object({
    /** Matched, case-insensitively, anywhere in the product name or brand. */
    q: z.string().trim().max(100, { error: 'search text must be at most 100 characters' }).check(singleLineText('search text')).optional(),
    /** One product by id, archived or not (the low-stock mail's link opens its form). */
    productId: IdSchema('productId').optional(),
    category: CategorySchema.optional(),
    view: z.enum(ADMIN_PRODUCT_VIEWS).optional(),
    limit: LimitSchema.optional(),
    cursor: CursorSchema.optional(),
  })
  .optional();
export type AdminProductsInput = z.input<typeof AdminProductsInputSchema>;

/** An order as the admin sees it: the contract's order plus who placed it. Amounts in paise. */
export type AdminOrder = Order & {
  /** The account's name and current email (the order's own `email` is the one used at checkout). */
  customer: { name: string; email: string };
};

/** A product in the admin grid (paise), with its archive state. */
export type AdminProduct = {
  _id: string;
  productName: string;
  brandName: string;
  category: string;
  productImage: string[];
  description: string;
  price: number;
  sellingPrice: number;
  stock: number;
  /** False: stock is not counted and the product is always available. */
  trackStock: boolean;
  /** The product's own HSN code and GST rate (basis points); null: its category's (Categories page). */
  hsnCode: string | null;
  gstRateBasisPoints: number | null;
  /** Its live variants' lowest and highest selling price, and how many there are (1 for a product without options). */
  priceMin: number;
  priceMax: number;
  variantCount: number;
  /** The facts its page shows; the grid flags a product on sale that lacks any the law requires (missingFacts). */
  facts: ProductFacts;
  /** Its first live variant's own low-stock level (a product sold without options has one variant); null: the shop's default. */
  lowStockLevel?: number | null;
  archived: boolean;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type LowStockProduct = {
  _id: string;
  productName: string;
  category: string;
  stock: number;
  productImage: string[];
  /** The variant running low (one row per variant), its SKU and label ('' for a product without options). */
  variantId?: string;
  sku?: string;
  variantLabel?: string;
  /** Its low-stock level: its own, or the shop's default. */
  level?: number;
};

export type DashboardPeriod = { revenue: number; orders: number };

export type Dashboard = {
  /** The shop's time zone (the `timeZone` setting): "today", "this month" and the chart's days count in it. */
  timeZone: string;
  /** The shop's local date of "today", YYYY-MM-DD. */
  today: string;
  todayTotals: DashboardPeriod;
  monthTotals: DashboardPeriod;
  /** One entry per local day, oldest first, today last; days without sales hold zeros. */
  revenueByDay: (DashboardPeriod & { date: string })[];
  lowStock: LowStockProduct[];
  /** The shop's default low-stock level (stockAlerts.defaultLevel): a variant without its own is listed at this many units or fewer. */
  lowStockLevel?: number;
  /** Orders paid for units that were no longer in stock (see Order.stockShortfall): restock or refund each. */
  paidNotInStock: number;
};

export type Page<T> = { items: T[]; nextCursor: string | null };

/** The home page's setup checklist for the owner, and the demo data still in the shop. */
export type SetupStatus = {
  productsOnSale: number;
  bannersShown: number;
  /** The owner saved Settings with the seller's details. */
  settingsSaved: boolean;
  /** Demo products still on sale and demo banners ("Remove demo data" is offered while either is above 0). */
  demo: { products: number; banners: number };
};
