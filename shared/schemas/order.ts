import { z } from 'zod';

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Checkout takes `{cartItems}` for the old clients' sake and ignores it: the server prices the cart. */
export const StartCheckoutInputSchema = z.looseObject({ cartItems: z.unknown().optional() }).optional();

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
  userId: string;
  email: string;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  /** `notInStock`: units of the line paid for but not taken from stock (a payment that came after its reservation was released and the units re-sold). */
  productDetails: { productId: string; name: string; image: string[]; price: number; quantity: number; notInStock: number }[];
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
};
