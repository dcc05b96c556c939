/**
 * Goods and Services Tax building blocks (issue 14), shared by the server and the client:
 * India's states and union territories with their GST state codes, GSTIN validation, the split
 * of a GST-inclusive amount into taxable value and CGST + SGST or IGST, and amounts in words in
 * Indian numbering (lakh, crore) as a tax invoice prints them. Money is integer paise; rates are
 * basis points (18 % = 1800).
 */

export type StateKind = 'state' | 'union territory';

export type IndianState = { code: string; name: string; kind: StateKind };

/** The 28 states and 8 union territories, with the two-digit codes GSTINs and place of supply use. */
export const INDIAN_STATES: readonly IndianState[] = [
  { code: '35', name: 'Andaman and Nicobar Islands', kind: 'union territory' },
  { code: '37', name: 'Andhra Pradesh', kind: 'state' },
  { code: '12', name: 'Arunachal Pradesh', kind: 'state' },
  { code: '18', name: 'Assam', kind: 'state' },
  { code: '10', name: 'Bihar', kind: 'state' },
  { code: '04', name: 'Chandigarh', kind: 'union territory' },
  { code: '22', name: 'Chhattisgarh', kind: 'state' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', kind: 'union territory' },
  { code: '07', name: 'Delhi', kind: 'union territory' },
  { code: '30', name: 'Goa', kind: 'state' },
  { code: '24', name: 'Gujarat', kind: 'state' },
  { code: '06', name: 'Haryana', kind: 'state' },
  { code: '02', name: 'Himachal Pradesh', kind: 'state' },
  { code: '01', name: 'Jammu and Kashmir', kind: 'union territory' },
  { code: '20', name: 'Jharkhand', kind: 'state' },
  { code: '29', name: 'Karnataka', kind: 'state' },
  { code: '32', name: 'Kerala', kind: 'state' },
  { code: '38', name: 'Ladakh', kind: 'union territory' },
  { code: '31', name: 'Lakshadweep', kind: 'union territory' },
  { code: '23', name: 'Madhya Pradesh', kind: 'state' },
  { code: '27', name: 'Maharashtra', kind: 'state' },
  { code: '14', name: 'Manipur', kind: 'state' },
  { code: '17', name: 'Meghalaya', kind: 'state' },
  { code: '15', name: 'Mizoram', kind: 'state' },
  { code: '13', name: 'Nagaland', kind: 'state' },
  { code: '21', name: 'Odisha', kind: 'state' },
  { code: '34', name: 'Puducherry', kind: 'union territory' },
  { code: '03', name: 'Punjab', kind: 'state' },
  { code: '08', name: 'Rajasthan', kind: 'state' },
  { code: '11', name: 'Sikkim', kind: 'state' },
  { code: '33', name: 'Tamil Nadu', kind: 'state' },
  { code: '36', name: 'Telangana', kind: 'state' },
  { code: '16', name: 'Tripura', kind: 'state' },
  { code: '09', name: 'Uttar Pradesh', kind: 'state' },
  { code: '05', name: 'Uttarakhand', kind: 'state' },
  { code: '19', name: 'West Bengal', kind: 'state' },
];

/**
 * State codes a GSTIN may carry besides the 36 above: 25 (Daman and Diu, before its 2020 merger
 * into 26), 28 (Andhra Pradesh before 2014), 97 (other territory) and 99 (centre jurisdiction).
 */
const OTHER_GSTIN_STATE_CODES = new Set(['25', '28', '97', '99']);

export function stateByCode(code: string): IndianState | undefined {
  return INDIAN_STATES.find((state) => state.code === code);
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN the forms show as an example: a made-up one that passes the shop's own check (its last character is GSTN's check character). */
export const EXAMPLE_GSTIN = '29ABCDE1234F1ZW';

/** The 15th character of a GSTIN for its first 14 (GSTN's base-36 check: factors 1, 2, 1, 2, ...). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

export type GstinCheck = { ok: true; gstin: string; stateCode: string; pan: string } | { ok: false; message: string };

/**
 * Checks a GSTIN's shape: 15 characters (spaces ignored, letters in any case), a known state
 * code, a PAN (five letters, four digits, a letter), a registration number (1–9 or A–Z), `Z`,
 * and the check character. A valid shape says nothing of whether the registration is active.
 */
export function checkGstin(input: string): GstinCheck {
  const gstin = input.replace(/\s+/g, '').toUpperCase();
  if (gstin.length !== 15) return { ok: false, message: `A GSTIN has 15 characters; this one has ${gstin.length}.` };
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return { ok: false, message: 'A GSTIN has only letters and digits.' };
  const stateCode = gstin.slice(0, 2);
  if (!stateByCode(stateCode) && !OTHER_GSTIN_STATE_CODES.has(stateCode)) return { ok: false, message: `${stateCode} is not a GST state code.` };
  const pan = gstin.slice(2, 12);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) return { ok: false, message: `Characters 3 to 12 must be a PAN (like ABCDE1234F); ${pan} is not.` };
  if (!/^[1-9A-Z]Z$/.test(gstin.slice(12, 14))) return { ok: false, message: 'The 13th character must be 1–9 or a letter, and the 14th must be Z.' };
  if (gstinCheckCharacter(gstin) !== gstin[14]) return { ok: false, message: 'This GSTIN’s last character does not match the others: check it for a typing mistake.' };
  return { ok: true, gstin, stateCode, pan };
}

export type TaxSplit = { taxable: number; cgst: number; sgst: number; igst: number };

/**
 * Splits a GST-inclusive amount (paise) at `rateBasisPoints`: CGST and SGST, equal halves, when
 * the supply stays within the seller's state, IGST otherwise. Each tax is rounded to the paisa and
 * the taxable value takes the remainder, so taxable + taxes is exactly the amount charged.
 */
export function splitInclusive(amount: number, rateBasisPoints: number, intraState: boolean): TaxSplit {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError('amount must be whole paise, 0 or more');
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000) throw new RangeError('rate must be whole basis points from 0 to 10000');
  const divisor = 10_000 + rateBasisPoints;
  if (intraState) {
    const half = Math.round((amount * rateBasisPoints) / 2 / divisor);
    return { taxable: amount - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const igst = Math.round((amount * rateBasisPoints) / divisor);
  return { taxable: amount - igst, cgst: 0, sgst: 0, igst };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ("Forty-Two"); '' for 0. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)]!}${ones ? `-${ONES[ones]!}` : ''}`;
}

/** 0–999 in words; '' for 0. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = belowHundred(n % 100);
  return [hundreds ? `${ONES[hundreds]!} Hundred` : '', rest].filter(Boolean).join(' ');
}

/** A whole number in words with Indian grouping: crore, lakh, thousand, hundred. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('a whole number, 0 or more');
  if (n === 0) return 'Zero';
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [crores ? `${numberInWords(crores)} Crore` : '', lakhs ? `${belowHundred(lakhs)} Lakh` : '', thousands ? `${belowHundred(thousands)} Thousand` : '', belowThousand(rest)]
    .filter(Boolean)
    .join(' ');
}

/** 12345678 paise -> "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('amount must be whole paise, 0 or more');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/** ISO 3166-2:IN subdivision codes (the ones address forms such as Stripe's send), with their older forms. */
const ISO_SUBDIVISIONS: Record<string, string> = {
  AN: '35',
  AP: '37',
  AR: '12',
  AS: '18',
  BR: '10',
  CH: '04',
  CT: '22',
  CG: '22',
  DH: '26',
  DN: '26',
  DD: '26',
  DL: '07',
  GA: '30',
  GJ: '24',
  HR: '06',
  HP: '02',
  JK: '01',
  JH: '20',
  KA: '29',
  KL: '32',
  LA: '38',
  LD: '31',
  MP: '23',
  MH: '27',
  MN: '14',
  ML: '17',
  MZ: '15',
  NL: '13',
  OR: '21',
  OD: '21',
  PY: '34',
  PB: '03',
  RJ: '08',
  SK: '11',
  TN: '33',
  TG: '36',
  TS: '36',
  TR: '16',
  UP: '09',
  UT: '05',
  UK: '05',
  WB: '19',
};

const simplified = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/**
 * The GST state code of a state as an address form wrote it: a name ('Karnataka', 'delhi'), an
 * ISO code ('KA', 'IN-KA') or a GST code ('29'); undefined when it names none.
 */
export function stateCodeOf(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const trimmed = text.trim();
  if (/^\d{2}$/.test(trimmed)) return stateByCode(trimmed)?.code;
  const iso = ISO_SUBDIVISIONS[trimmed.toUpperCase().replace(/^IN-/, '')];
  if (iso) return iso;
  const wanted = simplified(trimmed);
  const aliases: Record<string, string> = { orissa: '21', pondicherry: '34', nctofdelhi: '07', newdelhi: '07', uttaranchal: '05', jammuandkashmir: '01' };
  return INDIAN_STATES.find((state) => simplified(state.name) === wanted)?.code ?? aliases[wanted];
}

/**
 * India's clock, for everything the GST law dates: an invoice's or credit note's date, the month
 * of a GSTR-1 return, the financial year in an invoice number. These are Indian legal periods, so
 * they stay on IST whatever zone the owner picks for showing times (the `timeZone` setting): an
 * invoice issued at 00:30 IST on 1 April belongs to the new financial year and to April's return
 * even if the shop shows times in Dubai's zone, where it is still 31 March.
 */
export const GST_TIME_ZONE = 'Asia/Kolkata';

/** The financial year (April to March) a local date falls in: '2026-11-24' -> '2026-27'. */
export function financialYearOf(localDate: string): string {
  const year = Number(localDate.slice(0, 4));
  const month = Number(localDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 'Karnataka (29)'. */
export function stateLabel(code: string): string {
  const state = stateByCode(code);
  return state ? `${state.name} (${code})` : code;
}
