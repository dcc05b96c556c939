/**
 * A tax invoice or credit note as it is printed: every figure already computed and stored on the
 * order (integer paise, rates in basis points), every text already chosen. The PDF renderer
 * (invoice-pdf.ts) only lays it out; it never computes tax.
 */

export type DocumentParty = {
  name: string;
  /** Printed lines of the address, without the state (see stateName/stateCode). */
  addressLines: string[];
  stateName: string;
  /** Two-digit GST state code, e.g. '29'. */
  stateCode: string;
  gstin: string | null;
  phone: string | null;
  email: string | null;
};

export type DocumentLine = {
  description: string;
  /** HSN for goods, SAC for services (shipping): 4 to 8 digits. */
  hsn: string;
  quantity: number;
  /** Unit quantity code, e.g. 'NOS' (numbers). */
  unit: string;
  /** Paise: the GST-inclusive price per unit the shopper saw. */
  unitPriceInclusive: number;
  /** Paise: unit price × quantity, GST-inclusive, before the discount. */
  amountInclusive?: number;
  /** Paise: what offers took off the line (issue 30); taxableValue and the tax are on amountInclusive − discount. */
  discount?: number;
  /** Paise. */
  taxableValue: number;
  /** Basis points: 1800 = 18 %. */
  rateBasisPoints: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** taxableValue + cgst + sgst + igst. */
  total: number;
};

export type InvoiceDocument = {
  kind: 'invoice' | 'credit-note';
  /** 'Tax Invoice' or 'Credit Note'. */
  title: string;
  number: string;
  /** The date printed, India's date (GST_TIME_ZONE, whatever the shop's `timeZone` setting): 'DD-MM-YYYY'. */
  date: string;
  /** For a credit note: the invoice it reverses. */
  reference: { number: string; date: string } | null;
  /** The shop's order id (its documents' address). */
  orderId: string;
  /** The readable order number printed as "Order no." (VM-2026-000123), for the shopper's records. */
  orderNumber: string;
  seller: DocumentParty & { legalName: string; tradeName: string };
  /** Bill to / ship to: the delivery address the goods go to. */
  buyer: DocumentParty;
  /** 'Karnataka (29)'. */
  placeOfSupply: string;
  /** True when CGST + SGST apply (delivery state = seller's state); false for IGST. */
  intraState: boolean;
  lines: DocumentLine[];
  totals: { taxableValue: number; cgst: number; sgst: number; igst: number; total: number };
  /** The total in words, e.g. 'Rupees One Lakh Two Thousand and Fifty Paise Only'. */
  totalInWords: string;
  /** 'No': the line Rule 46 asks for. */
  reverseCharge: 'No';
  /** Extra lines at the foot (reason for a credit note, grievance officer, ...). */
  notes: string[];
};
