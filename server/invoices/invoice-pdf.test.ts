import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatINR } from '../../shared/money';
import type { DocumentLine, DocumentParty, InvoiceDocument } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';

// Each document is rendered, written out, and read back with poppler (pdftotext, pdffonts,
// pdfinfo): what a shopper's PDF viewer shows, not what pdfkit was asked to draw.

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltmart-invoice-pdf-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const SELLER: InvoiceDocument['seller'] = {
  tradeName: 'VoltMart',
  legalName: 'VoltMart Retail Private Limited',
  name: 'VoltMart',
  addressLines: ['No. 42, 3rd Floor, Prestige Tech Park', 'Outer Ring Road, Marathahalli', 'Bengaluru 560103'],
  stateName: 'Karnataka',
  stateCode: '29',
  gstin: '29AABCV1234F1Z5',
  phone: '+91 80 4567 8900',
  email: 'billing@voltmart.in',
};

const BENGALURU_BUYER: DocumentParty = {
  name: 'Priya Raman',
  addressLines: ['Flat 3B, Lakeview Residency', '14th Cross, Jayanagar 4th Block', 'Bengaluru 560011'],
  stateName: 'Karnataka',
  stateCode: '29',
  gstin: null,
  phone: '+91 98450 12345',
  email: 'priya@example.com',
};

const PUNE_BUYER: DocumentParty = {
  name: 'Deccan Sound Studios LLP',
  addressLines: ['Unit 7, Kalyani Nagar Business Centre', 'Pune 411006'],
  stateName: 'Maharashtra',
  stateCode: '27',
  gstin: '27AAPFU0939F1ZV',
  phone: '+91 20 2661 0000',
  email: null,
};

/** A line whose figures add up: tax at half the rate each for CGST and SGST, or the whole rate as IGST. */
function line(description: string, hsn: string, quantity: number, unit: string, taxableValue: number, rateBasisPoints: number, intraState: boolean): DocumentLine {
  const half = Math.round((taxableValue * rateBasisPoints) / 20000);
  const igst = intraState ? 0 : Math.round((taxableValue * rateBasisPoints) / 10000);
  const [cgst, sgst] = intraState ? [half, half] : [0, 0];
  const total = taxableValue + cgst + sgst + igst;
  return { description, hsn, quantity, unit, unitPriceInclusive: Math.round(total / quantity), taxableValue, rateBasisPoints, cgst, sgst, igst, total };
}

function totalsOf(lines: DocumentLine[]): InvoiceDocument['totals'] {
  const sum = (pick: (l: DocumentLine) => number) => lines.reduce((acc, l) => acc + pick(l), 0);
  return { taxableValue: sum((l) => l.taxableValue), cgst: sum((l) => l.cgst), sgst: sum((l) => l.sgst), igst: sum((l) => l.igst), total: sum((l) => l.total) };
}

const invoiceLines = [
  line('Zenbook 14 OLED laptop', '84713010', 1, 'NOS', 10169492, 1800, true),
  line('USB-C 65 W charger', '85044030', 2, 'NOS', 211864, 1800, true),
  line('Shipping', '996812', 1, 'OTH', 8474, 1800, true),
];

const INVOICE: InvoiceDocument = {
  kind: 'invoice',
  title: 'Tax Invoice',
  number: 'VM/2025-26/000123',
  date: '14-08-2025',
  reference: null,
  orderId: 'ORD-7F3K-92QX',
  orderNumber: 'VM-2025-000123',
  seller: SELLER,
  buyer: BENGALURU_BUYER,
  placeOfSupply: 'Karnataka (29)',
  intraState: true,
  lines: invoiceLines,
  totals: totalsOf(invoiceLines),
  totalInWords: 'Rupees One Lakh Twenty-Two Thousand Six Hundred Only',
  reverseCharge: 'No',
  notes: ['Goods once sold can be returned within 7 days of delivery.', 'Grievance officer: Anil Kumar, grievance@voltmart.in, +91 80 4567 8999.'],
};

const creditLines = [line('Studio headphones ANC', '85183000', 1, 'NOS', 423729, 1800, false), line('Solar LED lantern', '85131010', 1, 'NOS', 89286, 1200, false)];

const CREDIT_NOTE: InvoiceDocument = {
  kind: 'credit-note',
  title: 'Credit Note',
  number: 'VMCN/2025-26/000007',
  date: '02-09-2025',
  reference: { number: 'VM/2025-26/000098', date: '20-08-2025' },
  orderId: 'ORD-2PLM-44TA',
  orderNumber: 'VM-2025-000098',
  seller: SELLER,
  buyer: PUNE_BUYER,
  placeOfSupply: 'Maharashtra (27)',
  intraState: false,
  lines: creditLines,
  totals: totalsOf(creditLines),
  totalInWords: 'Rupees Six Thousand Only',
  reverseCharge: 'No',
  notes: ['Reason: goods returned by the customer within the return window.'],
};

const LONG_DESCRIPTIONS = [
  'Wireless mouse',
  'Mechanical keyboard with hot-swappable switches, RGB backlight and detachable braided USB-C cable',
  'HDMI 2.1 cable, 2 m',
  'Portable SSD 1 TB, USB 3.2 Gen 2, shock-resistant aluminium enclosure',
];

const longLines = Array.from({ length: 60 }, (_, i) =>
  line(`Item ${i + 1}: ${LONG_DESCRIPTIONS[i % LONG_DESCRIPTIONS.length] ?? ''}`, '84716060', 1 + (i % 3), 'NOS', 100000, (i + 1) % 10 === 0 ? 250 : 1800, true),
);

const LONG_INVOICE: InvoiceDocument = {
  ...INVOICE,
  number: 'VM/2025-26/000124',
  lines: longLines,
  totals: totalsOf(longLines),
  totalInWords: 'Rupees Sixty-Nine Thousand Eight Hundred and Seventy Only',
};

type Rendered = { pdf: Buffer; file: string; text: string };

async function render(doc: InvoiceDocument, name: string, opts: Parameters<typeof renderInvoicePdf>[1] = {}): Promise<Rendered> {
  const pdf = await renderInvoicePdf(doc, opts);
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  return { pdf, file, text: pdftotext(file) };
}

function pdftotext(file: string, page?: number): string {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('/usr/bin/pdftotext', ['-layout', ...pages, file, '-'], { encoding: 'utf8' });
}

function pdfinfo(file: string): Record<string, string> {
  const out = execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' });
  return Object.fromEntries(out.split('\n').map((row) => [row.slice(0, row.indexOf(':')), row.slice(row.indexOf(':') + 1).trim()]));
}

/** pdffonts rows as font name -> embedded; the name is the first column, 'emb' the fifth from the end. */
function pdffonts(file: string): Map<string, boolean> {
  const rows = execFileSync('/usr/bin/pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return new Map(
    rows.map((row) => {
      const columns = row.trim().split(/\s+/);
      return [columns[0]?.replace(/^[A-Z]{6}\+/, '') ?? '', columns.at(-5) === 'yes'];
    }),
  );
}

/** Word boxes (pdftotext -bbox), per page, to check nothing is drawn outside the paper's margins. */
function wordBoxes(file: string): { page: number; word: string; xMin: number; yMin: number; xMax: number; yMax: number }[] {
  const html = execFileSync('/usr/bin/pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return html.split('<page ').flatMap((chunk, page) =>
    [...chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      page,
      word: m[5] ?? '',
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
    })),
  );
}

function expectParty(text: string, party: DocumentParty): void {
  expect(text).toContain(party.name);
  for (const address of party.addressLines) expect(text).toContain(address);
  expect(text).toContain(`State: ${party.stateName}, Code: ${party.stateCode}`);
  if (party.gstin) expect(text).toContain(`GSTIN: ${party.gstin}`);
  if (party.phone) expect(text).toContain(party.phone);
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The row as pdftotext -layout prints it: its cells in order on one line, each tax as its rate
 * then its amount in ₹. A long description may wrap within its cell: the first line holds its
 * beginning, the next line the rest.
 */
function expectRow(text: string, index: number, l: DocumentLine, taxes: [rate: string, paise: number][]): void {
  const after = [l.hsn, String(l.quantity), l.unit, formatINR(l.taxableValue), ...taxes.flatMap(([rate, paise]) => [rate, formatINR(paise)]), formatINR(l.total)];
  const row = new RegExp(`^\\s*${index + 1}\\s+(.+?)\\s+${after.map(escapeRegex).join('\\s+')}\\s*$(?:\\n\\s+(\\S.*))?`, 'm').exec(text);
  expect(row, `row ${index + 1}`).not.toBeNull();
  const [, first = '', rest = ''] = row ?? [];
  const described = first === l.description ? first : `${first} ${rest.trim()}`;
  expect(described).toBe(l.description);
}

function expectFootAndPages(text: string, pages: number): void {
  expect(text).toContain('Tax is not payable on reverse charge basis');
  expect(text).toContain('Reverse charge: No');
  expect(text).toContain('This is a computer-generated document; no signature is required.');
  for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
}

describe('renderInvoicePdf', () => {
  it('prints every field of an intra-state tax invoice, with CGST and SGST and amounts in ₹', async () => {
    const { pdf, file, text } = await render(INVOICE, 'invoice');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(text).toContain('Tax Invoice');
    expect(text).toContain(INVOICE.number);
    expect(text).toContain(INVOICE.date);
    // The readable order number, not the internal id (issue 29).
    expect(text).toMatch(/Order no\.\s+VM-2025-000123/);
    expect(text).not.toContain(INVOICE.orderId);
    expect(text).toContain(SELLER.tradeName);
    expect(text).toContain(SELLER.legalName);
    expectParty(text, SELLER);
    expect(text).toContain(`Email: ${SELLER.email ?? ''}`);
    expectParty(text, BENGALURU_BUYER);
    expect(text).not.toContain('GSTIN: null');
    expect(text).toContain('Place of supply: Karnataka (29)');

    // Rule 46: the rate and amount of each tax: CGST 9% and SGST 9% of an 18% item, not '18%' beside both.
    expect(text).toMatch(/#\s+Description\s+HSN\/SAC\s+Qty\s+Unit\s+Taxable\s+CGST\s+CGST\s+SGST\s+SGST\s+Total\n\s+value\s+rate\s+rate/);
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('18%');
    INVOICE.lines.forEach((l, i) =>
      expectRow(text, i, l, [
        ['9%', l.cgst],
        ['9%', l.sgst],
      ]),
    );
    expect(text).toContain('996812');

    expect(text).toMatch(/Taxable value\s+₹1,03,898\.30/);
    expect(text).toMatch(new RegExp(`CGST @ 9%\\s+${formatINR(INVOICE.totals.cgst)}`));
    expect(text).toMatch(new RegExp(`SGST @ 9%\\s+${formatINR(INVOICE.totals.sgst)}`));
    expect(text).toMatch(/Total\s+₹1,22,600\.00/);
    expect(text).toContain('Amount in words: Rupees One Lakh Twenty-Two Thousand Six Hundred Only');
    for (const note of INVOICE.notes) expect(text).toContain(note);
    expectFootAndPages(text, 1);

    expect(pdfinfo(file)).toMatchObject({ Pages: '1', Title: 'Tax Invoice VM/2025-26/000123', Author: 'VoltMart' });
  });

  it('prints an inter-state credit note with IGST, the buyer GSTIN and the invoice it reverses', async () => {
    const { text } = await render(CREDIT_NOTE, 'credit-note');
    expect(text).toContain('Credit Note');
    expect(text).toContain(CREDIT_NOTE.number);
    expect(text).toContain(CREDIT_NOTE.date);
    expect(text).toContain('Against invoice VM/2025-26/000098 dated 20-08-2025');
    expectParty(text, SELLER);
    expectParty(text, PUNE_BUYER);
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Place of supply: Maharashtra (27)');

    expect(text).toMatch(/#\s+Description\s+HSN\/SAC\s+Qty\s+Unit\s+Taxable\s+IGST\s+IGST\s+Total\n\s+value\s+rate/);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    const [headphones, lantern] = CREDIT_NOTE.lines;
    if (!headphones || !lantern) throw new Error('fixture lines');
    expectRow(text, 0, headphones, [['18%', headphones.igst]]);
    expectRow(text, 1, lantern, [['12%', lantern.igst]]);

    expect(text).toMatch(/Taxable value\s+₹5,130\.15/);
    expect(text).toMatch(new RegExp(`IGST @ 18%\\s+${formatINR(headphones.igst)}`));
    expect(text).toMatch(new RegExp(`IGST @ 12%\\s+${formatINR(lantern.igst)}`));
    expect(headphones.igst + lantern.igst).toBe(86985);
    // Rule 48 marks the copies of a tax invoice; a credit note carries no such mark.
    expect(text).not.toMatch(/ORIGINAL|DUPLICATE/);
    expect(text).toMatch(/Total\s+₹6,000\.00/);
    expect(text).toContain('Amount in words: Rupees Six Thousand Only');
    expect(text).toContain(CREDIT_NOTE.notes[0]);
    expectFootAndPages(text, 1);
  });

  it('embeds DejaVu Sans (regular and bold) and no other font', async () => {
    const { file } = await render(CREDIT_NOTE, 'fonts');
    const fonts = pdffonts(file);
    expect(fonts.get('DejaVuSans')).toBe(true);
    expect(fonts.get('DejaVuSans-Bold')).toBe(true);
    expect([...fonts.keys()].sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('breaks a long invoice over pages, repeating the table header, with every row on a page once', async () => {
    const { file, text } = await render(LONG_INVOICE, 'long');
    const pages = Number(pdfinfo(file).Pages);
    expect(pages).toBeGreaterThan(1);
    expectFootAndPages(text, pages);

    const pagesWithRows = Array.from({ length: pages }, (_, i) => pdftotext(file, i + 1)).filter((page) => /Item \d+:/.test(page));
    expect(pagesWithRows.length).toBeGreaterThan(1);
    pagesWithRows.forEach((page, i) => {
      if (i > 0) expect(page).toContain(`Tax Invoice ${LONG_INVOICE.number} (continued) · ORIGINAL FOR RECIPIENT`);
      expect(page).toMatch(/#\s+Description\s+HSN\/SAC\s+Qty\s+Unit\s+Taxable\s+CGST\s+CGST\s+SGST\s+SGST\s+Total/);
    });
    for (let i = 0; i < LONG_INVOICE.lines.length; i++) expect(text.match(new RegExp(`Item ${i + 1}:`, 'g'))).toHaveLength(1);
    // A 2.5% item: CGST and SGST at 1.25% each, on the line and in the totals by rate.
    expect(text).toMatch(/\s1\.25%\s/);
    expect(text).toMatch(/CGST @ 1\.25%\s+₹/);
    expect(text).toMatch(/SGST @ 9%\s+₹/);
    expect(text).toContain('Amount in words: Rupees Sixty-Nine Thousand Eight Hundred and Seventy Only');
    expect(text).toMatch(/Total\s+₹69,870\.00/);

    const boxes = wordBoxes(file);
    expect(boxes.length).toBeGreaterThan(500);
    const A4 = { width: 595.28, height: 841.89 };
    for (const box of boxes) {
      expect(box.xMin, box.word).toBeGreaterThanOrEqual(30);
      expect(box.xMax, box.word).toBeLessThanOrEqual(A4.width - 30);
      expect(box.yMin, box.word).toBeGreaterThanOrEqual(30);
      expect(box.yMax, box.word).toBeLessThanOrEqual(A4.height - 20);
    }
  });

  it('marks the copies: the original for the recipient, and with it the duplicate for the transporter, each numbered on its own', async () => {
    const shopper = await render(INVOICE, 'original');
    expect(shopper.text).toContain('ORIGINAL FOR RECIPIENT');
    expect(shopper.text).not.toContain('DUPLICATE');

    const shop = await render(INVOICE, 'both-copies', { copies: ['original', 'transporter'] });
    expect(pdfinfo(shop.file).Pages).toBe('2');
    const [first, second] = [pdftotext(shop.file, 1), pdftotext(shop.file, 2)];
    expect(first).toContain('ORIGINAL FOR RECIPIENT');
    expect(first).not.toContain('DUPLICATE');
    expect(second).toContain('DUPLICATE FOR TRANSPORTER');
    for (const page of [first, second]) {
      expect(page).toContain(INVOICE.number);
      expect(page).toContain('Page 1 of 1');
      expect(page).toMatch(/Total\s+₹1,22,600\.00/);
    }
  });

  it('dates the file on the invoice date (India), and keeps the longest order number on one line', async () => {
    const orderNumber = 'ABCD-2026-1000000';
    const { file, text } = await render({ ...INVOICE, orderNumber }, 'dated');
    // 14-08-2025 00:00 in India is 13 August 18:30 UTC; pdfkit wrote 1 January 1970 before.
    expect(pdfinfo(file).CreationDate).toMatch(/Aug 13 18:30:00 2025 UTC|Aug 14 00:00:00 2025 IST/);
    expect(text).toMatch(new RegExp(`Order no\\.\\s+${orderNumber}`));
  });

  it('renders the same document to the same bytes', async () => {
    const [first, second] = await Promise.all([renderInvoicePdf(INVOICE), renderInvoicePdf(INVOICE)]);
    expect(first.equals(second)).toBe(true);
  });
});
