import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShiprocket, type FakeShiprocket } from '../testing/fake-shiprocket';
import { CourierError } from './courier-error';
import { AWB_MESSAGE, checkAwb, checkTrackingUrlPattern, createManualCourier, trackingUrlFor } from './manual-courier';
import { courierSelector, selectCourier, type CourierSettings } from './select-courier';

async function failure(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CourierError) return error;
    throw error;
  }
  throw new Error('expected a CourierError');
}

describe('the manual courier', () => {
  const courier = createManualCourier();

  it('has no API: rates, labels and tracking are empty, booking through it is refused', async () => {
    expect(courier.kind).toBe('manual');
    expect(await courier.serviceability({ pickupPin: '560001', deliveryPin: '110001', weightGrams: 500, cod: false })).toEqual([]);
    expect(await courier.findShipment('VM-2026-000123-1')).toBeNull();
    expect(await courier.label('1')).toBeNull();
    expect(await courier.manifest(['1'])).toBeNull();
    expect(await courier.schedulePickup(['1'])).toEqual({ scheduledDate: null });
    expect(await courier.track('AWB123456')).toEqual([]);
    await expect(courier.cancel(['1'])).resolves.toBeUndefined();
    const create = await failure(courier.createShipment({} as never));
    expect(create).toMatchObject({ kind: 'rejected', message: expect.stringMatching(/^The manual courier has no API: /) as unknown });
    expect((await failure(courier.assignAwb('1'))).kind).toBe('rejected');
    expect(() => courier.readWebhook({}, {})).toThrow(CourierError);
  });

  it('checks an AWB as typed: trimmed, 6 to 30 letters, digits or dashes, no spaces inside', () => {
    expect(checkAwb('  1234567890123 ')).toEqual({ ok: true, awb: '1234567890123' });
    expect(checkAwb('DLV-88231-X')).toEqual({ ok: true, awb: 'DLV-88231-X' });
    for (const bad of ['1234 5678', '12345', 'x'.repeat(31), 'AWB/123456', '', '١٢٣٤٥٦٧']) expect(checkAwb(bad)).toEqual({ ok: false, message: AWB_MESSAGE });
    expect(AWB_MESSAGE).toBe('AWB must be letters and digits without spaces');
  });

  it('fills the AWB into the owner’s https tracking URL pattern, and gives no link for a bad one', () => {
    expect(trackingUrlFor('https://www.delhivery.com/track/package/{awb}', '1234567890123')).toBe('https://www.delhivery.com/track/package/1234567890123');
    expect(trackingUrlFor('https://track.example.in/?awb={awb}&src=shop', 'DLV-8')).toBeNull();
    expect(trackingUrlFor('https://track.example.in/?awb={awb}&src=shop', 'DLV-88231')).toBe('https://track.example.in/?awb=DLV-88231&src=shop');
    expect(trackingUrlFor('http://track.example.in/{awb}', '1234567890')).toBeNull();
    expect(trackingUrlFor('https://track.example.in/', '1234567890')).toBeNull();
    expect(trackingUrlFor('https://track.example.in/{awb}', '1234 567890')).toBeNull();
    expect(checkTrackingUrlPattern('javascript:alert({awb})')).toEqual({ ok: false, message: 'The tracking URL must start with https://' });
    expect(checkTrackingUrlPattern('track/{awb}')).toEqual({ ok: false, message: 'The tracking URL is not a web address' });
  });
});

describe('choosing the courier from the settings', () => {
  let fake: FakeShiprocket;

  beforeAll(async () => {
    fake = await startFakeShiprocket();
  });

  afterAll(async () => {
    await fake.close();
  });

  const settings = (kind: CourierSettings['kind'], shiprocket: Partial<CourierSettings['shiprocket']> = {}): CourierSettings => ({
    kind,
    shiprocket: { ...fake.settings(), ...shiprocket },
  });

  it('builds the manual courier, or Shiprocket with the API user’s keys; Shiprocket without keys says so', async () => {
    expect(selectCourier(settings('manual', { email: '', password: '' })).kind).toBe('manual');
    const shiprocket = selectCourier(settings('shiprocket'));
    expect(shiprocket.kind).toBe('shiprocket');
    expect(await shiprocket.findShipment('VM-none')).toBeNull();
    expect(() => selectCourier(settings('shiprocket', { password: '' }))).toThrow(/^Shiprocket is chosen but its API user's email and password are not set/);
  });

  it('keeps one Shiprocket courier (and its sign-in) while the settings stay the same', async () => {
    const select = courierSelector();
    const logins = fake.count('POST', '/auth/login');
    const first = select(settings('shiprocket'));
    await first.findShipment('VM-none');
    const second = select(settings('shiprocket'));
    await second.findShipment('VM-none');
    expect(second).toBe(first);
    expect(fake.count('POST', '/auth/login')).toBe(logins + 1);
    const changed = select(settings('shiprocket', { webhookToken: 'another' }));
    expect(changed).not.toBe(first);
    expect(select(settings('manual')).kind).toBe('manual');
  });
});
