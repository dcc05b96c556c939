/**
 * GSTR-1 (India's return of outward supplies) for one month, laid out as ONE CSV file for the
 * owner or their accountant: one section per GSTR-1 table, each a title row (the offline tool's
 * sheet name), a header row with the column names of GSTN's section-wise CSV templates (Returns
 * Offline Tool V3.2.4, Excel Workbook Template V2.2), the data rows and an empty line.
 *
 * Decisions:
 * - Which table a document belongs to is decided from the document alone. A buyer GSTIN makes it
 *   B2B (4A, or 9B registered for a credit note). Without one, an inter-state document whose
 *   value is above ₹1,00,000 (the B2C (Large) threshold since the August 2024 period; ₹2,50,000
 *   before) is B2CL (5, or 9B unregistered with UR Type 'B2CL'); everything else is B2CS (7).
 *   A credit note reverses its whole invoice, so its own total and intraState decide this.
 * - Credit notes against B2CS supplies are not reported as notes: they are subtracted from the
 *   B2CS row of the same place of supply and rate, as GSTN asks. Rows that net to zero in every
 *   amount are dropped; a row may go negative (a note against last month's sale), which Table 7
 *   allows. `b2csCreditNotes` keeps what was subtracted, so the sections tie back to the register.
 * - Table 12 (HSN) has been split since 2025 into B2B and B2C parts (`hsn(b2b)`, `hsn(b2c)`),
 *   by whether the buyer has a GSTIN. Rows are keyed by HSN + UQC + rate; credit-note lines
 *   subtract (quantity included); a row that nets to zero everywhere is dropped. The description
 *   is the first line's, in document order.
 * - Amounts stay integer paise until printing; rupees print with two decimals, no grouping, and
 *   are never quoted. Dates print DD-MMM-YYYY, places of supply '29-Karnataka', rates as percent.
 * - Documents are ordered by date, then number (numeric-aware), so the same month gives the same
 *   file whatever order the register arrived in; within a document, rows go by rate.
 * - The register is checked before anything is added up (integer paise, each line's taxable value
 *   plus taxes equal to its total, lines adding up to the document, CGST+SGST only within the
 *   seller's state, a known place of supply): a return built on inconsistent figures would be
 *   wrong silently, so an inconsistent document throws, naming it.
 * - Cess is always 0 (nothing the shop sells attracts it); 'Applicable % of Tax Rate' and
 *   'E-Commerce GSTIN' stay blank (the shop sells on its own site, at full rates).
 * - Text a person typed (names, descriptions, document numbers, GSTINs) gets a leading apostrophe
 *   when it starts with =, +, -, @, tab or CR, so a spreadsheet never runs it as a formula.
 *
 * `gstr1Summary` computes every number; `gstr1Csv` only prints that summary.
 */
import { stateByCode } from '../../shared/gst';

export type RegisterLine = {
  hsn: string;
  description: string;
  quantity: number;
  unit: string;
  rateBasisPoints: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
};
export type RegisterDocument = {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** Local (IST) date, YYYY-MM-DD. */
  date: string;
  /** For a credit note, the invoice it reverses. */
  reference: { number: string; date: string } | null;
  orderId: string;
  orderNumber: string;
  buyerName: string;
  buyerGstin: string | null;
  /** Two-digit GST state code of the place of supply (the delivery state). */
  placeOfSupply: string;
  intraState: boolean;
  /** Shipping appears as a line with SAC 996812. Amounts in integer paise, rates in basis points (1800 = 18 %). */
  lines: RegisterLine[];
  total: number;
};

export type Gstr1Input = { sellerStateCode: string; documents: RegisterDocument[] };

/** Paise. */
export type Amounts = { taxableValue: number; cgst: number; sgst: number; igst: number };

/** One document at one tax rate: a row of b2b, b2cl, cdnr or cdnur. Dates ISO, place of supply a code. */
export type DocumentRateRow = Amounts & {
  number: string;
  date: string;
  reference: { number: string; date: string } | null;
  buyerName: string;
  buyerGstin: string | null;
  placeOfSupply: string;
  /** The whole document's total (paise), repeated on each of its rate rows as the templates ask. */
  documentValue: number;
  rateBasisPoints: number;
};

/** One place of supply at one rate, net of credit notes. */
export type B2csRow = Amounts & { placeOfSupply: string; rateBasisPoints: number };

export type HsnRow = Amounts & {
  hsn: string;
  description: string;
  /** As the templates spell it: 'NOS-NUMBERS'. */
  uqc: string;
  quantity: number;
  /** Taxable value plus taxes (paise). */
  totalValue: number;
  rateBasisPoints: number;
};

export type DocumentTotals = Amounts & { count: number; value: number };

export type Gstr1Summary = {
  b2b: DocumentRateRow[];
  b2cl: DocumentRateRow[];
  b2cs: B2csRow[];
  /** Credit notes against B2C (small) supplies: already subtracted inside `b2cs`, reported nowhere else. */
  b2csCreditNotes: DocumentTotals;
  cdnr: DocumentRateRow[];
  cdnur: DocumentRateRow[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  totals: { invoices: DocumentTotals; creditNotes: DocumentTotals; net: Amounts & { value: number } };
};

/** ₹1,00,000 in paise: B2C (Large) means strictly above this (from the August 2024 period). */
const B2CL_THRESHOLD = 1_00_000_00;

type Table = 'b2b' | 'b2cl' | 'b2cs';

/** The GSTIN as it should print, or null for an unregistered buyer (blank counts as none). */
function gstinOf(document: RegisterDocument): string | null {
  const gstin = document.buyerGstin?.replace(/\s+/g, '').toUpperCase();
  return gstin ? gstin : null;
}

/** Where a document goes; for a credit note, where the invoice it reverses went. */
function tableOf(document: RegisterDocument): Table {
  if (gstinOf(document)) return 'b2b';
  if (!document.intraState && document.total > B2CL_THRESHOLD) return 'b2cl';
  return 'b2cs';
}

// ---- Checking the register ----

function isPaise(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function isIsoDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}

/** What is wrong with one line, or null. */
function lineProblem(line: RegisterLine, intraState: boolean): string | null {
  const amounts = [line.taxableValue, line.cgst, line.sgst, line.igst, line.total];
  if (!amounts.every(isPaise)) return `line ${line.hsn}: amounts must be whole paise, 0 or more`;
  if (!Number.isInteger(line.rateBasisPoints) || line.rateBasisPoints < 0 || line.rateBasisPoints > 10_000) return `line ${line.hsn}: rate must be whole basis points`;
  if (!Number.isFinite(line.quantity) || line.quantity < 0) return `line ${line.hsn}: quantity must be 0 or more`;
  if (line.taxableValue + line.cgst + line.sgst + line.igst !== line.total) return `line ${line.hsn}: taxable value and taxes do not add up to the line total`;
  if (intraState ? line.igst !== 0 : line.cgst !== 0 || line.sgst !== 0) return `line ${line.hsn}: ${intraState ? 'IGST on an intra-state' : 'CGST/SGST on an inter-state'} supply`;
  return null;
}

/** What is wrong with one document, or null. */
function documentProblem(document: RegisterDocument, sellerStateCode: string): string | null {
  if (!isIsoDate(document.date)) return `date ${document.date} is not YYYY-MM-DD`;
  if (!stateByCode(document.placeOfSupply)) return `${document.placeOfSupply} is not a GST state code`;
  if (document.intraState !== (document.placeOfSupply === sellerStateCode))
    return `intraState does not match place of supply ${document.placeOfSupply} and seller state ${sellerStateCode}`;
  if (document.lines.length === 0) return 'it has no lines';
  for (const line of document.lines) {
    const problem = lineProblem(line, document.intraState);
    if (problem) return problem;
  }
  if (!isPaise(document.total) || sum(document.lines.map((line) => line.total)) !== document.total) return 'its lines do not add up to its total';
  return null;
}

/** Throws on the first inconsistent document: a return must not be filed from figures that disagree. */
function checkRegister({ sellerStateCode, documents }: Gstr1Input): void {
  if (!stateByCode(sellerStateCode)) throw new RangeError(`GSTR-1: seller state ${sellerStateCode} is not a GST state code`);
  for (const document of documents) {
    const problem = documentProblem(document, sellerStateCode);
    if (problem) throw new RangeError(`GSTR-1: ${document.kind} ${document.number}: ${problem}`);
  }
}

// ---- Adding up ----

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function noAmounts(): Amounts {
  return { taxableValue: 0, cgst: 0, sgst: 0, igst: 0 };
}

/** target += sign × source, for the four amounts. */
function addAmounts(target: Amounts, source: Amounts, sign: 1 | -1): void {
  target.taxableValue += sign * source.taxableValue;
  target.cgst += sign * source.cgst;
  target.sgst += sign * source.sgst;
  target.igst += sign * source.igst;
}

function pickAmounts(source: Amounts): Amounts {
  return { taxableValue: source.taxableValue, cgst: source.cgst, sgst: source.sgst, igst: source.igst };
}

function isZero(amounts: Amounts): boolean {
  return amounts.taxableValue === 0 && amounts.cgst === 0 && amounts.sgst === 0 && amounts.igst === 0;
}

const collator = new Intl.Collator('en', { numeric: true });

function kindOrder(document: RegisterDocument): number {
  return document.kind === 'invoice' ? 0 : 1;
}

/** By date, then number ('INV-9' before 'INV-10'), invoices before credit notes on a tie. */
function inFilingOrder(documents: RegisterDocument[]): RegisterDocument[] {
  return [...documents].sort((a, b) => compareText(a.date, b.date) || collator.compare(a.number, b.number) || kindOrder(a) - kindOrder(b));
}

/** A document's lines added up per rate, lowest rate first. */
function amountsByRate(lines: RegisterLine[]): (Amounts & { rateBasisPoints: number })[] {
  const byRate = new Map<number, Amounts>();
  for (const line of lines) {
    const amounts = byRate.get(line.rateBasisPoints) ?? noAmounts();
    addAmounts(amounts, line, 1);
    byRate.set(line.rateBasisPoints, amounts);
  }
  return [...byRate].sort(([a], [b]) => a - b).map(([rateBasisPoints, amounts]) => ({ ...amounts, rateBasisPoints }));
}

/** One row per rate for a document reported on its own (b2b, b2cl, cdnr, cdnur). */
function documentRows(document: RegisterDocument): DocumentRateRow[] {
  return amountsByRate(document.lines).map((amounts) => ({
    number: document.number,
    date: document.date,
    reference: document.reference,
    buyerName: document.buyerName,
    buyerGstin: gstinOf(document),
    placeOfSupply: document.placeOfSupply,
    documentValue: document.total,
    ...amounts,
  }));
}

/** Adds (invoice) or subtracts (credit note) a B2CS document into its place-of-supply × rate rows. */
function addToB2cs(rows: Map<string, B2csRow>, document: RegisterDocument, sign: 1 | -1): void {
  for (const amounts of amountsByRate(document.lines)) {
    const key = `${document.placeOfSupply}|${amounts.rateBasisPoints}`;
    const row = rows.get(key) ?? { placeOfSupply: document.placeOfSupply, rateBasisPoints: amounts.rateBasisPoints, ...noAmounts() };
    addAmounts(row, amounts, sign);
    rows.set(key, row);
  }
}

function b2csRows(rows: Map<string, B2csRow>): B2csRow[] {
  return [...rows.values()].filter((row) => !isZero(row)).sort((a, b) => compareText(a.placeOfSupply, b.placeOfSupply) || a.rateBasisPoints - b.rateBasisPoints);
}

/** The unit quantity codes GSTN accepts, as its templates spell them. */
const UQC_LABELS = [
  'BAG-BAGS',
  'BAL-BALE',
  'BDL-BUNDLES',
  'BKL-BUCKLES',
  'BOU-BILLION OF UNITS',
  'BOX-BOX',
  'BTL-BOTTLES',
  'BUN-BUNCHES',
  'CAN-CANS',
  'CBM-CUBIC METERS',
  'CCM-CUBIC CENTIMETERS',
  'CMS-CENTIMETERS',
  'CTN-CARTONS',
  'DOZ-DOZENS',
  'DRM-DRUMS',
  'GGK-GREAT GROSS',
  'GMS-GRAMMES',
  'GRS-GROSS',
  'GYD-GROSS YARDS',
  'KGS-KILOGRAMS',
  'KLR-KILOLITRE',
  'KME-KILOMETRE',
  'LTR-LITRES',
  'MLT-MILILITRE',
  'MTR-METERS',
  'MTS-METRIC TON',
  'NOS-NUMBERS',
  'PAC-PACKS',
  'PCS-PIECES',
  'PRS-PAIRS',
  'QTL-QUINTAL',
  'ROL-ROLLS',
  'SET-SETS',
  'SQF-SQUARE FEET',
  'SQM-SQUARE METERS',
  'SQY-SQUARE YARDS',
  'TBS-TABLETS',
  'TGM-TEN GROSS',
  'THD-THOUSANDS',
  'TON-TONNES',
  'TUB-TUBES',
  'UGS-US GALLONS',
  'UNT-UNITS',
  'YDS-YARDS',
  'OTH-OTHERS',
];

/** 'NOS' -> 'NOS-NUMBERS'. A unit GSTN does not know is reported as 'OTH-OTHERS', which it accepts. */
function uqcLabel(unit: string): string {
  const code = unit.trim().toUpperCase();
  return UQC_LABELS.find((label) => label.startsWith(`${code}-`)) ?? 'OTH-OTHERS';
}

/** An HSN row while adding up: quantity in hundredths so fractional quantities add exactly. */
type HsnBucket = { row: HsnRow; quantityHundredths: number };

function addToHsn(buckets: Map<string, HsnBucket>, document: RegisterDocument): void {
  const sign = document.kind === 'invoice' ? 1 : -1;
  for (const line of document.lines) {
    const uqc = uqcLabel(line.unit);
    const key = `${line.hsn}|${uqc}|${line.rateBasisPoints}`;
    const bucket = buckets.get(key) ?? {
      row: { hsn: line.hsn, description: line.description, uqc, quantity: 0, totalValue: 0, rateBasisPoints: line.rateBasisPoints, ...noAmounts() },
      quantityHundredths: 0,
    };
    addAmounts(bucket.row, line, sign);
    bucket.row.totalValue += sign * line.total;
    bucket.quantityHundredths += sign * Math.round(line.quantity * 100);
    buckets.set(key, bucket);
  }
}

/** Plain code-unit order: HSN codes are hierarchical ('8471…' before '9968…'), not numbers. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hsnRows(buckets: Map<string, HsnBucket>): HsnRow[] {
  return [...buckets.values()]
    .map(({ row, quantityHundredths }) => ({ ...row, quantity: quantityHundredths / 100 }))
    .filter((row) => !(isZero(row) && row.totalValue === 0 && row.quantity === 0))
    .sort((a, b) => compareText(a.hsn, b.hsn) || compareText(a.uqc, b.uqc) || a.rateBasisPoints - b.rateBasisPoints);
}

function noTotals(): DocumentTotals {
  return { count: 0, value: 0, ...noAmounts() };
}

function addToTotals(totals: DocumentTotals, document: RegisterDocument): void {
  totals.count += 1;
  totals.value += document.total;
  for (const line of document.lines) addAmounts(totals, line, 1);
}

function netOf(invoices: DocumentTotals, creditNotes: DocumentTotals): Amounts & { value: number } {
  const net = pickAmounts(invoices);
  addAmounts(net, creditNotes, -1);
  return { ...net, value: invoices.value - creditNotes.value };
}

/** Every number the GSTR-1 CSV prints, in paise, per section. Throws on an inconsistent register. */
export function gstr1Summary(input: Gstr1Input): Gstr1Summary {
  checkRegister(input);
  const summary: Gstr1Summary = {
    b2b: [],
    b2cl: [],
    b2cs: [],
    b2csCreditNotes: noTotals(),
    cdnr: [],
    cdnur: [],
    hsnB2b: [],
    hsnB2c: [],
    totals: { invoices: noTotals(), creditNotes: noTotals(), net: { ...noAmounts(), value: 0 } },
  };
  const b2cs = new Map<string, B2csRow>();
  const hsn = { b2b: new Map<string, HsnBucket>(), b2c: new Map<string, HsnBucket>() };
  for (const document of inFilingOrder(input.documents)) {
    const table = tableOf(document);
    const invoice = document.kind === 'invoice';
    addToTotals(invoice ? summary.totals.invoices : summary.totals.creditNotes, document);
    addToHsn(table === 'b2b' ? hsn.b2b : hsn.b2c, document);
    if (table === 'b2cs') {
      addToB2cs(b2cs, document, invoice ? 1 : -1);
      if (!invoice) addToTotals(summary.b2csCreditNotes, document);
    } else if (table === 'b2b') {
      (invoice ? summary.b2b : summary.cdnr).push(...documentRows(document));
    } else {
      (invoice ? summary.b2cl : summary.cdnur).push(...documentRows(document));
    }
  }
  summary.b2cs = b2csRows(b2cs);
  summary.hsnB2b = hsnRows(hsn.b2b);
  summary.hsnB2c = hsnRows(hsn.b2c);
  summary.totals.net = netOf(summary.totals.invoices, summary.totals.creditNotes);
  return summary;
}

// ---- Printing ----

/** -123450 -> '-1234.50': two decimals, no grouping, as the offline tool reads amounts. */
function rupees(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1800 -> '18', 250 -> '2.5', 25 -> '0.25'. */
function percent(basisPoints: number): string {
  const fraction = basisPoints % 100;
  const whole = String(Math.floor(basisPoints / 100));
  return fraction === 0 ? whole : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/** Quantities print as whole numbers when they are, else with up to two decimals. */
function quantity(value: number): string {
  return String(Math.round(value * 100) / 100);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-05' -> '05-Nov-2026', the only date form the offline tool imports reliably. */
function toolDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** '29' -> '29-Karnataka', as the templates' place-of-supply list spells it. */
function placeOfSupply(code: string): string {
  return `${code}-${stateByCode(code)?.name ?? ''}`;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A text cell: a leading apostrophe when a spreadsheet would read it as a formula (CSV injection),
 * then quoted (quotes doubled) when it holds a comma, quote or line break.
 */
function text(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A section: title and header as text, rows already encoded cell by cell. */
type Section = { title: string; header: string[]; rows: string[][] };

const ZERO_CESS = rupees(0);

const B2B_HEADER = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Invoice Number',
  'Invoice date',
  'Invoice Value',
  'Place Of Supply',
  'Reverse Charge',
  'Applicable % of Tax Rate',
  'Invoice Type',
  'E-Commerce GSTIN',
  'Rate',
  'Taxable Value',
  'Cess Amount',
];
const B2CL_HEADER = ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'];
/** The section CSV's order; the Excel sheet swaps Rate and Applicable % of Tax Rate. */
const B2CS_HEADER = ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'];
const CDNR_HEADER = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Note Number',
  'Note Date',
  'Note Type',
  'Place Of Supply',
  'Reverse Charge',
  'Note Supply Type',
  'Note Value',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
];
const CDNUR_HEADER = ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'];
const HSN_HEADER = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
];
/** Not a GSTN sheet: the month at a glance, for the owner. */
const TOTALS_HEADER = ['Documents', 'Count', 'Taxable Value', 'Central Tax Amount', 'State/UT Tax Amount', 'Integrated Tax Amount', 'Total Value'];

function b2bRow(row: DocumentRateRow): string[] {
  return [
    text(row.buyerGstin ?? ''),
    text(row.buyerName),
    text(row.number),
    toolDate(row.date),
    rupees(row.documentValue),
    text(placeOfSupply(row.placeOfSupply)),
    'N',
    '',
    'Regular B2B',
    '',
    percent(row.rateBasisPoints),
    rupees(row.taxableValue),
    ZERO_CESS,
  ];
}

function b2clRow(row: DocumentRateRow): string[] {
  return [
    text(row.number),
    toolDate(row.date),
    rupees(row.documentValue),
    text(placeOfSupply(row.placeOfSupply)),
    '',
    percent(row.rateBasisPoints),
    rupees(row.taxableValue),
    ZERO_CESS,
    '',
  ];
}

function b2csRow(row: B2csRow): string[] {
  return ['OE', text(placeOfSupply(row.placeOfSupply)), percent(row.rateBasisPoints), '', rupees(row.taxableValue), ZERO_CESS, ''];
}

function cdnrRow(row: DocumentRateRow): string[] {
  return [
    text(row.buyerGstin ?? ''),
    text(row.buyerName),
    text(row.number),
    toolDate(row.date),
    'C',
    text(placeOfSupply(row.placeOfSupply)),
    'N',
    'Regular B2B',
    rupees(row.documentValue),
    '',
    percent(row.rateBasisPoints),
    rupees(row.taxableValue),
    ZERO_CESS,
  ];
}

function cdnurRow(row: DocumentRateRow): string[] {
  return [
    'B2CL',
    text(row.number),
    toolDate(row.date),
    'C',
    text(placeOfSupply(row.placeOfSupply)),
    rupees(row.documentValue),
    '',
    percent(row.rateBasisPoints),
    rupees(row.taxableValue),
    ZERO_CESS,
  ];
}

function hsnRow(row: HsnRow): string[] {
  return [
    text(row.hsn),
    text(row.description),
    text(row.uqc),
    quantity(row.quantity),
    rupees(row.totalValue),
    percent(row.rateBasisPoints),
    rupees(row.taxableValue),
    rupees(row.igst),
    rupees(row.cgst),
    rupees(row.sgst),
    ZERO_CESS,
  ];
}

function totalsRow(label: string, count: string, totals: Amounts & { value: number }): string[] {
  return [text(label), count, rupees(totals.taxableValue), rupees(totals.cgst), rupees(totals.sgst), rupees(totals.igst), rupees(totals.value)];
}

function sections(summary: Gstr1Summary): Section[] {
  const { invoices, creditNotes, net } = summary.totals;
  return [
    { title: 'b2b', header: B2B_HEADER, rows: summary.b2b.map(b2bRow) },
    { title: 'b2cl', header: B2CL_HEADER, rows: summary.b2cl.map(b2clRow) },
    { title: 'b2cs', header: B2CS_HEADER, rows: summary.b2cs.map(b2csRow) },
    { title: 'cdnr', header: CDNR_HEADER, rows: summary.cdnr.map(cdnrRow) },
    { title: 'cdnur', header: CDNUR_HEADER, rows: summary.cdnur.map(cdnurRow) },
    { title: 'hsn(b2b)', header: HSN_HEADER, rows: summary.hsnB2b.map(hsnRow) },
    { title: 'hsn(b2c)', header: HSN_HEADER, rows: summary.hsnB2c.map(hsnRow) },
    {
      title: 'totals',
      header: TOTALS_HEADER,
      rows: [totalsRow('Invoices', String(invoices.count), invoices), totalsRow('Credit notes', String(creditNotes.count), creditNotes), totalsRow('Net', '', net)],
    },
  ];
}

function sectionLines({ title, header, rows }: Section): string[] {
  return [text(title), header.map(text).join(','), ...rows.map((row) => row.join(',')), ''];
}

/**
 * The month's GSTR-1 as one CSV: a UTF-8 byte-order mark (so Excel reads it as UTF-8), CRLF line
 * endings, sections b2b, b2cl, b2cs, cdnr, cdnur, hsn(b2b), hsn(b2c) and totals, each followed by
 * an empty line. Every section is printed, empty or not, so the layout never shifts.
 */
export function gstr1Csv(input: Gstr1Input): string {
  const lines = sections(gstr1Summary(input)).flatMap(sectionLines);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
