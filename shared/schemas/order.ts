import { z } from 'zod';
import type { DeliveryAddress } from './settings';

/**
 * `confirmed`: a cash-on-delivery order, placed and unpaid (its stock held until it ships, is
 * cancelled, or comes back); `returned`: a cash-on-delivery parcel that came back undelivered.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'confirmed', 'shipped', 'delivered', 'returned', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How an order is paid: through an online provider's page, or in cash to the courier. */
export type PaymentMethod = 'online' | 'cod';
/** Who takes the money: an online provider, or the courier ('cod'). */
export type OrderPaymentProvider = 'stripe' | 'razorpay' | 'test' | 'cod';
export const ONLINE_PROVIDER_KINDS = ['stripe', 'razorpay', 'test'] as const;
export type OnlineProviderKind = (typeof ONLINE_PROVIDER_KINDS)[number];

/**
 * Checkout takes `{cartItems}` for the old clients' sake and ignores it: the server prices the
 * cart. `addressId` is one of the shopper's saved addresses (the address step); without it (the
 * legacy POST /api/checkout) the payment page collects the delivery address.
 */
const AddressIdSchema = z.string({ error: 'addressId must be text' }).trim().min(1, { error: 'addressId is required' }).max(64, { error: 'addressId is not valid' });
const ShippingChoiceSchema = z.enum(['standard', 'express'], { error: 'shipping must be standard or express' });

export const StartCheckoutInputSchema = z
  .looseObject({
    cartItems: z.unknown().optional(),
    addressId: AddressIdSchema.optional(),
    /** Which online provider, when the owner offers more than one; the shop's choice otherwise. */
    provider: z.enum(ONLINE_PROVIDER_KINDS, { error: `provider must be one of: ${ONLINE_PROVIDER_KINDS.join(', ')}` }).optional(),
    /** The delivery chosen on the shop's checkout page (a provider whose page cannot offer the choice charges it). */
    shipping: ShippingChoiceSchema.optional(),
  })
  .optional();

/** A cash-on-delivery order: to a saved address, with the delivery chosen here. */
export const PlaceCodOrderInputSchema = z.object({
  addressId: AddressIdSchema,
  shipping: ShippingChoiceSchema.default('standard'),
});
export type PlaceCodOrderInput = z.input<typeof PlaceCodOrderInputSchema>;

export type PlaceCodOrderResult = {
  orderId: string;
  /** The shop's success page for this order. */
  url: string;
};

export const CheckoutOptionsInputSchema = z.object({ addressId: AddressIdSchema.optional() }).optional();

/** What the checkout page offers for the caller's cart and address. Amounts in paise. */
export type CheckoutOptions = {
  /** Sum of the cart's lines on sale. */
  subtotal: number;
  /**
   * Delivery choices (the free-delivery threshold applied; express left out where the owner does
   * not offer it to the address's PIN). `by`: 'Delivery by Thursday, 3 December' for the chosen
   * address, null without one.
   */
  delivery: { rate: 'standard' | 'express'; label: string; amount: number; days: string; by: string | null }[];
  /** The online providers offered, in order; `choosesDelivery`: its own page lets the shopper pick delivery (else this page must). */
  online: { kind: OnlineProviderKind; label: string; choosesDelivery: boolean }[];
  /** Cash on delivery: `offered` when the owner turned it on; `available` for this cart and address, else `reason` says why not. */
  cod: { offered: boolean; available: boolean; reason: string | null; feePaise: number; maxOrderPaise: number };
};

export const CancelOrderInputSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, { error: 'orderId is required' }).max(64, { error: 'orderId is not valid' }),
});

export const ConfirmReturnInputSchema = z.object({
  sessionId: z.string({ error: 'session_id is required' }).trim().min(1, { error: 'session_id is required' }).max(255, { error: 'session_id is too long' }),
});

export type StartCheckoutResult = {
  orderId: string;
  /** The payment session id. */
  sessionId: string;
  /** Where to send the browser: the provider's hosted payment page. */
  url: string;
};

export type ConfirmReturnResult = {
  /** The order's status after asking the provider; null when the session is not the caller's. */
  status: OrderStatus | null;
  orderId: string | null;
  /** The order's readable number (VM-2026-000123), shown on the success page. */
  orderNumber?: string | null;
};

export type ShippingAddress = {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

/**
 * The order shape of spec §3 plus status, email and the shipping address. Amounts are paise
 * here; the /api adapter turns them into rupees.
 */
export type Order = {
  _id: string;
  /** The readable number people see and type (VM-2026-000123); `_id` stays what links and the /api use. */
  orderNumber: string;
  userId: string;
  email: string;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  /** `notInStock`: units of the line paid for but not taken from stock (a payment that came after its reservation was released and the units re-sold). */
  /** `variantId`, `sku`, `variantLabel`: the variant bought (our client's; sku and label null on lines from before variants). */
  productDetails: {
    productId: string;
    name: string;
    image: string[];
    price: number;
    quantity: number;
    notInStock: number;
    variantId?: string | null;
    sku?: string | null;
    variantLabel?: string | null;
    /** Offers (issue 30; our client's): the list price the line was sold against (`price` is the sale price when one applied), and what offers took off the line. */
    listPrice?: number;
    discount?: number;
    discounts?: { offerId: string; kind: 'coupon' | 'buy-x-get-y' | 'prepaid'; amount: number }[];
  }[];
  paymentDetails: { paymentId: string | null; payment_method_type: string[]; payment_status: string };
  shipping_options: { shipping_amount: number; shipping_rate: string | null }[];
  shippingAddress: ShippingAddress | null;
  /** Sum of the lines. */
  subtotalAmount: number;
  /** Lines plus shipping: what the order costs. */
  totalAmount: number;
  /** What the provider says it charged; null until paid. */
  amountCharged: number | null;
  /** True when the provider charged something other than totalAmount (logged, left for an admin). */
  amountMismatch: boolean;
  /** Units paid for that were not in stock: the admin must restock them or refund. 0 normally. */
  stockShortfall: number;
  /** Where the order goes: chosen before payment, or collected by the payment page; null until known. */
  deliveryAddress: DeliveryAddress | null;
  /** The GST in what was charged, once invoiced (amounts in paise; the /api gives rupees). */
  tax: OrderTax | null;
  /** The tax invoice, issued when the order was paid. */
  invoice: OrderDocument | null;
  /** The credit note, issued when a paid order was cancelled. */
  creditNote: OrderDocument | null;
  /** `cod`: paid in cash to the courier on delivery (paidAt is then when the cash was collected). */
  paymentMethod: PaymentMethod;
  /** Who takes the money. */
  provider: OrderPaymentProvider;
  /** The cash-on-delivery fee in paise, its own line (0 for other orders); included in totalAmount. */
  codFee: number;
  /** The refund made at the provider when an admin cancelled the paid order; null when none was asked for. */
  refund: OrderRefund | null;
  /** Offers (issue 30): every line's discount together (subtotalAmount is after it), and the coupon code used. */
  discountTotal?: number;
  couponCode?: string | null;
};

export type OrderRefund = {
  /** The provider's refund id; null when the provider refused before making one. */
  id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  /** Paise. */
  amount: number;
  at: string;
  /** The provider's reason, when it failed. */
  error: string | null;
};

export type TaxAmounts = { taxableValue: number; cgst: number; sgst: number; igst: number };

export type OrderTax = TaxAmounts & {
  /** True: CGST + SGST (delivered within the seller's state); false: IGST. */
  intraState: boolean;
  /** GST state code of the place of supply (the delivery state). */
  placeOfSupply: string;
  /** Per line, in the order of productDetails. */
  lines: (TaxAmounts & { productId: string; hsn: string; rateBasisPoints: number })[];
  /** The delivery charge's share. */
  shipping: TaxAmounts & { hsn: string; rateBasisPoints: number };
};

export type OrderDocument = {
  number: string;
  /** ISO instant it was issued. */
  issuedAt: string;
  /** Where the PDF downloads from (the order's owner and admins). */
  url: string;
};
