import type { Deps } from '../deps';
import { AppError } from '../errors';
import { addDays, localDate, startOfLocalDay } from '../lib/shop-calendar';
import { loadSettings } from '../settings/shop-settings';
import { GST_TIME_ZONE } from '../../shared/gst';
import type { InvoiceRegister, InvoiceRegisterRow } from '../../shared/schemas/invoices';
import type { InvoiceDocument } from './invoice-document';
import { gstr1Csv, type RegisterDocument } from './gstr1';
import { documentLines, invoiceDocument, invoiceParties, totalsOf } from './invoicing';
import { listStoredInvoices, type StoredInvoice } from './invoice.queries';

/**
 * The invoice or credit note of one order, for its owner or an admin: anyone else is told the
 * order does not exist. NOT_FOUND too when the order has no such document yet.
 */
export async function documentForUser(deps: Deps, user: { _id: string; role: string }, orderId: string, kind: InvoiceDocument['kind']): Promise<InvoiceDocument> {
  const [stored] = await listStoredInvoices(deps.db, { orderId });
  if (!stored || (stored.userId !== user._id && user.role !== 'ADMIN'))
    throw new AppError('NOT_FOUND', kind === 'invoice' ? 'This order has no invoice yet' : 'This order has no credit note');
  if (kind === 'credit-note' && stored.creditNoteNumber === null) throw new AppError('NOT_FOUND', 'This order has no credit note');
  return invoiceDocument(stored, kind);
}

/**
 * [start, end) of a 'YYYY-MM' month on India's clock, as UTC instants. GST return periods are
 * India's months whatever zone the shop shows times in (GST_TIME_ZONE), so they match the
 * invoice dates printed on the documents.
 */
export function monthRange(month: string): { from: string; to: string } {
  const first = `${month}-01`;
  const next = addDays(first, 32).slice(0, 7);
  return { from: startOfLocalDay(first, GST_TIME_ZONE).toISOString(), to: startOfLocalDay(`${next}-01`, GST_TIME_ZONE).toISOString() };
}

/** Each invoice and credit note dated in the month, as the GSTR-1 register takes them. */
function registerDocuments(stored: StoredInvoice[], range: { from: string; to: string }): RegisterDocument[] {
  const inRange = (at: string | null) => at !== null && at >= range.from && at < range.to;
  const documents: RegisterDocument[] = [];
  for (const invoice of stored) {
    const { snapshot, delivery, placeOfSupply } = invoiceParties(invoice);
    const lines = documentLines(invoice, snapshot.b2cHsnDigits, delivery.gstin !== null).map((line) => ({
      hsn: line.hsn,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      rateBasisPoints: line.rateBasisPoints,
      taxableValue: line.taxableValue,
      cgst: line.cgst,
      sgst: line.sgst,
      igst: line.igst,
      total: line.total,
    }));
    const common = {
      orderId: invoice.orderId,
      orderNumber: invoice.orderNumber,
      buyerName: delivery.name,
      buyerGstin: delivery.gstin,
      placeOfSupply,
      intraState: placeOfSupply === snapshot.seller.address.stateCode,
      lines,
      total: totalsOf(documentLines(invoice, snapshot.b2cHsnDigits, delivery.gstin !== null)).total,
    };
    const invoiceDate = localDate(new Date(invoice.invoicedAt), GST_TIME_ZONE);
    if (inRange(invoice.invoicedAt)) documents.push({ kind: 'invoice', number: invoice.invoiceNumber, date: invoiceDate, reference: null, ...common });
    if (invoice.creditNoteNumber !== null && inRange(invoice.creditNotedAt)) {
      documents.push({
        kind: 'credit-note',
        number: invoice.creditNoteNumber,
        date: localDate(new Date(invoice.creditNotedAt ?? ''), GST_TIME_ZONE),
        reference: { number: invoice.invoiceNumber, date: invoiceDate },
        ...common,
      });
    }
  }
  return documents;
}

function rowOf(document: RegisterDocument): InvoiceRegisterRow {
  const sum = (pick: (l: RegisterDocument['lines'][number]) => number) => document.lines.reduce((total, line) => total + pick(line), 0);
  return {
    kind: document.kind,
    number: document.number,
    date: document.date,
    reference: document.reference?.number ?? null,
    orderId: document.orderId,
    orderNumber: document.orderNumber,
    buyerName: document.buyerName,
    buyerGstin: document.buyerGstin,
    placeOfSupply: document.placeOfSupply,
    taxableValue: sum((l) => l.taxableValue),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    total: document.total,
  };
}

/** The month's invoices and credit notes (the current month in India when none is given), oldest first, with their totals. */
export async function invoiceRegister(deps: Deps, month?: string): Promise<InvoiceRegister> {
  const chosen = month ?? localDate(deps.clock(), GST_TIME_ZONE).slice(0, 7);
  const range = monthRange(chosen);
  const documents = registerDocuments(await listStoredInvoices(deps.db, range), range).sort((a, b) => a.date.localeCompare(b.date) || a.number.localeCompare(b.number));
  const rows = documents.map(rowOf);
  const total = (kind: InvoiceRegisterRow['kind']) => {
    const of = rows.filter((r) => r.kind === kind);
    const sum = (pick: (r: InvoiceRegisterRow) => number) => of.reduce((t, r) => t + pick(r), 0);
    return { count: of.length, taxableValue: sum((r) => r.taxableValue), cgst: sum((r) => r.cgst), sgst: sum((r) => r.sgst), igst: sum((r) => r.igst), total: sum((r) => r.total) };
  };
  return { month: chosen, rows, totals: { invoices: total('invoice'), creditNotes: total('credit-note') } };
}

/** The month's GSTR-1 CSV (server/invoices/gstr1.ts lays it out) and its file name. */
export async function gstr1ForMonth(deps: Deps, month: string): Promise<{ filename: string; csv: string }> {
  const range = monthRange(month);
  const stored = await listStoredInvoices(deps.db, range);
  const documents = registerDocuments(stored, range);
  const settings = await loadSettings(deps.db, deps);
  const first = stored[0];
  const sellerStateCode = settings.seller?.address.stateCode ?? (first ? invoiceParties(first).snapshot.seller.address.stateCode : null);
  if (sellerStateCode === null) throw new AppError('BAD_INPUT', 'Enter the seller’s GSTIN and address in Settings first.');
  const gstin = settings.seller?.gstin ?? 'gstr1';
  return { filename: `GSTR1-${gstin}-${month}.csv`, csv: gstr1Csv({ sellerStateCode, documents }) };
}
