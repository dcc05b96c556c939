import { describe, expect, it } from 'vitest';
import { amountInWords, checkGstin, EXAMPLE_GSTIN, gstinCheckCharacter, INDIAN_STATES, numberInWords, splitInclusive } from './gst';

describe('states and union territories', () => {
  it('lists 28 states and 8 union territories, each with its own two-digit code', () => {
    expect(INDIAN_STATES.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.kind === 'union territory')).toHaveLength(8);
    expect(new Set(INDIAN_STATES.map((s) => s.code)).size).toBe(36);
    for (const state of INDIAN_STATES) expect(state.code).toMatch(/^(0[1-9]|[1-3][0-9])$/);
    expect(INDIAN_STATES.find((s) => s.name === 'Karnataka')?.code).toBe('29');
    expect(INDIAN_STATES.find((s) => s.name === 'Telangana')?.code).toBe('36');
  });
});

describe('GSTIN', () => {
  it('the example the forms show passes the shop’s own check (29ABCDE1234F1Z5, shown before, did not)', () => {
    expect(checkGstin(EXAMPLE_GSTIN)).toMatchObject({ ok: true, stateCode: '29' });
    expect(checkGstin('29ABCDE1234F1Z5').ok).toBe(false);
  });

  // GSTINs seen in public documents (GSTN's own sample first): their check characters are GSTN's.
  const valid = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAACB5343E1Z3', '24AAACC1206D1ZM'];

  it('accepts well-formed GSTINs, in any case and with spaces', () => {
    for (const gstin of valid) expect(checkGstin(gstin)).toEqual({ ok: true, gstin, stateCode: gstin.slice(0, 2), pan: gstin.slice(2, 12) });
    expect(checkGstin(' 29aagcb7383j1z4 ')).toMatchObject({ ok: true, gstin: '29AAGCB7383J1Z4' });
  });

  it('refuses each kind of mistake with a message that names it', () => {
    expect(checkGstin('29AAGCB7383J1Z')).toEqual({ ok: false, message: 'A GSTIN has 15 characters; this one has 14.' });
    expect(checkGstin('29AAGCB7383J1Z-')).toMatchObject({ ok: false, message: 'A GSTIN has only letters and digits.' });
    expect(checkGstin('45AAGCB7383J1Z4')).toMatchObject({ ok: false, message: '45 is not a GST state code.' });
    expect(checkGstin('29AAGC07383J1Z4')).toMatchObject({ ok: false, message: expect.stringContaining('must be a PAN') as unknown });
    expect(checkGstin('29AAGCB7383J0Z4')).toMatchObject({ ok: false, message: expect.stringContaining('13th character') as unknown });
    expect(checkGstin('29AAGCB7383J1Y4')).toMatchObject({ ok: false, message: expect.stringContaining('14th must be Z') as unknown });
    expect(checkGstin('29AAGCB7383J1Z5')).toMatchObject({ ok: false, message: expect.stringContaining('last character') as unknown });
  });

  it('catches any single changed character through the check character', () => {
    const gstin = '29AAGCB7383J1Z4';
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (let i = 0; i < 14; i++) {
      for (const c of chars) {
        if (c === gstin[i]) continue;
        const changed = gstin.slice(0, i) + c + gstin.slice(i + 1, 14);
        expect(gstinCheckCharacter(changed), changed).not.toBe(gstin[14]);
      }
    }
  });
});

describe('splitting a GST-inclusive amount', () => {
  it('splits ₹1,180 at 18 % into ₹1,000 taxable and ₹90 + ₹90, or ₹180 IGST', () => {
    expect(splitInclusive(118_000, 1800, true)).toEqual({ taxable: 100_000, cgst: 9_000, sgst: 9_000, igst: 0 });
    expect(splitInclusive(118_000, 1800, false)).toEqual({ taxable: 100_000, cgst: 0, sgst: 0, igst: 18_000 });
    expect(splitInclusive(50_000, 0, true)).toEqual({ taxable: 50_000, cgst: 0, sgst: 0, igst: 0 });
  });

  it('always adds up to the paisa to what was charged, with equal CGST and SGST', () => {
    for (let i = 0; i < 5000; i++) {
      const amount = Math.floor(Math.random() * 10_000_000);
      const rate = [0, 250, 500, 1200, 1800, 2800, 4000][i % 7]!;
      for (const intra of [true, false]) {
        const split = splitInclusive(amount, rate, intra);
        expect(split.taxable + split.cgst + split.sgst + split.igst).toBe(amount);
        expect(split.cgst).toBe(split.sgst);
        // Each tax is within half a paisa (per half) of the exact value.
        const exactTax = (amount * rate) / (10_000 + rate);
        expect(Math.abs(split.cgst + split.sgst + split.igst - exactTax)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses amounts that are not whole paise and rates out of range', () => {
    expect(() => splitInclusive(10.5, 1800, true)).toThrow(RangeError);
    expect(() => splitInclusive(100, -1, true)).toThrow(RangeError);
    expect(() => splitInclusive(100, 10_001, false)).toThrow(RangeError);
  });
});

describe('amounts in words', () => {
  it('uses Indian numbering: thousand, lakh, crore', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(7)).toBe('Seven');
    expect(numberInWords(42)).toBe('Forty-Two');
    expect(numberInWords(100)).toBe('One Hundred');
    expect(numberInWords(1_000)).toBe('One Thousand');
    expect(numberInWords(100_000)).toBe('One Lakh');
    expect(numberInWords(1_005_010)).toBe('Ten Lakh Five Thousand Ten');
    expect(numberInWords(12_345_678)).toBe('One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight');
    expect(numberInWords(1_000_000_000)).toBe('One Hundred Crore');
  });

  it('writes rupees and paise as an invoice does', () => {
    expect(amountInWords(12_345_678)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only');
    expect(amountInWords(7_499_900)).toBe('Rupees Seventy-Four Thousand Nine Hundred Ninety-Nine Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
  });
});
