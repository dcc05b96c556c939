import { describe, expect, it } from 'vitest';
import type { ShopSettings } from '../../../../shared/schemas/settings';
import {
  COMMON_TIME_ZONES,
  fieldOfPath,
  formatGstRate,
  invoiceNumberPreview,
  orderNumberPreview,
  otherTimeZones,
  parseDateList,
  parsePinList,
  parseWorkingDays,
  settingsToForm,
  toggleWorkingDay,
  toSettingsInput,
} from './settings-form';
import { gstMonth, gstToday } from './gst-date';

const saved: ShopSettings = {
  seller: {
    legalName: 'Voltmart Retail Private Limited',
    tradeName: 'Voltmart',
    gstin: '29ABCDE1234F1ZW',
    address: { line1: '12 MG Road', line2: 'Floor 2', city: 'Bengaluru', stateCode: '29', pin: '560001' },
    email: 'accounts@voltmart.in',
    phone: '+919845012345',
  },
  invoicePrefix: 'VM',
  orderPrefix: 'V1',
  grievanceOfficer: { name: 'Asha Rao', email: 'grievance@voltmart.in', phone: '+918041234567' },
  policies: { returns: 'Seven days.', shipping: 'Same day.' },
  shipping: { standardPaise: 4900, expressPaise: 14_950, freeAbovePaise: 99_900, standardDays: '3–5', expressDays: '1–2', serviceablePins: ['560001', '56'] },
  tax: { shippingSac: '996812', shippingRateBp: 1800, b2cHsnDigits: 6 },
  security: { requireAdminTwoFactor: true },
  timeZone: 'Asia/Dubai',
  payments: { online: 'razorpay', cod: { enabled: true, maxOrderPaise: 2_000_000, feePaise: 4950, pins: ['560001', '5600'], maxOpenOrders: 3 } },
  fulfilment: {
    ewayBillThresholdPaise: 5_000_000,
    parcel: { weightGrams: 750, lengthCm: 22, breadthCm: 16, heightCm: 9 },
    courier: 'manual',
    manual: { courierName: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
    shiprocket: { email: 'api@voltmart.in', password: '••••9xyz', pickupLocation: 'Primary', webhookToken: '••••tok1' },
  },
  dispatch: { cutoff: '15:30', workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'], holidays: ['2026-11-08', '2026-12-25'], fromPin: '560034' },
  zoneDays: {
    standard: { sameCity: 1, sameState: 3, metro: 4, restOfIndia: 6, northEast: 9 },
    express: { sameCity: 0, sameState: 2, metro: 2, restOfIndia: 3, northEast: null },
  },
  stockAlerts: { enabled: false, defaultLevel: 3, sendAt: '18:30' },
  offers: { plans: [], bankOffers: [] },
  returnPolicy: { windowDays: 7, resolutions: 'replacement', reasons: ['defective', 'damaged-in-transit', 'wrong-item', 'not-as-described'], photosRequired: true },
};

describe('settings form', () => {
  it('shows paise as rupees and PINs one a line, and round-trips to the same settings', () => {
    const values = settingsToForm(saved);
    expect(values['shipping.standardPaise']).toBe('49');
    expect(values['shipping.expressPaise']).toBe('149.5');
    expect(values['shipping.serviceablePins']).toBe('560001\n56');
    expect(values['security.requireAdminTwoFactor']).toBe('true');
    expect(values.timeZone).toBe('Asia/Dubai');
    expect(toSettingsInput(values)).toEqual({ input: saved, errors: {} });
  });

  it('shows the cash on delivery limit and fee in rupees, its PINs one a line, and sends them back in paise', () => {
    const values = settingsToForm(saved);
    expect(values['payments.online']).toBe('razorpay');
    expect(values['payments.cod.enabled']).toBe('true');
    expect(values['payments.cod.maxOrderPaise']).toBe('20000');
    expect(values['payments.cod.feePaise']).toBe('49.5');
    expect(values['payments.cod.pins']).toBe('560001\n5600');
    expect(values['payments.cod.maxOpenOrders']).toBe('3');
    const input = toSettingsInput({ ...values, 'payments.cod.enabled': 'false', 'payments.cod.feePaise': '0', 'payments.cod.pins': '', 'payments.online': 'both' }).input;
    expect(input?.payments).toEqual({ online: 'both', cod: { enabled: false, maxOrderPaise: 2_000_000, feePaise: 0, pins: [], maxOpenOrders: 3 } });
  });

  it('words each cash on delivery problem beside its own field', () => {
    const { input, errors } = toSettingsInput({
      ...settingsToForm(saved),
      'payments.cod.maxOrderPaise': '0.5',
      'payments.cod.feePaise': '12.345',
      'payments.cod.pins': '560001\n0560',
      'payments.cod.maxOpenOrders': '',
    });
    expect(input).toBeNull();
    expect(errors).toEqual({
      'payments.cod.maxOrderPaise': 'cash on delivery limit must be at least ₹1',
      'payments.cod.feePaise': 'cash on delivery fee must have at most 2 decimals',
      'payments.cod.pins': '0560: each cash on delivery PIN must be a 6-digit PIN code or its first 1 to 5 digits',
      'payments.cod.maxOpenOrders': 'open cash orders per shopper is required',
    });
    expect(toSettingsInput({ ...settingsToForm(saved), 'payments.cod.maxOpenOrders': '2.5' }).errors).toEqual({
      'payments.cod.maxOpenOrders': 'open cash orders per shopper must be a whole number',
    });
    expect(toSettingsInput({ ...settingsToForm(saved), 'payments.cod.maxOpenOrders': '21' }).errors).toEqual({
      'payments.cod.maxOpenOrders': 'open cash orders per shopper must be at most 20',
    });
  });

  it('shows the dispatch settings and the days by zone as typed, express not offered as empty, and round-trips them', () => {
    const values = settingsToForm(saved);
    expect(values['dispatch.cutoff']).toBe('15:30');
    expect(values['dispatch.workingDays']).toBe('mon,tue,wed,thu,fri');
    expect(values['dispatch.holidays']).toBe('2026-11-08\n2026-12-25');
    expect(values['dispatch.fromPin']).toBe('560034');
    expect(values['zoneDays.standard.northEast']).toBe('9');
    expect(values['zoneDays.express.sameCity']).toBe('0');
    expect(values['zoneDays.express.northEast']).toBe('');
    const input = toSettingsInput({
      ...values,
      'dispatch.workingDays': toggleWorkingDay(toggleWorkingDay(values['dispatch.workingDays'], 'sat', true), 'mon', false),
      'dispatch.holidays': '2027-01-26, 2026-12-25\n\n2026-12-25',
      'dispatch.fromPin': '  ',
      'zoneDays.express.northEast': '5',
      'zoneDays.express.metro': '',
    }).input;
    expect(input?.dispatch).toEqual({ cutoff: '15:30', workingDays: ['tue', 'wed', 'thu', 'fri', 'sat'], holidays: ['2026-12-25', '2027-01-26'], fromPin: null });
    expect(input?.zoneDays.express).toEqual({ sameCity: 0, sameState: 2, metro: null, restOfIndia: 3, northEast: 5 });
  });

  it('words each dispatch and zone-days problem beside its own field, naming the bad holiday', () => {
    const { input, errors } = toSettingsInput({
      ...settingsToForm(saved),
      'dispatch.cutoff': '',
      'dispatch.workingDays': '',
      'dispatch.holidays': '2026-12-25\n25-12-2026',
      'dispatch.fromPin': '56003',
      'zoneDays.standard.metro': '',
      'zoneDays.standard.restOfIndia': '2.5',
    });
    expect(input).toBeNull();
    expect(errors).toEqual({
      'dispatch.cutoff': 'dispatch cut-off time must be a time of day as HH:MM (24-hour), e.g. 14:00',
      'dispatch.workingDays': 'choose at least one working day',
      'dispatch.holidays': '25-12-2026: each holiday must be a date written YYYY-MM-DD, e.g. 2026-10-20',
      'dispatch.fromPin': 'dispatch PIN code must be 6 digits (e.g. 560001)',
      'zoneDays.standard.metro': 'standard delivery days (metro) are required',
      'zoneDays.standard.restOfIndia': 'standard delivery days (rest of India) must be a whole number of days',
    });
    // Express slower than standard, once the days themselves are numbers.
    expect(toSettingsInput({ ...settingsToForm(saved), 'zoneDays.express.sameState': '4' }).errors).toEqual({
      'zoneDays.express.sameState': 'express delivery days (same state) must not be more than standard’s (3)',
    });
  });

  it('reads working days Monday first whatever the order, and dates once each', () => {
    expect(parseWorkingDays('sat, mon,holiday,mon')).toEqual(['mon', 'sat']);
    expect(toggleWorkingDay('mon,sat', 'wed', true)).toBe('mon,wed,sat');
    expect(toggleWorkingDay('mon,wed,sat', 'mon', false)).toBe('wed,sat');
    expect(parseDateList('2026-12-25,\n2026-12-25 2027-01-26')).toEqual(['2026-12-25', '2027-01-26']);
  });

  it('sends an empty seller or grievance officer as null (not set up), and no threshold as null', () => {
    const values = settingsToForm({ ...saved, seller: null, grievanceOfficer: null, shipping: { ...saved.shipping, freeAbovePaise: null } });
    expect(toSettingsInput(values).input).toMatchObject({ seller: null, grievanceOfficer: null, shipping: { freeAbovePaise: null } });
  });

  it('words a rupee amount that is not one once, from what was typed', () => {
    const { input, errors } = toSettingsInput({ ...settingsToForm(saved), 'shipping.standardPaise': '', 'shipping.expressPaise': '-5' });
    expect(input).toBeNull();
    expect(errors).toEqual({ 'shipping.standardPaise': 'standard delivery fee is required', 'shipping.expressPaise': 'express delivery fee must be 0 or more' });
  });

  it('puts the seller-wide GSTIN/state check beside the GSTIN', () => {
    const { errors } = toSettingsInput({ ...settingsToForm(saved), 'seller.address.stateCode': '27' });
    expect(errors['seller.gstin']).toMatch(/^GSTIN: its first two digits must be the state code/);
  });

  it('sends the admins’ two-factor rule as a boolean', () => {
    expect(toSettingsInput({ ...settingsToForm(saved), 'security.requireAdminTwoFactor': 'false' }).input?.security).toEqual({ requireAdminTwoFactor: false });
  });

  it('refuses a time zone the runtime does not know, beside its select', () => {
    for (const zone of ['Mars/Olympus_Mons', '+05:30', '']) {
      const { input, errors } = toSettingsInput({ ...settingsToForm(saved), timeZone: zone });
      expect(input, zone).toBeNull();
      expect(errors, zone).toEqual({ timeZone: 'time zone must be an IANA time zone name such as Asia/Kolkata' });
    }
  });

  it('offers India’s zone first, then every other zone once, and keeps a saved zone this browser lacks', () => {
    expect(COMMON_TIME_ZONES[0]).toEqual({ value: 'Asia/Kolkata', label: 'India Standard Time (Asia/Kolkata)' });
    const others = otherTimeZones('Asia/Kolkata');
    expect(others).toContain('America/Los_Angeles');
    for (const common of COMMON_TIME_ZONES) expect(others).not.toContain(common.value);
    expect(others).not.toContain('Asia/Calcutta');
    expect(otherTimeZones('Antarctica/Troll_Station_2')).toContain('Antarctica/Troll_Station_2');
  });

  it('maps paths to their fields, an array item to its textarea', () => {
    expect(fieldOfPath('seller.address.pin')).toBe('seller.address.pin');
    expect(fieldOfPath('security.requireAdminTwoFactor')).toBe('security.requireAdminTwoFactor');
    expect(fieldOfPath('timeZone')).toBe('timeZone');
    expect(fieldOfPath('shipping.serviceablePins.12')).toBe('shipping.serviceablePins');
    expect(fieldOfPath('payments.cod.feePaise')).toBe('payments.cod.feePaise');
    expect(fieldOfPath('payments.cod.pins.3')).toBe('payments.cod.pins');
    expect(fieldOfPath('dispatch.holidays.7')).toBe('dispatch.holidays');
    expect(fieldOfPath('dispatch.workingDays.0')).toBe('dispatch.workingDays');
    expect(fieldOfPath('zoneDays.express.northEast')).toBe('zoneDays.express.northEast');
    expect(fieldOfPath('seller')).toBe('form');
  });

  it('reads PINs separated by lines, commas or spaces, once each', () => {
    expect(parsePinList(' 560001,56\n\n400 , 56 ')).toEqual(['560001', '56', '400']);
    expect(parsePinList('  ')).toEqual([]);
  });

  it('previews invoice numbers as the server makes them', () => {
    expect(invoiceNumberPreview('vm', '2026-11-25')).toBe('VM/2627/00001');
    expect(invoiceNumberPreview('', '2027-03-31')).toBe('INV/2627/00001');
    expect(invoiceNumberPreview('INV', '2027-04-01')).toBe('INV/2728/00001');
  });

  it('previews order numbers as the server makes them, in the year of the shop’s clock', () => {
    // 18:31 UTC on 31 December 2026 is already 1 January 2027 in India, still 2026 in London.
    const at = new Date('2026-12-31T18:31:00.000Z');
    expect(orderNumberPreview('vm', 'Asia/Kolkata', at)).toBe('VM-2027-000123');
    expect(orderNumberPreview(' ab12 ', 'Europe/London', at)).toBe('AB12-2026-000123');
    expect(orderNumberPreview('', 'Not/AZone', at)).toBe('VM-2027-000123');
  });

  it('refuses an order number prefix that is not 1 to 4 letters or digits, beside its field', () => {
    const values = { ...settingsToForm(saved), orderPrefix: 'V-M' };
    expect(toSettingsInput(values)).toEqual({ input: null, errors: { orderPrefix: 'order number prefix must be 1 to 4 letters or digits' } });
  });

  it('names rates in percent', () => {
    expect([0, 25, 500, 1800].map(formatGstRate)).toEqual(['0%', '0.25%', '5%', '18%']);
  });

  it("reads today's date and month on India's clock, as GST counts them", () => {
    // 20:00 UTC on 31 March is already 1 April in India.
    expect(gstToday(new Date('2027-03-31T20:00:00Z'))).toBe('2027-04-01');
    expect(gstMonth(new Date('2027-03-31T20:00:00Z'))).toBe('2027-04');
  });
});
