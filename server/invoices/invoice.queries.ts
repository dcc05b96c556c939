import type { DB } from '../db/database';
import type { DeliveryAddress, Seller } from '../../shared/schemas/settings';

/** The seller as invoiced, kept with the order so an invoice prints the same after the settings change. */
export type SellerSnapshot = { seller: Seller; b2cHsnDigits: 4 | 6 };

// The counter rows are shared with the readable order numbers (server/db/document-counters.ts).
export { nextInSeries } from '../db/document-counters';

/** `discount`: what offers took off the line (issue 30); the line is taxed on unitPrice × quantity − discount. */
export type TaxableItem = { id: string; name: string; unitPrice: number; quantity: number; discount: number; hsn: string | null; rateBasisPoints: number | null };

export type TaxableOrder = {
  id: string;
  status: string;
  deliveryAddress: string | null;
  /** Paise: the delivery charge plus any cash-on-delivery fee, taxed together as one service (the SAC of delivery). */
  shippingAmount: number;
  shippingHsn: string | null;
  shippingRateBp: number | null;
  invoiceNumber: string | null;
  invoicedAt: string | null;
  creditNoteNumber: string | null;
};

export async function findTaxableOrder(db: DB, orderId: string): Promise<{ order: TaxableOrder; items: TaxableItem[] } | null> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'status', 'delivery_address', 'shipping_amount', 'cod_fee', 'shipping_hsn', 'shipping_gst_rate_bp', 'invoice_number', 'invoiced_at', 'credit_note_number'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row) return null;
  const items = await db
    .selectFrom('order_items')
    .select(['id', 'name', 'unit_price', 'quantity', 'discount', 'hsn', 'gst_rate_bp'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return {
    order: {
      id: row.id,
      status: row.status,
      deliveryAddress: row.delivery_address,
      shippingAmount: row.shipping_amount + row.cod_fee,
      shippingHsn: row.shipping_hsn,
      shippingRateBp: row.shipping_gst_rate_bp,
      invoiceNumber: row.invoice_number,
      invoicedAt: row.invoiced_at,
      creditNoteNumber: row.credit_note_number,
    },
    items: items.map((i) => ({ id: i.id, name: i.name, unitPrice: i.unit_price, quantity: i.quantity, discount: i.discount, hsn: i.hsn, rateBasisPoints: i.gst_rate_bp })),
  };
}

export type LineTaxRecord = { itemId: string; hsn: string; rateBasisPoints: number; taxable: number; cgst: number; sgst: number; igst: number };

export async function recordInvoice(
  db: DB,
  orderId: string,
  invoice: {
    number: string;
    at: string;
    deliveryAddress: DeliveryAddress;
    placeOfSupply: string;
    seller: SellerSnapshot;
    lines: LineTaxRecord[];
    shipping: { hsn: string; rateBasisPoints: number; taxable: number; cgst: number; sgst: number; igst: number };
  },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      invoice_number: invoice.number,
      invoiced_at: invoice.at,
      delivery_address: JSON.stringify(invoice.deliveryAddress),
      place_of_supply: invoice.placeOfSupply,
      seller: JSON.stringify(invoice.seller),
      shipping_hsn: invoice.shipping.hsn,
      shipping_gst_rate_bp: invoice.shipping.rateBasisPoints,
      shipping_taxable: invoice.shipping.taxable,
      shipping_cgst: invoice.shipping.cgst,
      shipping_sgst: invoice.shipping.sgst,
      shipping_igst: invoice.shipping.igst,
    })
    .where('id', '=', orderId)
    .where('invoice_number', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  for (const line of invoice.lines) {
    await db
      .updateTable('order_items')
      .set({ hsn: line.hsn, gst_rate_bp: line.rateBasisPoints, taxable_value: line.taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst })
      .where('id', '=', line.itemId)
      .execute();
  }
  return true;
}

export async function recordCreditNote(db: DB, orderId: string, number: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ credit_note_number: number, credit_noted_at: at })
    .where('id', '=', orderId)
    .where('invoice_number', 'is not', null)
    .where('credit_note_number', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Everything an invoice or credit note prints, as stored. */
export type StoredInvoice = {
  orderId: string;
  /** The readable order number (VM-2026-000123) the documents print. */
  orderNumber: string;
  userId: string;
  email: string;
  status: string;
  invoiceNumber: string;
  invoicedAt: string;
  creditNoteNumber: string | null;
  creditNotedAt: string | null;
  deliveryAddress: string | null;
  placeOfSupply: string | null;
  seller: string | null;
  amountCharged: number | null;
  /** Who took the money ('cod': the courier, in cash). */
  provider: string;
  /** A refund made through the provider on cancelling, when one was asked for. */
  refund: { id: string | null; status: string; amount: number } | null;
  /** The delivery charge, with any cash-on-delivery fee (`codFee`, part of `amount`) taxed with it. */
  shipping: { amount: number; codFee: number; hsn: string | null; rateBasisPoints: number | null; taxable: number; cgst: number; sgst: number; igst: number };
  /** `sku` and `variantLabel`: the variant bought (null on lines from before variants). */
  lines: {
    name: string;
    sku: string | null;
    variantLabel: string | null;
    unitPrice: number;
    quantity: number;
    /** Paise: what offers took off the line; its taxable value and tax are on what is left. */
    discount: number;
    hsn: string | null;
    rateBasisPoints: number | null;
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
  }[];
};

const invoiceColumns = [
  'id',
  'order_number',
  'user_id',
  'email',
  'status',
  'invoice_number',
  'invoiced_at',
  'credit_note_number',
  'credit_noted_at',
  'delivery_address',
  'place_of_supply',
  'seller',
  'amount_charged',
  'provider',
  'refund_id',
  'refund_status',
  'refund_amount',
  'shipping_amount',
  'cod_fee',
  'shipping_hsn',
  'shipping_gst_rate_bp',
  'shipping_taxable',
  'shipping_cgst',
  'shipping_sgst',
  'shipping_igst',
] as const;

/**
 * Invoiced orders: one by id, or those with an invoice or a credit note dated in [from, to)
 * (UTC instants), oldest document first.
 */
export async function listStoredInvoices(db: DB, filter: { orderId?: string; from?: string; to?: string }): Promise<StoredInvoice[]> {
  let query = db.selectFrom('orders').select(invoiceColumns).where('invoice_number', 'is not', null);
  if (filter.orderId !== undefined) query = query.where('id', '=', filter.orderId);
  if (filter.from !== undefined && filter.to !== undefined) {
    const { from, to } = filter;
    query = query.where((eb) =>
      eb.or([eb.and([eb('invoiced_at', '>=', from), eb('invoiced_at', '<', to)]), eb.and([eb('credit_noted_at', '>=', from), eb('credit_noted_at', '<', to)])]),
    );
  }
  const rows = await query.orderBy('invoiced_at').orderBy('invoice_number').execute();
  if (rows.length === 0) return [];
  const lines = new Map<string, StoredInvoice['lines']>();
  for (let i = 0; i < rows.length; i += 500) {
    const items = await db
      .selectFrom('order_items')
      .select(['order_id', 'name', 'sku', 'variant_label', 'unit_price', 'quantity', 'discount', 'hsn', 'gst_rate_bp', 'taxable_value', 'cgst', 'sgst', 'igst'])
      .where(
        'order_id',
        'in',
        rows.slice(i, i + 500).map((r) => r.id),
      )
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    for (const item of items) {
      const list = lines.get(item.order_id) ?? [];
      list.push({
        name: item.name,
        sku: item.sku,
        variantLabel: item.variant_label,
        unitPrice: item.unit_price,
        quantity: item.quantity,
        discount: item.discount,
        hsn: item.hsn,
        rateBasisPoints: item.gst_rate_bp,
        taxable: item.taxable_value,
        cgst: item.cgst,
        sgst: item.sgst,
        igst: item.igst,
      });
      lines.set(item.order_id, list);
    }
  }
  return rows.map((r) => ({
    orderId: r.id,
    orderNumber: r.order_number,
    userId: r.user_id,
    email: r.email,
    status: r.status,
    invoiceNumber: r.invoice_number ?? '',
    invoicedAt: r.invoiced_at ?? '',
    creditNoteNumber: r.credit_note_number,
    creditNotedAt: r.credit_noted_at,
    deliveryAddress: r.delivery_address,
    placeOfSupply: r.place_of_supply,
    seller: r.seller,
    amountCharged: r.amount_charged,
    provider: r.provider,
    refund: r.refund_status !== null ? { id: r.refund_id, status: r.refund_status, amount: r.refund_amount ?? 0 } : null,
    shipping: {
      amount: r.shipping_amount + r.cod_fee,
      codFee: r.cod_fee,
      hsn: r.shipping_hsn,
      rateBasisPoints: r.shipping_gst_rate_bp,
      taxable: r.shipping_taxable,
      cgst: r.shipping_cgst,
      sgst: r.shipping_sgst,
      igst: r.shipping_igst,
    },
    lines: lines.get(r.id) ?? [],
  }));
}
