import { describe, expect, it } from 'vitest';
import { splitInclusive } from '../../shared/gst';
import { gstr1Csv, gstr1Summary, type Gstr1Input, type RegisterDocument, type RegisterLine } from './gstr1';

// ---- A month of the shop's register: November 2026, seller in Karnataka (29) ----

const SELLER = '29';

/** [hsn, description, quantity, unit, rate in basis points, GST-inclusive amount in paise] */
type LineSpec = [string, string, number, string, number, number];

const phone = (quantity: number, amount: number): LineSpec => ['85171300', 'Smartphone X5 128 GB', quantity, 'NOS', 1800, amount];
const earbuds = (quantity: number): LineSpec => ['85183000', 'Wireless earbuds', quantity, 'NOS', 1800, quantity * 1_499_00];
const laptop = (quantity: number): LineSpec => ['84713010', 'Laptop 14 inch', quantity, 'NOS', 1800, quantity * 64_990_00];
const tv: LineSpec = ['85287219', 'OLED TV 65 inch', 1, 'NOS', 1800, 1_89_990_00];
const solar: LineSpec = ['85414300', 'Solar panel 50 W', 1, 'NOS', 500, 3_499_00];
const monitors: LineSpec = ['85285200', 'Monitor 27 inch', 3, 'NOS', 1800, 3 * 18_999_00];
/** Starts with '@' and holds a comma: CSV-injection guard and quoting in the HSN section. */
const smartPlugs: LineSpec = ['85365090', '@Home smart plug, 16 A', 2, 'NOS', 1800, 2 * 1_299_00];
/** A comma and quotes in a description. */
const router: LineSpec = ['85176290', 'Wi-Fi 6 router, "AX3000"', 1, 'NOS', 1800, 4_999_00];
const shipping = (amount: number): LineSpec => ['996812', 'Shipping', 1, 'OTH', 1800, amount];

type Party = Pick<RegisterDocument, 'buyerName' | 'buyerGstin' | 'placeOfSupply'>;

const asha: Party = { buyerName: 'Asha Rao', buyerGstin: null, placeOfSupply: '29' };
const kiran: Party = { buyerName: 'Kiran Shetty', buyerGstin: null, placeOfSupply: '29' };
const rohan: Party = { buyerName: 'Rohan Kulkarni', buyerGstin: null, placeOfSupply: '27' };
const meena: Party = { buyerName: 'Meena Sundaram', buyerGstin: null, placeOfSupply: '33' };
const anil: Party = { buyerName: 'Anil Menon', buyerGstin: null, placeOfSupply: '32' };
const divya: Party = { buyerName: 'Divya Arora', buyerGstin: null, placeOfSupply: '07' };
/** A comma and quotes in a buyer's name. */
const sharma: Party = { buyerName: 'Sharma "Tech", Traders', buyerGstin: '29AAGCB7383J1Z4', placeOfSupply: '29' };
/** A buyer's name a spreadsheet would run as a formula. */
const pune: Party = { buyerName: '=Pune Gadgets LLP', buyerGstin: '27AAPFU0939F1ZV', placeOfSupply: '27' };

function line([hsn, description, quantity, unit, rateBasisPoints, amount]: LineSpec, intraState: boolean): RegisterLine {
  const { taxable, cgst, sgst, igst } = splitInclusive(amount, rateBasisPoints, intraState);
  return { hsn, description, quantity, unit, rateBasisPoints, taxableValue: taxable, cgst, sgst, igst, total: amount };
}

function invoice(number: string, date: string, party: Party, specs: LineSpec[]): RegisterDocument {
  const intraState = party.placeOfSupply === SELLER;
  const lines = specs.map((spec) => line(spec, intraState));
  const total = lines.reduce((sum, l) => sum + l.total, 0);
  return { kind: 'invoice', number, date, reference: null, orderId: `order-${number}`, orderNumber: `VM-2026-${number.slice(-4)}`, ...party, intraState, lines, total };
}

/** A credit note reversing the whole invoice, as the shop issues them. */
function creditNote(number: string, date: string, original: RegisterDocument): RegisterDocument {
  return { ...original, kind: 'credit-note', number, date, reference: { number: original.number, date: original.date }, lines: original.lines.map((l) => ({ ...l })) };
}

const inv = {
  b2csPhone: invoice('INV-2026-0101', '2026-11-02', asha, [phone(1, 24_999_00), shipping(99_00)]),
  b2csEarbuds: invoice('INV-2026-0102', '2026-11-03', kiran, [earbuds(2), shipping(49_00)]),
  b2csMaharashtra: invoice('INV-2026-0103', '2026-11-05', rohan, [laptop(1)]),
  b2cl: invoice('INV-2026-0104', '2026-11-06', meena, [tv, shipping(499_00)]),
  b2bSharma1: invoice('INV-2026-0105', '2026-11-08', sharma, [laptop(2), solar]),
  /** Exactly ₹1,00,000, inter-state, unregistered: B2C (Large) is strictly above, so this is B2CS. */
  b2csAtThreshold: invoice('INV-2026-0106', '2026-11-10', rohan, [phone(1, 99_901_00), shipping(99_00)]),
  b2bSharma2: invoice('INV-2026-0107', '2026-11-12', sharma, [monitors]),
  b2bPune: invoice('INV-2026-0108', '2026-11-14', pune, [router, smartPlugs, shipping(99_00)]),
  b2csSolar: invoice('INV-2026-0109', '2026-11-15', asha, [solar, shipping(99_00)]),
  b2csKerala: invoice('INV-2026-0110', '2026-11-18', anil, [earbuds(1)]),
};
/** October's sale to Delhi, returned in November: its credit note drives the Delhi B2CS row negative. */
const octoberDelhi = invoice('INV-2026-0090', '2026-10-28', divya, [earbuds(1)]);

const cn = {
  b2cs: creditNote('CN-2026-0011', '2026-11-20', inv.b2csEarbuds),
  cdnr: creditNote('CN-2026-0012', '2026-11-21', inv.b2bSharma2),
  cdnur: creditNote('CN-2026-0013', '2026-11-25', inv.b2cl),
  b2csKerala: creditNote('CN-2026-0014', '2026-11-26', inv.b2csKerala),
  b2csDelhi: creditNote('CN-2026-0015', '2026-11-27', octoberDelhi),
};

const invoices = Object.values(inv);
const creditNotes = Object.values(cn);
const documents = [...invoices, ...creditNotes];
const input: Gstr1Input = { sellerStateCode: SELLER, documents };

// ---- Reading the CSV back ----

/** RFC 4180 as the module writes it: quoted fields with doubled quotes, CRLF rows. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      endCell();
    } else if (c === '\r' && csv[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

type ParsedSection = { title: string; header: string[]; rows: Record<string, string>[] };

/** Title row, header row, data rows up to an empty line; repeated. */
function parseSections(csv: string): ParsedSection[] {
  const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
  const sections: ParsedSection[] = [];
  for (let i = 0; i < rows.length;) {
    const [title, header] = [rows[i]!, rows[i + 1]!];
    expect(title).toHaveLength(1);
    const section: ParsedSection = { title: title[0]!, header, rows: [] };
    for (i += 2; rows[i]!.length > 1 || rows[i]![0] !== ''; i++) {
      expect(rows[i]).toHaveLength(header.length);
      section.rows.push(Object.fromEntries(header.map((name, column) => [name, rows[i]![column]!])));
    }
    sections.push(section);
    i++;
  }
  return sections;
}

/** '1234.50' -> 123450, exactly (no floats). */
function paise(rupees: string | undefined): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(rupees ?? '');
  if (!match) throw new Error(`not an amount: ${rupees}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

type Field = 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'total';

/** A register field added up over documents' lines, in paise. */
function lineSum(docs: RegisterDocument[], field: Field, filter: (l: RegisterLine) => boolean = () => true): number {
  return docs.flatMap((d) => d.lines.filter(filter)).reduce((sum, l) => sum + l[field], 0);
}

const columnSum = (rows: Record<string, string>[], column: string): number => rows.reduce((sum, row) => sum + paise(row[column]), 0);

const csv = gstr1Csv(input);
const sections = parseSections(csv);
const section = (title: string): ParsedSection => sections.find((s) => s.title === title)!;
const summary = gstr1Summary(input);

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

describe('GSTR-1 CSV layout', () => {
  it('is UTF-8 with a byte-order mark and CRLF line endings, ending in an empty line', () => {
    expect(csv.startsWith('\uFEFFb2b\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(csv.endsWith('\r\n\r\n')).toBe(true);
  });

  it('has one section per GSTR-1 table, in order, then the totals', () => {
    expect(sections.map((s) => s.title)).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn(b2b)', 'hsn(b2c)', 'totals']);
  });

  it('heads each section with the offline tool template’s column names', () => {
    expect(section('b2b').header).toEqual([
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
    ]);
    expect(section('b2cl').header).toEqual([
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    expect(section('b2cs').header).toEqual(['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN']);
    expect(section('cdnr').header).toEqual([
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
    ]);
    expect(section('cdnur').header).toEqual([
      'UR Type',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Note Value',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ]);
    expect(section('hsn(b2b)').header).toEqual(HSN_HEADER);
    expect(section('hsn(b2c)').header).toEqual(HSN_HEADER);
    expect(section('totals').header).toEqual(['Documents', 'Count', 'Taxable Value', 'Central Tax Amount', 'State/UT Tax Amount', 'Integrated Tax Amount', 'Total Value']);
  });

  it('prints amounts as bare rupees with two decimals, never quoted, and dates as DD-MMM-YYYY', () => {
    expect(csv).not.toMatch(/"-?\d+\.\d{2}"/);
    for (const { rows } of sections) {
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (/Value|Amount/.test(column) && value !== '') expect(value).toMatch(/^-?\d+\.\d{2}$/);
          if (/date/i.test(column)) expect(value).toMatch(/^\d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{4}$/);
        }
      }
    }
  });

  it('quotes names with commas and quotes, and defuses text a spreadsheet would run as a formula', () => {
    expect(csv).toContain('"Sharma ""Tech"", Traders"');
    expect(csv).toContain(`,'=Pune Gadgets LLP,`);
    expect(csv).toContain(`"'@Home smart plug, 16 A"`);
    expect(csv).toContain('"Wi-Fi 6 router, ""AX3000"""');
    const names = section('b2b').rows.map((row) => row['Receiver Name']);
    expect(new Set(names)).toEqual(new Set(['Sharma "Tech", Traders', "'=Pune Gadgets LLP"]));
    for (const { rows } of sections) {
      for (const value of rows.flatMap((row) => Object.values(row))) {
        expect(value).not.toMatch(/^[=+@\t\r]/);
        if (value.startsWith('-')) expect(value).toMatch(/^-\d+(\.\d+)?$/);
      }
    }
  });

  it('prints every section, with a header and no rows, for a month without documents', () => {
    const empty = parseSections(gstr1Csv({ sellerStateCode: SELLER, documents: [] }));
    expect(empty.map((s) => [s.title, s.rows.length])).toEqual([
      ['b2b', 0],
      ['b2cl', 0],
      ['b2cs', 0],
      ['cdnr', 0],
      ['cdnur', 0],
      ['hsn(b2b)', 0],
      ['hsn(b2c)', 0],
      ['totals', 3],
    ]);
  });

  it('gives the same file whatever order the register comes in', () => {
    expect(gstr1Csv({ sellerStateCode: SELLER, documents: [...documents].reverse() })).toBe(csv);
  });
});

describe('b2b (4A)', () => {
  const rows = section('b2b').rows;

  it('has one row per invoice per rate, for registered buyers only, with the whole invoice value on each', () => {
    expect(rows.map((row) => [row['Invoice Number'], row['Rate']])).toEqual([
      ['INV-2026-0105', '5'],
      ['INV-2026-0105', '18'],
      ['INV-2026-0107', '18'],
      ['INV-2026-0108', '18'],
    ]);
    for (const row of rows) {
      const document = invoices.find((d) => d.number === row['Invoice Number'])!;
      expect(paise(row['Invoice Value'])).toBe(document.total);
      expect(paise(row['Taxable Value'])).toBe(lineSum([document], 'taxableValue', (l) => l.rateBasisPoints / 100 === Number(row['Rate'])));
    }
  });

  it('fills the row as the template asks', () => {
    // 2 laptops at ₹64,990 within Karnataka: CGST = SGST = round(1,29,980 × 9/118) = ₹9,913.73.
    expect(rows[1]).toEqual({
      'GSTIN/UIN of Recipient': '29AAGCB7383J1Z4',
      'Receiver Name': 'Sharma "Tech", Traders',
      'Invoice Number': 'INV-2026-0105',
      'Invoice date': '08-Nov-2026',
      'Invoice Value': '133479.00',
      'Place Of Supply': '29-Karnataka',
      'Reverse Charge': 'N',
      'Applicable % of Tax Rate': '',
      'Invoice Type': 'Regular B2B',
      'E-Commerce GSTIN': '',
      Rate: '18',
      'Taxable Value': '110152.54',
      'Cess Amount': '0.00',
    });
    expect(rows[3]).toMatchObject({ 'GSTIN/UIN of Recipient': '27AAPFU0939F1ZV', 'Place Of Supply': '27-Maharashtra', 'Invoice date': '14-Nov-2026' });
  });
});

describe('b2cl (5) and b2cs (7)', () => {
  it('puts only the inter-state unregistered invoice above ₹1,00,000 in b2cl', () => {
    expect(section('b2cl').rows).toEqual([
      {
        'Invoice Number': 'INV-2026-0104',
        'Invoice date': '06-Nov-2026',
        'Invoice Value': '190489.00',
        'Place Of Supply': '33-Tamil Nadu',
        'Applicable % of Tax Rate': '',
        Rate: '18',
        'Taxable Value': (lineSum([inv.b2cl], 'taxableValue') / 100).toFixed(2),
        'Cess Amount': '0.00',
        'E-Commerce GSTIN': '',
      },
    ]);
  });

  it('summarises the rest by place of supply and rate, net of their credit notes', () => {
    const rows = section('b2cs').rows;
    expect(rows.map((row) => [row['Type'], row['Place Of Supply'], row['Rate']])).toEqual([
      ['OE', '07-Delhi', '18'],
      ['OE', '27-Maharashtra', '18'],
      ['OE', '29-Karnataka', '5'],
      ['OE', '29-Karnataka', '18'],
    ]);
    const taxable = (row: number) => paise(rows[row]!['Taxable Value']);
    const at18 = (l: RegisterLine) => l.rateBasisPoints === 1800;
    // October's Delhi sale returned in November: a negative row, as Table 7 allows.
    expect(taxable(0)).toBe(-lineSum([octoberDelhi], 'taxableValue'));
    // The invoice at exactly ₹1,00,000 is B2CS, with the other Maharashtra sale.
    expect(taxable(1)).toBe(lineSum([inv.b2csMaharashtra, inv.b2csAtThreshold], 'taxableValue'));
    expect(taxable(2)).toBe(lineSum([inv.b2csSolar], 'taxableValue', (l) => l.rateBasisPoints === 500));
    expect(taxable(3)).toBe(lineSum([inv.b2csPhone, inv.b2csEarbuds, inv.b2csSolar], 'taxableValue', at18) - lineSum([cn.b2cs], 'taxableValue'));
    // Kerala: one sale, fully returned the same month; the row nets to zero and is left out.
    expect(rows.some((row) => row['Place Of Supply'] === '32-Kerala')).toBe(false);
  });

  it('ties b2b + b2cl + b2cs (plus the credit notes netted into b2cs) back to the month’s invoices', () => {
    const reported = columnSum(section('b2b').rows, 'Taxable Value') + columnSum(section('b2cl').rows, 'Taxable Value') + columnSum(section('b2cs').rows, 'Taxable Value');
    const netted = lineSum([cn.b2cs, cn.b2csKerala, cn.b2csDelhi], 'taxableValue');
    expect(reported + netted).toBe(lineSum(invoices, 'taxableValue'));
  });
});

describe('cdnr and cdnur (9B)', () => {
  it('reports the credit note to a registered buyer in cdnr', () => {
    expect(section('cdnr').rows).toEqual([
      {
        'GSTIN/UIN of Recipient': '29AAGCB7383J1Z4',
        'Receiver Name': 'Sharma "Tech", Traders',
        'Note Number': 'CN-2026-0012',
        'Note Date': '21-Nov-2026',
        'Note Type': 'C',
        'Place Of Supply': '29-Karnataka',
        'Reverse Charge': 'N',
        'Note Supply Type': 'Regular B2B',
        'Note Value': '56997.00',
        'Applicable % of Tax Rate': '',
        Rate: '18',
        'Taxable Value': (lineSum([cn.cdnr], 'taxableValue') / 100).toFixed(2),
        'Cess Amount': '0.00',
      },
    ]);
  });

  it('reports the credit note against the B2C (Large) invoice in cdnur, and no B2CS note anywhere', () => {
    expect(
      section('cdnur').rows.map((row) => [row['UR Type'], row['Note Number'], row['Note Date'], row['Note Type'], row['Place Of Supply'], row['Note Value'], row['Rate']]),
    ).toEqual([['B2CL', 'CN-2026-0013', '25-Nov-2026', 'C', '33-Tamil Nadu', '190489.00', '18']]);
    expect(columnSum(section('cdnur').rows, 'Taxable Value')).toBe(lineSum([cn.cdnur], 'taxableValue'));
    expect(csv).not.toContain('CN-2026-0011');
    expect(csv).not.toContain('CN-2026-0014');
    expect(csv).not.toContain('CN-2026-0015');
  });
});

describe('hsn(b2b) and hsn(b2c) (12)', () => {
  const b2b = section('hsn(b2b)').rows;
  const b2c = section('hsn(b2c)').rows;
  const all = [...b2b, ...b2c];

  it('splits by whether the buyer is registered and keys rows by HSN, UQC and rate', () => {
    expect(b2b.map((row) => [row['HSN'], row['UQC'], row['Rate'], row['Total Quantity']])).toEqual([
      ['84713010', 'NOS-NUMBERS', '18', '2'],
      ['85176290', 'NOS-NUMBERS', '18', '1'],
      ['85365090', 'NOS-NUMBERS', '18', '2'],
      ['85414300', 'NOS-NUMBERS', '5', '1'],
      ['996812', 'OTH-OTHERS', '18', '1'],
    ]);
    expect(b2c.map((row) => [row['HSN'], row['Description'], row['UQC'], row['Rate'], row['Total Quantity']])).toEqual([
      ['84713010', 'Laptop 14 inch', 'NOS-NUMBERS', '18', '1'],
      ['85171300', 'Smartphone X5 128 GB', 'NOS-NUMBERS', '18', '2'],
      ['85183000', 'Wireless earbuds', 'NOS-NUMBERS', '18', '-1'],
      ['85414300', 'Solar panel 50 W', 'NOS-NUMBERS', '5', '1'],
      ['996812', 'Shipping', 'OTH-OTHERS', '18', '3'],
    ]);
  });

  it('nets credit notes out, leaving out rows that net to zero (the monitors and the TV, returned)', () => {
    expect(all.some((row) => row['HSN'] === '85285200' || row['HSN'] === '85287219')).toBe(false);
    expect(b2c[2]).toMatchObject({ HSN: '85183000', 'Total Value': '-1499.00' });
  });

  it('defuses a description a spreadsheet would run as a formula', () => {
    expect(b2b[2]).toMatchObject({ HSN: '85365090', Description: "'@Home smart plug, 16 A", 'Total Value': '2598.00' });
  });

  it('ties every column to invoices less credit notes, and each half to its own buyers', () => {
    const columns: [string, Field][] = [
      ['Taxable Value', 'taxableValue'],
      ['Integrated Tax Amount', 'igst'],
      ['Central Tax Amount', 'cgst'],
      ['State/UT Tax Amount', 'sgst'],
      ['Total Value', 'total'],
    ];
    const registered = (docs: RegisterDocument[]) => docs.filter((d) => d.buyerGstin !== null);
    for (const [column, field] of columns) {
      expect(columnSum(all, column)).toBe(lineSum(invoices, field) - lineSum(creditNotes, field));
      expect(columnSum(b2b, column)).toBe(lineSum(registered(invoices), field) - lineSum(registered(creditNotes), field));
    }
  });
});

describe('totals', () => {
  const rows = section('totals').rows;

  it('counts the documents and adds up invoices, credit notes and the net', () => {
    expect(rows.map((row) => [row['Documents'], row['Count']])).toEqual([
      ['Invoices', '10'],
      ['Credit notes', '5'],
      ['Net', ''],
    ]);
    const columns: [string, Field][] = [
      ['Taxable Value', 'taxableValue'],
      ['Central Tax Amount', 'cgst'],
      ['State/UT Tax Amount', 'sgst'],
      ['Integrated Tax Amount', 'igst'],
      ['Total Value', 'total'],
    ];
    for (const [column, field] of columns) {
      expect(paise(rows[0]![column])).toBe(lineSum(invoices, field));
      expect(paise(rows[1]![column])).toBe(lineSum(creditNotes, field));
      expect(paise(rows[2]![column])).toBe(lineSum(invoices, field) - lineSum(creditNotes, field));
    }
    expect(paise(rows[0]!['Total Value'])).toBe(invoices.reduce((sum, d) => sum + d.total, 0));
  });
});

describe('gstr1Summary', () => {
  const amountFields = ['taxableValue', 'cgst', 'sgst', 'igst'] as const;
  const total = (rows: Record<(typeof amountFields)[number], number>[], field: (typeof amountFields)[number]) => rows.reduce((sum, row) => sum + row[field], 0);

  it('ties every tax column of the outward tables back to the invoices and credit notes', () => {
    for (const field of amountFields) {
      expect(total(summary.b2b, field) + total(summary.b2cl, field) + total(summary.b2cs, field) + summary.b2csCreditNotes[field]).toBe(lineSum(invoices, field));
      expect(total(summary.cdnr, field) + total(summary.cdnur, field) + summary.b2csCreditNotes[field]).toBe(lineSum(creditNotes, field));
      expect(total([...summary.hsnB2b, ...summary.hsnB2c], field)).toBe(lineSum(invoices, field) - lineSum(creditNotes, field));
      expect(summary.totals.net[field]).toBe(lineSum(invoices, field) - lineSum(creditNotes, field));
    }
    expect(summary.b2csCreditNotes.count).toBe(3);
  });

  it('is exactly what the CSV prints', () => {
    expect(columnSum(section('b2cs').rows, 'Taxable Value')).toBe(total(summary.b2cs, 'taxableValue'));
    expect(section('hsn(b2c)').rows.map((row) => paise(row['Central Tax Amount']))).toEqual(summary.hsnB2c.map((row) => row.cgst));
    expect(summary.b2cl[0]).toMatchObject({ number: 'INV-2026-0104', placeOfSupply: '33', documentValue: inv.b2cl.total, rateBasisPoints: 1800, buyerGstin: null });
    expect(summary.cdnr[0]?.reference).toEqual({ number: 'INV-2026-0107', date: '2026-11-12' });
  });

  it('prints a fractional rate as a percentage', () => {
    const twoAndHalf = invoice('INV-2026-0200', '2026-11-30', asha, [['85414300', 'Solar lantern', 1, 'PCS', 250, 1_025_00]]);
    const rows = parseSections(gstr1Csv({ sellerStateCode: SELLER, documents: [twoAndHalf] }));
    expect(rows.find((s) => s.title === 'b2cs')?.rows[0]?.['Rate']).toBe('2.5');
    expect(rows.find((s) => s.title === 'hsn(b2c)')?.rows[0]).toMatchObject({ UQC: 'PCS-PIECES', Rate: '2.5', 'Total Value': '1025.00' });
  });
});

describe('an inconsistent register', () => {
  const check = (document: RegisterDocument) => () => gstr1Summary({ sellerStateCode: SELLER, documents: [document] });
  const good = inv.b2csPhone;

  it('is refused, naming the document, rather than filed wrong', () => {
    const badLine = { ...good, lines: [{ ...good.lines[0]!, taxableValue: good.lines[0]!.taxableValue + 1 }, good.lines[1]!] };
    expect(check(badLine)).toThrow(/INV-2026-0101.*do not add up to the line total/);
    expect(check({ ...good, total: good.total + 100 })).toThrow(/lines do not add up to its total/);
    expect(check({ ...good, intraState: false })).toThrow(/intraState does not match/);
    expect(check({ ...good, placeOfSupply: '45' })).toThrow(/45 is not a GST state code/);
    expect(check({ ...good, date: '2026-11-31' })).toThrow(/not YYYY-MM-DD/);
    expect(check({ ...good, lines: [{ ...good.lines[0]!, taxableValue: 0.5 }] })).toThrow(/whole paise/);
    expect(() => gstr1Summary({ sellerStateCode: '99', documents: [] })).toThrow(/seller state 99/);
  });
});
