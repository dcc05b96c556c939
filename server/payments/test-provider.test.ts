import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type DB } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { AppError } from '../errors';
import { shippingOptionsFrom } from './payment-provider';
import { createTestProvider, isTestProvider, type TestPaymentProvider } from './test-provider';

let dir: string;
let db: DB;
let now = new Date('2026-11-22T10:00:00.000Z');
let provider: TestPaymentProvider;
let userId: string;

async function insertOrder(): Promise<string> {
  const id = newId();
  const at = now.toISOString();
  await db
    .insertInto('orders')
    .values({
      id,
      order_number: `T-${id}`,
      user_id: userId,
      email: 'asha@example.com',
      status: 'pending',
      provider: 'test',
      total_amount: 359_800,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

const lines = [
  { name: 'Airdopes', imageUrl: null, unitAmount: 129_950, quantity: 2 },
  { name: 'Watch', imageUrl: null, unitAmount: 99_900, quantity: 1 },
];
const offer = shippingOptionsFrom({ SHIPPING_STANDARD_PAISE: 0, SHIPPING_EXPRESS_PAISE: 9900 });
const shipTo = { name: 'Asha Rao', line1: '12 MG Road', line2: null, city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', country: 'IN' };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-provider-'));
  ({ db } = await openTestDatabase(dir));
  userId = newId();
  await db
    .insertInto('users')
    .values({
      id: userId,
      name: 'Asha',
      email: 'asha@example.com',
      password_hash: 'x',
      role: 'GENERAL',
      profile_pic: '',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  provider = createTestProvider({
    db,
    publicUrl: () => 'http://127.0.0.1:4000/',
    shippingOptions: shippingOptionsFrom({ SHIPPING_STANDARD_PAISE: 0, SHIPPING_EXPRESS_PAISE: 9900 }),
    clock: () => now,
  });
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('built-in test checkout provider', () => {
  it('opens one session per order, on the shop’s own test page, for 30 minutes', async () => {
    expect(isTestProvider(provider)).toBe(true);
    const orderId = await insertOrder();
    const created = await provider.createSession({
      orderId,
      email: 'asha@example.com',
      lines,
      shippingOptions: offer,
      deliveryAddress: null,
      idempotencyKey: `checkout-${orderId}`,
    });
    expect(created.url).toBe(`http://127.0.0.1:4000/test-checkout/${created.id}`);
    expect(created.expiresAt).toBe('2026-11-22T10:30:00.000Z');
    const again = await provider.createSession({ orderId, email: 'asha@example.com', lines, shippingOptions: offer, deliveryAddress: null, idempotencyKey: `checkout-${orderId}` });
    expect(again.id).toBe(created.id);

    const session = await provider.retrieveSession(created.id);
    expect(session).toMatchObject({ orderId, status: 'open', paymentStatus: 'unpaid', amountTotal: 359_800, shippingRate: 'standard', shippingAmount: 0 });
  });

  it('pays with the chosen shipping, and paying twice changes nothing', async () => {
    const orderId = await insertOrder();
    const { id } = await provider.createSession({
      orderId,
      email: 'asha@example.com',
      lines,
      shippingOptions: offer,
      deliveryAddress: null,
      idempotencyKey: `checkout-${orderId}`,
    });
    const paid = await provider.pay(id, 'express', shipTo);
    expect(paid).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      shippingRate: 'express',
      shippingAmount: 9900,
      amountTotal: 359_800 + 9900,
      paymentMethodTypes: ['card'],
    });
    expect(paid.paymentIntentId).toBe(`test_pi_${id}`);
    const again = await provider.pay(id, 'standard', shipTo);
    expect(again).toMatchObject({ shippingRate: 'express', amountTotal: 359_800 + 9900 });
    // A paid session is not expired by a late cancel.
    expect((await provider.expireSession(id)).status).toBe('complete');
  });

  it('expires on request, and by itself once its time is up; an expired page cannot be paid', async () => {
    const first = await insertOrder();
    const a = await provider.createSession({ orderId: first, email: 'asha@example.com', lines, shippingOptions: offer, deliveryAddress: null, idempotencyKey: first });
    expect((await provider.expireSession(a.id)).status).toBe('expired');

    const second = await insertOrder();
    const b = await provider.createSession({ orderId: second, email: 'asha@example.com', lines, shippingOptions: offer, deliveryAddress: null, idempotencyKey: second });
    now = new Date(now.getTime() + 31 * 60 * 1000);
    expect((await provider.retrieveSession(b.id)).status).toBe('expired');
    await expect(provider.pay(b.id, 'standard', shipTo)).rejects.toMatchObject({ appCode: 'INVALID_TRANSITION' });
  });

  it('asks for the delivery address when the order came without one, and reports the one it was given', async () => {
    const orderId = await insertOrder();
    const { id } = await provider.createSession({ orderId, email: 'asha@example.com', lines, shippingOptions: offer, deliveryAddress: null, idempotencyKey: orderId });
    await expect(provider.pay(id, 'standard')).rejects.toMatchObject({ appCode: 'BAD_INPUT', message: 'Enter the delivery address' });
    expect((await provider.pay(id, 'standard', shipTo)).shippingAddress).toEqual(shipTo);

    const chosen = { name: 'Ravi Kumar', phone: '+919876543210', line1: '4 Park Street', line2: '', city: 'Kolkata', stateCode: '19', pin: '700016', gstin: null };
    const other = await insertOrder();
    const session = await provider.createSession({ orderId: other, email: 'asha@example.com', lines, shippingOptions: offer, deliveryAddress: chosen, idempotencyKey: other });
    const paid = await provider.pay(session.id, 'standard');
    expect(paid.shippingAddress).toEqual({ name: 'Ravi Kumar', line1: '4 Park Street', line2: null, city: 'Kolkata', state: 'West Bengal', postalCode: '700016', country: 'IN' });
  });

  it('answers NOT_FOUND for an unknown session and refuses webhooks', async () => {
    await expect(provider.retrieveSession('tcs_missing')).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    expect(() => provider.parseWebhook(Buffer.from('{}'), 't=1,v1=x')).toThrow(AppError);
  });
});
