import type { DB } from '../db/database';
import type { Selectable } from 'kysely';
import type { TestCheckoutSessionsTable } from '../db/schema';
import type { CheckoutLine, ShippingAddress, ShippingOption } from './payment-provider';

export type TestSessionStatus = 'open' | 'complete' | 'expired';

export interface TestSession {
  id: string;
  orderId: string;
  status: TestSessionStatus;
  paymentStatus: 'unpaid' | 'paid';
  shippingRate: string | null;
  /** Paise. */
  shippingAmount: number | null;
  /** Paise, shipping included. */
  amountTotal: number;
  createdAt: string;
  expiresAt: string;
  /** The delivery address: the one chosen before payment, or the one the page collected; null until then. */
  shippingAddress: ShippingAddress | null;
  /** What the session was opened for, as its page shows it. */
  lines: CheckoutLine[];
  /** The delivery choices it offers; null for a session older than their record (the shop's defaults then). */
  shippingOptions: ShippingOption[] | null;
}

const columns = [
  'id',
  'order_id',
  'status',
  'payment_status',
  'shipping_rate',
  'shipping_amount',
  'amount_total',
  'created_at',
  'expires_at',
  'shipping_address',
  'lines',
  'shipping_options',
] as const;

type Row = Pick<Selectable<TestCheckoutSessionsTable>, (typeof columns)[number]>;

/** A JSON column the provider wrote itself; null when empty or unreadable. */
function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function toSession(row: Row): TestSession {
  return {
    id: row.id,
    orderId: row.order_id,
    status: row.status,
    paymentStatus: row.payment_status,
    shippingRate: row.shipping_rate,
    shippingAmount: row.shipping_amount,
    amountTotal: row.amount_total,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    shippingAddress: parseJson<ShippingAddress>(row.shipping_address),
    lines: parseJson<CheckoutLine[]>(row.lines) ?? [],
    shippingOptions: parseJson<ShippingOption[]>(row.shipping_options),
  };
}

export async function findTestSession(db: DB, id: string): Promise<TestSession | null> {
  const row = await db.selectFrom('test_checkout_sessions').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toSession(row) : null;
}

export async function findOpenTestSessionForOrder(db: DB, orderId: string): Promise<TestSession | null> {
  const row = await db.selectFrom('test_checkout_sessions').select(columns).where('order_id', '=', orderId).where('status', '=', 'open').executeTakeFirst();
  return row ? toSession(row) : null;
}

export async function insertTestSession(db: DB, s: TestSession): Promise<void> {
  await db
    .insertInto('test_checkout_sessions')
    .values({
      id: s.id,
      order_id: s.orderId,
      status: s.status,
      payment_status: s.paymentStatus,
      shipping_rate: s.shippingRate,
      shipping_amount: s.shippingAmount,
      amount_total: s.amountTotal,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      shipping_address: s.shippingAddress ? JSON.stringify(s.shippingAddress) : null,
      lines: JSON.stringify(s.lines),
      shipping_options: s.shippingOptions ? JSON.stringify(s.shippingOptions) : null,
    })
    .execute();
}

/** Marks an open, unexpired session paid with the chosen shipping; false when it was not open. */
export async function completeTestSession(
  db: DB,
  id: string,
  shipping: { rate: string; amount: number; subtotal: number; address: ShippingAddress },
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('test_checkout_sessions')
    .set({
      status: 'complete',
      payment_status: 'paid',
      shipping_rate: shipping.rate,
      shipping_amount: shipping.amount,
      amount_total: shipping.subtotal + shipping.amount,
      shipping_address: JSON.stringify(shipping.address),
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Expires an open session; `onlyIfDueBy` limits it to sessions whose expiry time has passed. */
export async function expireTestSession(db: DB, id: string, onlyIfDueBy?: string): Promise<void> {
  let query = db.updateTable('test_checkout_sessions').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'open');
  if (onlyIfDueBy !== undefined) query = query.where('expires_at', '<=', onlyIfDueBy);
  await query.execute();
}
