import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, yearInZone } from './time-zone';

const intlYear = (now: Date, zone: string) => Number(new Intl.DateTimeFormat('en-IN', { timeZone: zone, year: 'numeric' }).format(now));

describe('yearInZone', () => {
  it("agrees with ICU for India's zone on both sides of New Year", () => {
    // 18:29:59 UTC on 31 December is 23:59:59 IST; a second later it is the new year in India.
    for (const iso of ['2026-12-31T18:29:59.999Z', '2026-12-31T18:30:00.000Z', '2027-01-01T00:00:00Z', '1990-06-15T12:00:00Z', '2025-12-31T23:59:59Z']) {
      const now = new Date(iso);
      expect(yearInZone(now, 'Asia/Kolkata'), iso).toBe(intlYear(now, 'Asia/Kolkata'));
    }
    expect(yearInZone(new Date('2026-12-31T18:30:00Z'), 'Asia/Kolkata')).toBe(2027);
  });

  it('asks ICU for any other zone', () => {
    const now = new Date('2026-12-31T20:00:00Z');
    expect(yearInZone(now, 'UTC')).toBe(2026);
    expect(yearInZone(now, 'Europe/London')).toBe(2026);
    expect(yearInZone(now, 'Asia/Tokyo')).toBe(2027);
  });
});

describe('isKnownTimeZone', () => {
  it('knows IANA names and refuses the rest', () => {
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('+05:30')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
