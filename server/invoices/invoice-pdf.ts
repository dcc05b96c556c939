import { collectPdf, newPdf, PDF_FONT, type Pdf } from '../lib/pdf';
import { formatINR } from '../../shared/money';
import type { DocumentLine, DocumentParty, InvoiceDocument } from './invoice-document';

type Align = 'left' | 'right';

const FONT = PDF_FONT;
const COLOR = { text: '#1a1a1a', muted: '#5b6270', rule: '#c3c8d0', fill: '#eef1f5' } as const;
const MARGIN = { top: 36, side: 36, bottom: 52 } as const;
/** Baseline of the footer (page numbers), measured up from the bottom edge. */
const FOOTER_FROM_BOTTOM = 32;
const BODY = 8;
const CELL_PAD_X = 4;
const CELL_PAD_Y = 3.5;
const META_WIDTH = 250;
const TOTALS_WIDTH = 230;

/**
 * Rule 48: a tax invoice for goods is made in triplicate, each copy marked. The shopper's PDF is
 * the original; the admin prints the transporter's duplicate with it (to go with the parcel). The
 * supplier's triplicate is the record the shop keeps. A credit note carries no copy mark.
 */
export type InvoiceCopy = 'original' | 'transporter';
const COPY_LABELS: Record<InvoiceCopy, string> = { original: 'ORIGINAL FOR RECIPIENT', transporter: 'DUPLICATE FOR TRANSPORTER' };

/** A document as one copy of it is laid out: its copy mark, if it has one. */
type Printed = InvoiceDocument & { copyLabel: string | null };

/**
 * The printable GST tax invoice or credit note (an A4 PDF) for a document already computed and
 * stored on the order: it only lays the figures out, never computes tax. The fonts are DejaVu
 * Sans, embedded, because PDF's standard fonts have no rupee sign (₹). The bytes depend only on
 * the document (its creation date is the document's date), so the same invoice always renders
 * to the same file. An invoice is printed once per copy asked for (`copies`, the original by
 * default), each copy marked and numbered on its own pages.
 */
export async function renderInvoicePdf(doc: InvoiceDocument, opts: { copies?: readonly InvoiceCopy[] } = {}): Promise<Buffer> {
  const pdf = newPdf({
    size: 'A4',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.side, right: MARGIN.side },
    bufferPages: true,
    compress: true,
    displayTitle: true,
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.seller.tradeName, Subject: doc.title, CreationDate: documentDay(doc.date) },
  });
  const bytes = collectPdf(pdf);
  const copies = doc.kind === 'invoice' ? (opts.copies ?? ['original']) : [];
  const labels = copies.length > 0 ? copies.map((copy) => COPY_LABELS[copy]) : [null];
  const ranges: { doc: Printed; start: number; count: number }[] = [];
  labels.forEach((copyLabel, i) => {
    if (i > 0) pdf.addPage();
    const start = pdf.bufferedPageRange().count - 1;
    const printed = { ...doc, copyLabel };
    layOut(pdf, printed);
    ranges.push({ doc: printed, start, count: pdf.bufferedPageRange().count - start });
  });
  for (const range of ranges) numberPages(pdf, range);
  pdf.end();
  return bytes;
}

/** 'DD-MM-YYYY' (India's date, as printed) as the start of that day in India. */
function documentDay(date: string): Date {
  const [day, month, year] = date.split('-');
  const start = new Date(`${year}-${month}-${day}T00:00:00+05:30`);
  return Number.isNaN(start.getTime()) ? new Date(0) : start;
}

function layOut(pdf: Pdf, doc: Printed): void {
  let y = drawHeader(pdf, doc, MARGIN.top);
  y = drawParties(pdf, doc, y);
  y = drawLineTable(pdf, doc, y);
  y = drawTotals(pdf, doc, y);
  drawNotes(pdf, doc, y);
}

// ---- Page geometry and text ----

const left = (pdf: Pdf) => pdf.page.margins.left;
const right = (pdf: Pdf) => pdf.page.width - pdf.page.margins.right;
const contentWidth = (pdf: Pdf) => right(pdf) - left(pdf);
const bottom = (pdf: Pdf) => pdf.page.height - pdf.page.margins.bottom;

function use(pdf: Pdf, weight: keyof typeof FONT, size: number, color: string = COLOR.text): Pdf {
  return pdf.font(FONT[weight]).fontSize(size).fillColor(color);
}

/** Writes (wrapping within width) and returns the y below what was written. */
function write(pdf: Pdf, text: string, x: number, y: number, width: number, align: Align = 'left'): number {
  pdf.text(text, x, y, { width, align, lineGap: 1 });
  return pdf.y;
}

function rule(pdf: Pdf, y: number, color: string = COLOR.rule, width = 0.6): void {
  pdf.moveTo(left(pdf), y).lineTo(right(pdf), y).lineWidth(width).strokeColor(color).stroke();
}

/** A new page opened mid-document: it says whose it is before anything else is drawn on it. */
function newPage(pdf: Pdf, doc: Printed): number {
  pdf.addPage();
  use(pdf, 'bold', BODY + 1);
  const mark = doc.copyLabel ? ` · ${doc.copyLabel}` : '';
  const y = write(pdf, `${doc.title} ${doc.number} (continued)${mark}`, left(pdf), pdf.page.margins.top, contentWidth(pdf));
  rule(pdf, y + 3);
  return y + 10;
}

/** y itself when height fits above the bottom margin; otherwise the top of a new page. */
function ensureSpace(pdf: Pdf, doc: Printed, y: number, height: number): number {
  return y + height <= bottom(pdf) ? y : newPage(pdf, doc);
}

// ---- Header: who sells, and which document this is ----

function drawHeader(pdf: Pdf, doc: Printed, top: number): number {
  const sellerWidth = contentWidth(pdf) - META_WIDTH - 16;
  use(pdf, 'bold', 20);
  let sellerY = write(pdf, doc.title, left(pdf), top, sellerWidth) + 4;
  sellerY = drawSeller(pdf, doc.seller, sellerY, sellerWidth);
  const metaY = drawMeta(pdf, doc, top + 4);
  const y = Math.max(sellerY, metaY) + 8;
  rule(pdf, y, COLOR.text, 0.8);
  return y + 10;
}

function drawSeller(pdf: Pdf, seller: InvoiceDocument['seller'], top: number, width: number): number {
  use(pdf, 'bold', 11);
  let y = write(pdf, seller.tradeName, left(pdf), top, width) + 1;
  use(pdf, 'regular', BODY + 0.5);
  if (seller.legalName !== seller.tradeName) y = write(pdf, seller.legalName, left(pdf), y, width);
  return write(pdf, partyDetails(seller, true).join('\n'), left(pdf), y, width);
}

/** Address, state, GSTIN and contact lines, as printed under a party's name. */
function partyDetails(party: DocumentParty, withEmail: boolean): string[] {
  const phone = party.phone ? `Phone: ${party.phone}` : '';
  const email = withEmail && party.email ? `Email: ${party.email}` : '';
  return [...party.addressLines, `State: ${party.stateName}, Code: ${party.stateCode}`, party.gstin ? `GSTIN: ${party.gstin}` : '', phone, email].filter(Boolean);
}

function drawMeta(pdf: Pdf, doc: Printed, top: number): number {
  const x = right(pdf) - META_WIDTH;
  const labelWidth = 78;
  const rows: [string, string][] = [
    [doc.kind === 'credit-note' ? 'Credit note no.' : 'Invoice no.', doc.number],
    ['Date', doc.date],
    ['Order no.', doc.orderNumber],
  ];
  let y = top;
  if (doc.copyLabel) {
    use(pdf, 'bold', BODY, COLOR.text);
    y = write(pdf, doc.copyLabel, x, y - 2, META_WIDTH, 'right') + 4;
  }
  for (const [label, value] of rows) {
    use(pdf, 'regular', BODY + 0.5, COLOR.muted);
    pdf.text(label, x, y, { width: labelWidth });
    // A long value is set smaller rather than broken mid-word.
    pdf.font(FONT.bold);
    use(pdf, 'bold', fittingSize(pdf, value, META_WIDTH - labelWidth, BODY + 0.5, BODY - 2));
    y = write(pdf, value, x + labelWidth, y, META_WIDTH - labelWidth) + 2;
  }
  if (doc.reference) {
    use(pdf, 'regular', BODY + 0.5);
    y = write(pdf, `Against invoice ${doc.reference.number} dated ${doc.reference.date}`, x, y + 2, META_WIDTH);
  }
  return y;
}

/** The largest size from `size` down to `smallest` (half a point at a time) at which `text` fits `width` in the current font. */
function fittingSize(pdf: Pdf, text: string, width: number, size: number, smallest: number): number {
  let fitted = size;
  while (fitted > smallest && pdf.fontSize(fitted).widthOfString(text) > width) fitted -= 0.5;
  return fitted;
}

// ---- Bill to / ship to, place of supply ----

function drawParties(pdf: Pdf, doc: Printed, top: number): number {
  const half = contentWidth(pdf) / 2;
  const buyerY = drawBuyer(pdf, doc.buyer, top, half - 12);
  const supplyY = drawSupply(pdf, doc, left(pdf) + half, top, half);
  return Math.max(buyerY, supplyY) + 12;
}

function drawBuyer(pdf: Pdf, buyer: DocumentParty, top: number, width: number): number {
  use(pdf, 'bold', BODY - 0.5, COLOR.muted);
  let y = write(pdf, 'BILL TO / SHIP TO', left(pdf), top, width) + 2;
  use(pdf, 'bold', BODY + 1.5);
  y = write(pdf, buyer.name, left(pdf), y, width) + 1;
  use(pdf, 'regular', BODY + 0.5);
  return write(pdf, partyDetails(buyer, false).join('\n'), left(pdf), y, width);
}

function drawSupply(pdf: Pdf, doc: Printed, x: number, top: number, width: number): number {
  use(pdf, 'bold', BODY - 0.5, COLOR.muted);
  let y = write(pdf, 'SUPPLY', x, top, width) + 2;
  use(pdf, 'regular', BODY + 0.5);
  y = write(pdf, `Place of supply: ${doc.placeOfSupply}`, x, y, width);
  y = write(pdf, `Reverse charge: ${doc.reverseCharge}`, x, y, width);
  return write(pdf, 'Tax is not payable on reverse charge basis.', x, y, width);
}

// ---- The line table ----

type Column = { header: string; align: Align; cell: (line: DocumentLine, index: number) => string; minWidth?: number; grow?: true };
type Table = { columns: Column[]; widths: number[] };

/** 1800 -> '18%', 250 -> '2.5%'. */
function formatRate(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

function amountColumn(header: string, paise: (line: DocumentLine) => number): Column {
  return { header, align: 'right', cell: (line) => formatINR(paise(line)), minWidth: 50 };
}

function rateColumn(header: string, basisPoints: (line: DocumentLine) => number): Column {
  return { header, align: 'right', cell: (line) => formatRate(basisPoints(line)) };
}

/** Rule 46: the rate and the amount of each tax, so CGST and SGST each at half the GST rate within a state, IGST at the whole rate across states. */
function tableColumns(intraState: boolean, discounted: boolean): Column[] {
  const tax = intraState
    ? [
        rateColumn('CGST rate', (l) => l.rateBasisPoints / 2),
        amountColumn('CGST', (l) => l.cgst),
        rateColumn('SGST rate', (l) => l.rateBasisPoints / 2),
        amountColumn('SGST', (l) => l.sgst),
      ]
    : [rateColumn('IGST rate', (l) => l.rateBasisPoints), amountColumn('IGST', (l) => l.igst)];
  return [
    { header: '#', align: 'right', cell: (_, index) => String(index + 1) },
    { header: 'Description', align: 'left', cell: (l) => l.description, grow: true },
    { header: 'HSN/SAC', align: 'left', cell: (l) => l.hsn },
    { header: 'Qty', align: 'right', cell: (l) => String(l.quantity) },
    { header: 'Unit', align: 'left', cell: (l) => l.unit },
    // A discounted sale shows the amount, the discount and the taxable value after it (CGST Act s.15(3)(a)).
    ...(discounted ? [amountColumn('Amount', (l) => l.amountInclusive ?? l.unitPriceInclusive * l.quantity), amountColumn('Discount', (l) => l.discount ?? 0)] : []),
    amountColumn('Taxable value', (l) => l.taxableValue),
    ...tax,
    amountColumn('Total', (l) => l.total),
  ];
}

/** Every column as wide as its widest cell (a header may wrap between words); the description takes the rest. */
function tableLayout(pdf: Pdf, doc: Printed): Table {
  const columns = tableColumns(
    doc.intraState,
    doc.lines.some((line) => (line.discount ?? 0) > 0),
  );
  const natural = columns.map((column) => {
    if (column.grow) return 0;
    use(pdf, 'bold', BODY);
    const headerWords = column.header.split(' ').map((word) => pdf.widthOfString(word));
    use(pdf, 'regular', BODY);
    const cells = doc.lines.map((line, index) => pdf.widthOfString(column.cell(line, index)));
    return Math.ceil(Math.max(column.minWidth ?? 0, ...headerWords, ...cells)) + 2 * CELL_PAD_X + 1;
  });
  const rest = contentWidth(pdf) - natural.reduce((sum, width) => sum + width, 0);
  return { columns, widths: columns.map((column, i) => (column.grow ? rest : (natural[i] ?? 0))) };
}

function rowHeight(pdf: Pdf, table: Table, cells: string[]): number {
  const heights = cells.map((text, i) => pdf.heightOfString(text, { width: (table.widths[i] ?? 0) - 2 * CELL_PAD_X, lineGap: 1 }));
  return Math.max(...heights) + 2 * CELL_PAD_Y;
}

function drawCells(pdf: Pdf, table: Table, cells: string[], y: number): void {
  let x = left(pdf);
  cells.forEach((text, i) => {
    const width = table.widths[i] ?? 0;
    pdf.text(text, x + CELL_PAD_X, y + CELL_PAD_Y, { width: width - 2 * CELL_PAD_X, align: table.columns[i]?.align ?? 'left', lineGap: 1 });
    x += width;
  });
}

const headers = (table: Table) => table.columns.map((column) => column.header);

function headerHeight(pdf: Pdf, table: Table): number {
  use(pdf, 'bold', BODY);
  return rowHeight(pdf, table, headers(table));
}

function drawTableHeader(pdf: Pdf, table: Table, y: number): number {
  const height = headerHeight(pdf, table);
  pdf.rect(left(pdf), y, contentWidth(pdf), height).fill(COLOR.fill);
  rule(pdf, y, COLOR.muted);
  rule(pdf, y + height, COLOR.muted);
  use(pdf, 'bold', BODY);
  drawCells(pdf, table, headers(table), y);
  return y + height;
}

function drawLineTable(pdf: Pdf, doc: Printed, top: number): number {
  const table = tableLayout(pdf, doc);
  const rows = doc.lines.map((line, index) => table.columns.map((column) => column.cell(line, index)));
  use(pdf, 'regular', BODY);
  const firstRow = rows[0] ? rowHeight(pdf, table, rows[0]) : 0;
  let y = drawTableHeader(pdf, table, ensureSpace(pdf, doc, top, headerHeight(pdf, table) + firstRow));
  for (const cells of rows) {
    use(pdf, 'regular', BODY);
    const height = rowHeight(pdf, table, cells);
    if (y + height > bottom(pdf)) y = drawTableHeader(pdf, table, newPage(pdf, doc));
    use(pdf, 'regular', BODY);
    drawCells(pdf, table, cells, y);
    y += height;
    rule(pdf, y, COLOR.rule, 0.4);
  }
  return y;
}

// ---- Totals, amount in words, notes ----

/** Each tax at each rate the lines carry, highest rate first ('CGST @ 9%'); they add up to the document's totals. */
function taxTotals(doc: Printed): [string, number][] {
  const rates = [...new Set(doc.lines.map((line) => line.rateBasisPoints))].sort((a, b) => b - a);
  const sum = (rate: number, tax: (line: DocumentLine) => number) => doc.lines.filter((line) => line.rateBasisPoints === rate).reduce((total, line) => total + tax(line), 0);
  return rates.flatMap((rate): [string, number][] =>
    doc.intraState
      ? [
          [`CGST @ ${formatRate(rate / 2)}`, sum(rate, (l) => l.cgst)],
          [`SGST @ ${formatRate(rate / 2)}`, sum(rate, (l) => l.sgst)],
        ]
      : [[`IGST @ ${formatRate(rate)}`, sum(rate, (l) => l.igst)]],
  );
}

function drawTotals(pdf: Pdf, doc: Printed, top: number): number {
  const rows: [string, number][] = [['Taxable value', doc.totals.taxableValue], ...taxTotals(doc)];
  const words = `Amount in words: ${doc.totalInWords}`;
  use(pdf, 'regular', BODY + 0.5);
  const wordsHeight = pdf.heightOfString(words, { width: contentWidth(pdf), lineGap: 1 });
  let y = ensureSpace(pdf, doc, top + 8, rows.length * 13 + 24 + 10 + wordsHeight);
  const x = right(pdf) - TOTALS_WIDTH;
  for (const [label, paise] of rows) y = drawTotalRow(pdf, label, formatINR(paise), x, y, 'regular') + 2;
  pdf.moveTo(x, y).lineTo(right(pdf), y).lineWidth(0.8).strokeColor(COLOR.text).stroke();
  y = drawTotalRow(pdf, 'Total', formatINR(doc.totals.total), x, y + 4, 'bold') + 10;
  use(pdf, 'bold', BODY + 0.5);
  pdf.text('Amount in words: ', left(pdf), y, { width: contentWidth(pdf), lineGap: 1, continued: true });
  use(pdf, 'regular', BODY + 0.5).text(doc.totalInWords, { lineGap: 1 });
  return pdf.y;
}

function drawTotalRow(pdf: Pdf, label: string, amount: string, x: number, y: number, weight: keyof typeof FONT): number {
  const size = weight === 'bold' ? BODY + 2 : BODY + 0.5;
  use(pdf, weight, size, weight === 'bold' ? COLOR.text : COLOR.muted);
  pdf.text(label, x, y, { width: TOTALS_WIDTH / 2 });
  use(pdf, weight, size);
  return write(pdf, amount, x + TOTALS_WIDTH / 2, y, TOTALS_WIDTH / 2 - CELL_PAD_X, 'right');
}

function drawNotes(pdf: Pdf, doc: Printed, top: number): void {
  let y = top + 12;
  use(pdf, 'regular', BODY);
  for (const note of doc.notes) {
    y = ensureSpace(pdf, doc, y, pdf.heightOfString(note, { width: contentWidth(pdf), lineGap: 1 }));
    y = write(pdf, note, left(pdf), y, contentWidth(pdf)) + 2;
  }
  use(pdf, 'regular', BODY, COLOR.muted);
  const closing = 'This is a computer-generated document; no signature is required.';
  y = ensureSpace(pdf, doc, y + 6, pdf.heightOfString(closing, { width: contentWidth(pdf) }));
  write(pdf, closing, left(pdf), y, contentWidth(pdf));
}

// ---- Footer on every page ----

/** Each copy's pages are numbered on their own: 'Page 1 of 2' of the original, then of the duplicate. */
function numberPages(pdf: Pdf, copy: { doc: Printed; start: number; count: number }): void {
  for (let i = 0; i < copy.count; i++) {
    pdf.switchToPage(copy.start + i);
    drawFooter(pdf, copy.doc, `Page ${i + 1} of ${copy.count}`);
  }
}

/** Drawn inside the bottom margin, which pdfkit would otherwise answer with a new page. */
function drawFooter(pdf: Pdf, doc: Printed, pageText: string): void {
  const margin = pdf.page.margins.bottom;
  pdf.page.margins.bottom = 0;
  const y = pdf.page.height - FOOTER_FROM_BOTTOM;
  rule(pdf, y - 5);
  const half = contentWidth(pdf) / 2;
  use(pdf, 'regular', BODY - 0.5, COLOR.muted);
  pdf.text(`${doc.seller.tradeName} · ${doc.title} ${doc.number}`, left(pdf), y, { width: half, lineBreak: false });
  pdf.text(pageText, left(pdf) + half, y, { width: half, align: 'right', lineBreak: false });
  pdf.page.margins.bottom = margin;
}
