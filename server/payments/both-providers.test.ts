import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutOptions } from '../../shared/schemas/order';
import { insertProduct, signInAs, testShopSettings } from '../testing/factories';
import { startFakeRazorpay, type FakeRazorpay } from '../testing/fake-razorpay';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe';
import { startTestServer, type HttpClient, type TestServer } from '../testing/test-server';

/** With Stripe's and Razorpay's keys both set, the owner's Payments setting decides what the Payment button uses. */

let stripe: FakeStripe;
let razorpay: FakeRazorpay;
let server: TestServer;
let admin: HttpClient;

beforeAll(async () => {
  stripe = await startFakeStripe();
  razorpay = await startFakeRazorpay();
  server = await startTestServer({ env: { ...stripe.env(), ...razorpay.env() } });
  ({ client: admin } = await signInAs(server, 'ADMIN'));
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
  await razorpay?.close();
});

const ADDRESS = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };

async function shopper() {
  const product = await insertProduct(server.deps.db, { productName: `Phone ${Math.random()}`, sellingPrice: 999_900, price: 1_299_900, stock: 5 });
  const { client } = await signInAs(server);
  await client.post('/api/addtocart', { productId: product.id });
  const address = await client.trpc<{ _id: string }>('mutation', 'address.create', ADDRESS);
  return { client, addressId: address.body._id };
}

describe('Stripe and Razorpay both configured', () => {
  it('offers both (Razorpay first) by default, and the shopper picks', async () => {
    const { client, addressId } = await shopper();
    const options = await client.trpc<CheckoutOptions>('query', 'checkout.options', { addressId });
    expect(options.body.online.map((o) => [o.kind, o.choosesDelivery])).toEqual([
      ['razorpay', false],
      ['stripe', true],
    ]);
    const viaStripe = await client.trpc<{ sessionId: string }>('mutation', 'checkout.start', { addressId, provider: 'stripe' });
    expect(viaStripe.status).toBe(200);
    expect(viaStripe.body.sessionId).toMatch(/^cs_/);
    // Switching provider closes the first checkout and opens a Razorpay link.
    const viaRazorpay = await client.trpc<{ sessionId: string }>('mutation', 'checkout.start', { addressId, provider: 'razorpay', shipping: 'express' });
    expect(viaRazorpay.status).toBe(200);
    expect(viaRazorpay.body.sessionId).toMatch(/^plink_/);
  });

  it('uses only the one the owner picks, and refuses the other', async () => {
    expect(
      (
        await admin.trpc(
          'mutation',
          'settings.update',
          testShopSettings({ payments: { online: 'stripe', cod: { enabled: false, maxOrderPaise: 5_000_000, feePaise: 0, pins: [], maxOpenOrders: 2 } } }),
        )
      ).status,
    ).toBe(200);
    const { client, addressId } = await shopper();
    const options = await client.trpc<CheckoutOptions>('query', 'checkout.options', { addressId });
    expect(options.body.online.map((o) => o.kind)).toEqual(['stripe']);
    const refused = await client.trpc<{ message: string }>('mutation', 'checkout.start', { addressId, provider: 'razorpay' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('razorpay');
    const started = await client.trpc<{ sessionId: string }>('mutation', 'checkout.start', { addressId });
    expect(started.body.sessionId).toMatch(/^cs_/);
  });
});
