import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatTimeAgo, groupByLongDate } from './format-date';

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

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says how long ago in the largest whole unit', () => {
    expect(formatTimeAgo(before(5 * 60), now)).toBe('5 minutes ago');
    expect(formatTimeAgo(before(60), now)).toBe('1 minute ago');
    // 2 h 59 min is still "2 hours": a whole unit, not rounded up.
    expect(formatTimeAgo(before(2 * 3600 + 59 * 60), now)).toBe('2 hours ago');
    expect(formatTimeAgo(before(3 * 24 * 3600), now)).toBe('3 days ago');
    expect(formatTimeAgo(before(15 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(formatTimeAgo(before(100 * 24 * 3600), now)).toBe('3 months ago');
    expect(formatTimeAgo(before(800 * 24 * 3600), now)).toBe('2 years ago');
  });

  it('uses words for the nearest ones', () => {
    expect(formatTimeAgo(before(0), now)).toBe('now');
    expect(formatTimeAgo(before(59), now)).toBe('now');
    expect(formatTimeAgo(before(30 * 3600), now)).toBe('yesterday');
    expect(formatTimeAgo(before(8 * 24 * 3600), now)).toBe('last week');
  });

  it('reads a time ahead of the browser clock as now, and takes a timestamp in milliseconds', () => {
    expect(formatTimeAgo(new Date(now.getTime() + 4000).toISOString(), now)).toBe('now');
    expect(formatTimeAgo(before(90 * 60), now.getTime())).toBe('1 hour ago');
  });
});
