import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, DEFAULT_ZONE_DAYS, type DispatchSettings, type ShopSettings } from '../../shared/schemas/settings';
import { addDays, formatDeliveryDate, localDateTime, weekdayOf } from '../lib/shop-calendar';
import { addCourierDays, deliveryByLabel, deliveryDates, dispatchDay, dispatchPin } from './delivery-estimate';

const IST = 'Asia/Kolkata';
/** An instant given as India's wall-clock time. */
const ist = (wall: string) => new Date(`${wall}+05:30`);

const dispatch = (over: Partial<DispatchSettings> = {}): DispatchSettings => ({ ...DEFAULT_DISPATCH_SETTINGS, ...over });

type EstimateSettings = Pick<ShopSettings, 'dispatch' | 'seller' | 'zoneDays' | 'timeZone'>;
const shop = (over: Partial<EstimateSettings> = {}): EstimateSettings => ({
  dispatch: dispatch({ fromPin: '560034' }),
  seller: null,
  zoneDays: DEFAULT_ZONE_DAYS,
  timeZone: IST,
  ...over,
});

describe('the shop calendar helpers', () => {
  it('names weekdays, formats a delivery date in Indian English, and finds a wall-clock instant', () => {
    expect(weekdayOf('2026-12-02')).toBe('wed');
    expect(weekdayOf('2026-12-06')).toBe('sun');
    expect(weekdayOf('2027-01-01')).toBe('fri');
    expect(formatDeliveryDate('2026-12-03')).toBe('Thursday, 3 December');
    expect(deliveryByLabel('2027-01-02')).toBe('Delivery by Saturday, 2 January');
    expect(localDateTime('2026-12-02', '14:00', IST).toISOString()).toBe('2026-12-02T08:30:00.000Z');
    expect(localDateTime('2026-12-02', '14:00', 'Asia/Dubai').toISOString()).toBe('2026-12-02T10:00:00.000Z');
    // Across a daylight-saving change: 14:00 in London on 29 March 2026 is already summer time.
    expect(localDateTime('2026-03-29', '14:00', 'Europe/London').toISOString()).toBe('2026-03-29T13:00:00.000Z');
  });
});

describe('dispatchDay', () => {
  it('dispatches today until the cut-off (13:59 IST) and the next working day from it (14:00 IST)', () => {
    expect(dispatchDay(ist('2026-12-02T13:59:59'), dispatch(), IST)).toEqual({ date: '2026-12-02', changesAt: new Date('2026-12-02T08:30:00.000Z') });
    expect(dispatchDay(ist('2026-12-02T14:00:00'), dispatch(), IST)).toEqual({ date: '2026-12-03', changesAt: new Date('2026-12-03T08:30:00.000Z') });
    expect(dispatchDay(ist('2026-12-02T00:00:00'), dispatch(), IST).date).toBe('2026-12-02');
    expect(dispatchDay(ist('2026-12-02T23:59:59'), dispatch(), IST).date).toBe('2026-12-03');
  });

  it('takes the cut-off from the settings', () => {
    expect(dispatchDay(ist('2026-12-02T16:30:00'), dispatch({ cutoff: '17:00' }), IST).date).toBe('2026-12-02');
    expect(dispatchDay(ist('2026-12-02T09:00:00'), dispatch({ cutoff: '09:00' }), IST).date).toBe('2026-12-03');
  });

  it('goes from Saturday after the cut-off to Monday when Sunday is not a working day, and to Sunday when it is', () => {
    expect(dispatchDay(ist('2026-12-05T15:00:00'), dispatch(), IST).date).toBe('2026-12-07');
    expect(dispatchDay(ist('2026-12-06T10:00:00'), dispatch(), IST).date).toBe('2026-12-07');
    expect(dispatchDay(ist('2026-12-05T15:00:00'), dispatch({ workingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] }), IST).date).toBe('2026-12-06');
    // Monday to Friday only: Friday evening is dispatched on Monday.
    expect(dispatchDay(ist('2026-12-04T18:00:00'), dispatch({ workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'] }), IST).date).toBe('2026-12-07');
  });

  it('skips holidays, before and after the cut-off', () => {
    const holidays = ['2026-12-03', '2026-12-04'];
    expect(dispatchDay(ist('2026-12-02T19:30:00'), dispatch({ holidays }), IST).date).toBe('2026-12-05');
    expect(dispatchDay(ist('2026-12-03T10:00:00'), dispatch({ holidays }), IST)).toEqual({ date: '2026-12-05', changesAt: new Date('2026-12-05T08:30:00.000Z') });
  });

  it('crosses the year end', () => {
    expect(dispatchDay(ist('2026-12-31T19:30:00'), dispatch({ holidays: ['2027-01-01'] }), IST).date).toBe('2027-01-02');
    expect(dispatchDay(ist('2026-12-31T19:30:00'), dispatch(), IST).date).toBe('2027-01-01');
  });

  it('counts on the shop’s clock, not India’s, when the shop keeps another time zone', () => {
    // 15:15 in India is 13:45 in Dubai: before a Dubai shop's 14:00 cut-off, after an Indian one's.
    const now = ist('2026-12-02T15:15:00');
    expect(dispatchDay(now, dispatch(), IST).date).toBe('2026-12-03');
    expect(dispatchDay(now, dispatch(), 'Asia/Dubai').date).toBe('2026-12-02');
    // 01:00 on the 3rd in India is still the 2nd, 23:30, in Dubai.
    expect(dispatchDay(ist('2026-12-03T01:00:00'), dispatch(), 'Asia/Dubai').date).toBe('2026-12-03');
    expect(dispatchDay(ist('2026-12-03T01:00:00'), dispatch(), IST).date).toBe('2026-12-03');
  });

  it('finds the one working day a week after the most holidays the settings allow (366 of them)', () => {
    const wednesdays = Array.from({ length: 366 }, (_, i) => addDays('2026-12-02', 7 * i));
    const { date } = dispatchDay(ist('2026-12-02T10:00:00'), dispatch({ workingDays: ['wed'], holidays: wednesdays }), IST);
    expect(date).toBe(addDays('2026-12-02', 7 * 366));
    expect(weekdayOf(date)).toBe('wed');
  });
});

describe('addCourierDays', () => {
  it('counts every day but Sunday and never lands on one', () => {
    expect(addCourierDays('2026-12-02', 2)).toBe('2026-12-04'); // Wed + 2: Fri
    expect(addCourierDays('2026-12-04', 2)).toBe('2026-12-07'); // Fri + 2: Sat, (Sun), Mon
    expect(addCourierDays('2026-12-05', 1)).toBe('2026-12-07'); // Sat + 1: Mon
    expect(addCourierDays('2026-12-02', 0)).toBe('2026-12-02'); // same day
    expect(addCourierDays('2026-12-06', 0)).toBe('2026-12-07'); // a Sunday dispatch is delivered on Monday at the soonest
    expect(addCourierDays('2026-12-30', 3)).toBe('2027-01-02'); // across the year end
    expect(addCourierDays('2026-12-01', 8)).toBe('2026-12-10'); // Tue + 8, one Sunday skipped
  });

  it('does not stop for the shop’s holidays: they hold dispatch only', () => {
    const dates = deliveryDates(shop({ dispatch: dispatch({ fromPin: '560034', holidays: ['2026-12-04'] }) }), '560001', ist('2026-12-02T19:30:00'));
    // Dispatched Thursday 3rd; two courier days later is Saturday 5th, the holiday on the 4th counts.
    expect(dates).toMatchObject({ dispatchDate: '2026-12-03', standard: '2026-12-05' });
  });
});

describe('deliveryDates', () => {
  it('gives PIN 560001 Thursday’s dispatch at 19:30 IST on a Wednesday and Wednesday’s at 10:00', () => {
    expect(deliveryDates(shop(), '560001', ist('2026-12-02T19:30:00'))).toEqual({
      zone: 'sameCity',
      dispatchDate: '2026-12-03',
      standard: '2026-12-05',
      express: '2026-12-04',
      validUntil: new Date('2026-12-03T08:30:00.000Z'),
    });
    expect(deliveryDates(shop(), '560001', ist('2026-12-02T10:00:00'))).toEqual({
      zone: 'sameCity',
      dispatchDate: '2026-12-02',
      standard: '2026-12-04',
      express: '2026-12-03',
      validUntil: new Date('2026-12-02T08:30:00.000Z'),
    });
  });

  it('uses each zone’s days, and no express date where express is not offered', () => {
    const zoneDays = { ...DEFAULT_ZONE_DAYS, express: { ...DEFAULT_ZONE_DAYS.express, northEast: null } };
    const now = ist('2026-12-02T10:00:00');
    expect(deliveryDates(shop({ zoneDays }), '110001', now)).toMatchObject({ zone: 'metro', standard: '2026-12-07', express: '2026-12-04' });
    expect(deliveryDates(shop({ zoneDays }), '781001', now)).toMatchObject({ zone: 'northEast', standard: '2026-12-11', express: null });
  });

  it('counts zones from the dispatch PIN, else the seller’s address PIN', () => {
    const seller = { address: { line1: '1 Park Street', line2: '', city: 'Kolkata', stateCode: '19', pin: '700016' } } as ShopSettings['seller'];
    expect(dispatchPin({ dispatch: dispatch({ fromPin: '560034' }), seller })).toBe('560034');
    expect(dispatchPin({ dispatch: dispatch(), seller })).toBe('700016');
    expect(dispatchPin({ dispatch: dispatch(), seller: null })).toBeNull();
    expect(deliveryDates(shop({ dispatch: dispatch(), seller }), '700001', ist('2026-12-02T10:00:00')).zone).toBe('sameCity');
  });

  it('takes the courier’s own dates over the table when given (null: the courier does not offer the rate)', () => {
    const now = ist('2026-12-02T10:00:00');
    expect(deliveryDates(shop(), '560001', now, { courierEtd: { standard: '2026-12-08', express: null } })).toMatchObject({ standard: '2026-12-08', express: null });
    expect(deliveryDates(shop(), '560001', now, { courierEtd: { express: '2026-12-02' } })).toMatchObject({ standard: '2026-12-04', express: '2026-12-02' });
  });
});
