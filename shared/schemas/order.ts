import { z } from 'zod';
import type { DeliveryAddress } from './settings';

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Checkout takes `{cartItems}` for the old clients' sake and ignores it: the server prices the
 * cart. `addressId` is one of the shopper's saved addresses (the address step); without it (the
 * legacy POST /api/checkout) the payment page collects the delivery address.
 */
export const StartCheckoutInputSchema = z
  .looseObject({
    cartItems: z.unknown().optional(),
    addressId: z.string({ error: 'addressId must be text' }).trim().min(1, { error: 'addressId is required' }).max(64, { error: 'addressId is not valid' }).optional(),
  })
  .optional();

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
  /** Where the order goes: chosen before payment, or collected by the payment page; null until known. */
  deliveryAddress: DeliveryAddress | null;
  /** The GST in what was charged, once invoiced (amounts in paise; the /api gives rupees). */
  tax: OrderTax | null;
  /** The tax invoice, issued when the order was paid. */
  invoice: OrderDocument | null;
  /** The credit note, issued when a paid order was cancelled. */
  creditNote: OrderDocument | null;
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
