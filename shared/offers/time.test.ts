import { describe, expect, it } from 'vitest';
import { isLive, istDayLabel, istToInstant } from './time';

describe('offer windows on India’s clock', () => {
  it('reads IST wall-clock times as instants (UTC+05:30)', () => {
    expect(istToInstant('2026-12-04T00:00')).toBe('2026-12-03T18:30:00.000Z');
    expect(istToInstant('2026-12-06T23:59:59')).toBe('2026-12-06T18:29:59.000Z');
    expect(() => istToInstant('4 December')).toThrow(RangeError);
  });

  it('a window holds its start and not its end', () => {
    const window = { from: '2026-12-03T18:30:00.000Z', to: '2026-12-06T18:30:00.000Z' };
    expect(isLive(window, '2026-12-03T18:29:59.999Z')).toBe(false);
    expect(isLive(window, '2026-12-03T18:30:00.000Z')).toBe(true);
    expect(isLive(window, '2026-12-06T18:29:59.999Z')).toBe(true);
    expect(isLive(window, '2026-12-06T18:30:00.000Z')).toBe(false);
    expect(isLive({ ...window, to: null }, '2099-01-01T00:00:00Z')).toBe(true);
    expect(() => isLive(window, 'now')).toThrow(RangeError);
  });

  it('names a day as India sees it', () => {
    // 18:30 UTC on 3 December is already Friday 4 December in India.
    expect(istDayLabel('2026-12-03T18:30:00.000Z', '2026-11-20T00:00:00Z')).toBe('Friday, 4 December');
    expect(istDayLabel('2026-12-03T18:29:00.000Z', '2026-11-20T00:00:00Z')).toBe('Thursday, 3 December');
    expect(istDayLabel('2027-01-03T18:30:00.000Z', '2026-11-20T00:00:00Z')).toBe('Monday, 4 January 2027');
  });
});
