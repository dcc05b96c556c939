import type { DB } from '../db/database';
import { formatINR } from '../../shared/money';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { ShippingAddress } from '../payments/payment-provider';
import { loadSettings } from '../settings/shop-settings';
import { formatDocumentDate, localDate } from '../lib/shop-calendar';
import { amountInWords, financialYearOf, GST_TIME_ZONE, splitInclusive, stateByCode, stateCodeOf, stateLabel } from '../../shared/gst';
import type { DeliveryAddress } from '../../shared/schemas/settings';
import type { DocumentLine, DocumentParty, InvoiceDocument } from './invoice-document';
import * as q from './invoice.queries';
import type { SellerSnapshot } from './invoice.queries';

/**
 * Tax invoices and credit notes (CGST Rules 46 and 53). An order gets its invoice in the
 * transaction that marks it paid, and a paid order that is cancelled gets a credit note in the
 * transaction that cancels it: each takes the next number of its series inside that
 * transaction, so two processes can never take the same one and a rolled-back sale takes none.
 *
 * Numbers: `<prefix>/<FY>/<n>` for invoices (VM/2627/00001) and `<prefix>/<FY>/C<n>` for credit
 * notes (VM/2627/C0001), counted from 1 in each financial year (April to March, shop time), at
 * most 16 characters as Rule 46 requires (a prefix of at most 4 characters leaves room for
 * 999,999 invoices and 99,999 credit notes a year).
 */

/** The unit quantity code printed for goods ('NOS': numbers) and for the delivery charge ('OTH'). */
export const GOODS_UNIT = 'NOS';
export const SERVICE_UNIT = 'OTH';

const MAX_NUMBER_LENGTH = 16;

function shortYear(fy: string): string {
  return `${fy.slice(2, 4)}${fy.slice(5, 7)}`;
}

export function invoiceNumberFor(prefix: string, fy: string, n: number): string {
  return checkedLength(`${prefix}/${shortYear(fy)}/${String(n).padStart(5, '0')}`);
}

export function creditNoteNumberFor(prefix: string, fy: string, n: number): string {
  return checkedLength(`${prefix}/${shortYear(fy)}/C${String(n).padStart(4, '0')}`);
}

function checkedLength(number: string): string {
  if (number.length > MAX_NUMBER_LENGTH) throw new AppError('CONFLICT', `Document number ${number} is longer than 16 characters: shorten the invoice prefix in Settings.`);
  return number;
}

/** The address a provider's page collected, as a delivery address (no phone; an unknown state falls back to `fallbackState`). */
export function deliveryAddressFromProvider(address: ShippingAddress, fallbackState: string): DeliveryAddress {
  return {
    name: address.name ?? '',
    phone: '',
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    stateCode: stateCodeOf(address.state) ?? fallbackState,
    pin: address.postalCode ?? '',
    gstin: null,
  };
}

/**
 * Splits every line and the delivery charge into taxable value and CGST + SGST (delivery state
 * = seller's state) or IGST, and issues the invoice. Runs inside the transaction that marks the
 * order paid. Returns the number, or null when nothing was issued: the order already has one,
 * or the owner has not entered the seller's GSTIN yet (logged; Settings shows it).
 */
export async function issueInvoice(
  trx: DB,
  deps: Pick<Deps, 'env' | 'log' | 'clock'>,
  orderId: string,
  providerAddress: ShippingAddress | null,
  nowIso: string,
): Promise<string | null> {
  const found = await q.findTaxableOrder(trx, orderId);
  if (!found || found.order.invoiceNumber !== null) return null;
  const settings = await loadSettings(trx, deps);
  const seller = settings.seller;
  if (!seller) {
    deps.log.warn({ orderId }, 'order paid without an invoice: enter the seller and GSTIN in Settings');
    return null;
  }
  const { order, items } = found;
  const stored = order.deliveryAddress ? (JSON.parse(order.deliveryAddress) as DeliveryAddress) : null;
  const delivery = stored ?? (providerAddress ? deliveryAddressFromProvider(providerAddress, seller.address.stateCode) : null);
  // With no address on record at all, the sale is taxed as made at the seller's own location.
  const placeOfSupply = delivery?.stateCode ?? seller.address.stateCode;
  const intraState = placeOfSupply === seller.address.stateCode;

  const lines = items.map((item) => {
    const rateBasisPoints = item.rateBasisPoints ?? 1800;
    // GST after the discount shown on the invoice (CGST Act s.15(3)(a)): the line's net is taxed.
    return { itemId: item.id, hsn: item.hsn ?? '', rateBasisPoints, ...renamed(splitInclusive(item.unitPrice * item.quantity - item.discount, rateBasisPoints, intraState)) };
  });
  const shippingRate = order.shippingRateBp ?? settings.tax.shippingRateBp;
  const shipping = {
    hsn: order.shippingHsn ?? settings.tax.shippingSac,
    rateBasisPoints: shippingRate,
    ...renamed(splitInclusive(order.shippingAmount, shippingRate, intraState)),
  };

  const fy = financialYearOf(localDate(new Date(nowIso), GST_TIME_ZONE));
  const number = invoiceNumberFor(settings.invoicePrefix, fy, await q.nextInSeries(trx, `invoice:${fy}`));
  const recorded = await q.recordInvoice(trx, orderId, {
    number,
    at: nowIso,
    deliveryAddress: delivery ?? { name: '', phone: '', line1: '', line2: '', city: '', stateCode: placeOfSupply, pin: '', gstin: null },
    placeOfSupply,
    seller: { seller, b2cHsnDigits: settings.tax.b2cHsnDigits },
    lines,
    shipping,
  });
  return recorded ? number : null;
}

function renamed(split: { taxable: number; cgst: number; sgst: number; igst: number }) {
  return { taxable: split.taxable, cgst: split.cgst, sgst: split.sgst, igst: split.igst };
}

/** Issues the credit note of a cancelled, invoiced order, inside the transaction that cancels it; null when it has no invoice or already a note. */
export async function issueCreditNote(trx: DB, deps: Pick<Deps, 'env' | 'log' | 'clock'>, orderId: string, nowIso: string): Promise<string | null> {
  const found = await q.findTaxableOrder(trx, orderId);
  if (!found || found.order.invoiceNumber === null || found.order.creditNoteNumber !== null) return null;
  const settings = await loadSettings(trx, deps);
  const fy = financialYearOf(localDate(new Date(nowIso), GST_TIME_ZONE));
  const number = creditNoteNumberFor(settings.invoicePrefix, fy, await q.nextInSeries(trx, `credit:${fy}`));
  return (await q.recordCreditNote(trx, orderId, number, nowIso)) ? number : null;
}

/**
 * An invoice line's description: the product's name, the variant bought and its SKU ("Galaxy S24
 * 5G (256 GB, Marble Grey), SKU S24-256-GRY"); lines from before variants print their name alone.
 */
export function lineDescription(line: { name: string; sku: string | null; variantLabel: string | null }): string {
  const named = line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name;
  return line.sku ? `${named}, SKU ${line.sku}` : named;
}

/** A stored invoice's lines as printed (goods, then the delivery charge when there is one), and their totals. */
export function documentLines(stored: q.StoredInvoice, b2cHsnDigits: 4 | 6, b2b: boolean): DocumentLine[] {
  const hsn = (code: string | null) => (b2b ? (code ?? '') : (code ?? '').slice(0, b2cHsnDigits));
  const lines: DocumentLine[] = stored.lines.map((line) => ({
    description: lineDescription(line),
    hsn: hsn(line.hsn),
    quantity: line.quantity,
    unit: GOODS_UNIT,
    unitPriceInclusive: line.unitPrice,
    amountInclusive: line.unitPrice * line.quantity,
    discount: line.discount,
    taxableValue: line.taxable,
    rateBasisPoints: line.rateBasisPoints ?? 0,
    cgst: line.cgst,
    sgst: line.sgst,
    igst: line.igst,
    total: line.taxable + line.cgst + line.sgst + line.igst,
  }));
  if (stored.shipping.amount > 0) {
    const s = stored.shipping;
    lines.push({
      description: s.codFee > 0 ? (s.amount > s.codFee ? 'Delivery charge and cash on delivery fee' : 'Cash on delivery fee') : 'Delivery charge',
      hsn: hsn(s.hsn),
      quantity: 1,
      unit: SERVICE_UNIT,
      unitPriceInclusive: s.amount,
      amountInclusive: s.amount,
      discount: 0,
      taxableValue: s.taxable,
      rateBasisPoints: s.rateBasisPoints ?? 0,
      cgst: s.cgst,
      sgst: s.sgst,
      igst: s.igst,
      total: s.taxable + s.cgst + s.sgst + s.igst,
    });
  }
  return lines;
}

export function totalsOf(lines: readonly DocumentLine[]): InvoiceDocument['totals'] {
  const sum = (pick: (l: DocumentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return { taxableValue: sum((l) => l.taxableValue), cgst: sum((l) => l.cgst), sgst: sum((l) => l.sgst), igst: sum((l) => l.igst), total: sum((l) => l.total) };
}

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The stored invoice's parties and place of supply, as printed. */
export function invoiceParties(stored: q.StoredInvoice): { snapshot: SellerSnapshot; delivery: DeliveryAddress; placeOfSupply: string } {
  const snapshot = parseJson<SellerSnapshot>(stored.seller);
  const delivery = parseJson<DeliveryAddress>(stored.deliveryAddress);
  if (!snapshot || !delivery) throw new Error(`invoice ${stored.invoiceNumber} lacks its seller or address snapshot`);
  return { snapshot, delivery, placeOfSupply: stored.placeOfSupply ?? delivery.stateCode };
}

/**
 * The invoice (or its credit note) of an order, ready to print. Its dates are India's (the
 * document's date decides its GST period and financial year, see GST_TIME_ZONE); it prints no
 * time of day, so the shop's `timeZone` setting has nothing to change on it.
 */
export function invoiceDocument(stored: q.StoredInvoice, kind: InvoiceDocument['kind']): InvoiceDocument {
  const { snapshot, delivery, placeOfSupply } = invoiceParties(stored);
  const { seller, b2cHsnDigits } = snapshot;
  const lines = documentLines(stored, b2cHsnDigits, delivery.gstin !== null);
  const totals = totalsOf(lines);
  const invoiceDate = formatDocumentDate(localDate(new Date(stored.invoicedAt), GST_TIME_ZONE));
  const credit = kind === 'credit-note';
  if (credit && (stored.creditNoteNumber === null || stored.creditNotedAt === null)) throw new AppError('NOT_FOUND', 'This order has no credit note');
  const sellerState = stateByCode(seller.address.stateCode);
  const buyerState = stateByCode(delivery.stateCode);
  const sellerParty: DocumentParty = {
    name: seller.tradeName,
    addressLines: [seller.address.line1, seller.address.line2, `${seller.address.city} ${seller.address.pin}`].filter(Boolean),
    stateName: sellerState?.name ?? seller.address.stateCode,
    stateCode: seller.address.stateCode,
    gstin: seller.gstin,
    phone: seller.phone,
    email: seller.email,
  };
  const buyer: DocumentParty = {
    name: delivery.name,
    addressLines: [delivery.line1, delivery.line2, `${delivery.city} ${delivery.pin}`.trim()].filter(Boolean),
    stateName: buyerState?.name ?? delivery.stateCode,
    stateCode: delivery.stateCode,
    gstin: delivery.gstin,
    phone: delivery.phone || null,
    email: stored.email,
  };
  return {
    kind,
    title: credit ? 'Credit Note' : 'Tax Invoice',
    number: credit ? (stored.creditNoteNumber ?? '') : stored.invoiceNumber,
    date: credit ? formatDocumentDate(localDate(new Date(stored.creditNotedAt ?? ''), GST_TIME_ZONE)) : invoiceDate,
    reference: credit ? { number: stored.invoiceNumber, date: invoiceDate } : null,
    orderId: stored.orderId,
    orderNumber: stored.orderNumber,
    seller: { ...sellerParty, legalName: seller.legalName, tradeName: seller.tradeName },
    buyer,
    placeOfSupply: stateLabel(placeOfSupply),
    intraState: placeOfSupply === seller.address.stateCode,
    lines,
    totals,
    totalInWords: amountInWords(totals.total),
    reverseCharge: 'No',
    notes: credit ? creditNoteNotes(stored) : [`Order ${stored.orderNumber}. Prices include GST.${stored.provider === 'cod' ? ' Payable in cash on delivery.' : ''}`],
  };
}

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', razorpay: 'Razorpay', test: 'the test checkout' };

/** Why the credit note was issued, and the refund that went with it. */
function creditNoteNotes(stored: q.StoredInvoice): string[] {
  const notes = [
    stored.status === 'returned'
      ? `Issued for order ${stored.orderNumber}, returned undelivered: the whole invoice is reversed.`
      : `Issued for the cancellation of order ${stored.orderNumber}: the whole invoice is reversed.`,
  ];
  const refund = stored.refund;
  if (refund && refund.status !== 'failed') {
    const through = PROVIDER_NAMES[stored.provider] ?? stored.provider;
    notes.push(`Refund of ${formatINR(refund.amount)} ${refund.status === 'succeeded' ? 'made' : 'requested'} through ${through}${refund.id ? ` (reference ${refund.id})` : ''}.`);
  }
  return notes;
}
