import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, groupByLongDate } from './format-date';

describe('formatLongDate', () => {
  it('writes the long form of the date in the given zone', () => {
    expect(formatLongDate('2026-11-22T05:30:00.000Z', 'UTC')).toBe('22 November 2026');
    // 20:00 UTC is already the next day in India.
    expect(formatLongDate('2026-11-21T20:00:00.000Z', 'Asia/Kolkata')).toBe('22 November 2026');
    expect(formatLongDate('2026-11-21T20:00:00.000Z', 'UTC')).toBe('21 November 2026');
  });
});

describe('formatDateTime', () => {
  // ICU may put a narrow no-break space before "am"; what matters is the wording.
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('writes the date and time in the given zone, with its short name', () => {
    expect(plain(formatDateTime('2026-11-21T20:05:00.000Z', 'Asia/Kolkata'))).toBe('22 Nov 2026, 1:35 am IST');
    expect(plain(formatDateTime('2026-11-22T09:30:00.000Z', 'Asia/Kolkata'))).toBe('22 Nov 2026, 3:00 pm IST');
  });
});

describe('groupByLongDate', () => {
  const orders = [
    { id: 'o5', createdAt: '2026-11-22T18:45:00.000Z' },
    { id: 'o4', createdAt: '2026-11-22T09:15:00.000Z' },
    { id: 'o3', createdAt: '2026-11-21T23:59:59.000Z' },
    { id: 'o2', createdAt: '2026-10-02T00:00:00.000Z' },
    { id: 'o1', createdAt: '2025-10-02T12:00:00.000Z' },
  ];

  it('groups by calendar date, keeping the incoming (newest-first) order of groups and items', () => {
    const groups = groupByLongDate(orders, 'UTC');
    expect(groups.map((g) => [g.date, g.items.map((o) => o.id)])).toEqual([
      ['22 November 2026', ['o5', 'o4']],
      ['21 November 2026', ['o3']],
      ['2 October 2026', ['o2']],
      ['2 October 2025', ['o1']],
    ]);
  });

  it('uses the shopper time zone to decide which day an order belongs to', () => {
    const groups = groupByLongDate(orders, 'Asia/Kolkata');
    expect(groups.map((g) => [g.date, g.items.map((o) => o.id)])).toEqual([
      ['23 November 2026', ['o5']],
      ['22 November 2026', ['o4', 'o3']],
      ['2 October 2026', ['o2']],
      ['2 October 2025', ['o1']],
    ]);
  });

  it('returns no groups for no orders', () => {
    expect(groupByLongDate([], 'UTC')).toEqual([]);
  });
});
