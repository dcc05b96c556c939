import { z } from 'zod';

/** A calendar month, 'YYYY-MM', on India's clock (GST periods: see GST_TIME_ZONE in shared/gst.ts). */
export const MonthSchema = z
  .string({ error: 'month is required' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must be YYYY-MM (e.g. 2026-11)' });

export const InvoiceRegisterInputSchema = z.object({ month: MonthSchema.optional() }).optional();

export const DocumentKindSchema = z.enum(['invoice', 'credit-note'], { error: 'kind must be invoice or credit-note' });

export const OrderDocumentInputSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, { error: 'orderId is required' }).max(64, { error: 'orderId is not valid' }),
  kind: DocumentKindSchema,
});

/** One invoice or credit note in the admin's register (paise). */
export type InvoiceRegisterRow = {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** A credit note's invoice number. */
  reference: string | null;
  orderId: string;
  /** The readable order number (VM-2026-000123). */
  orderNumber: string;
  buyerName: string;
  buyerGstin: string | null;
  /** GST state code. */
  placeOfSupply: string;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
};

export type RegisterTotals = { count: number; taxableValue: number; cgst: number; sgst: number; igst: number; total: number };

export type InvoiceRegister = { month: string; rows: InvoiceRegisterRow[]; totals: { invoices: RegisterTotals; creditNotes: RegisterTotals } };
