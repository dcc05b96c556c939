import type { Logger } from 'pino';
import type { DB } from '../db/database';
import type { Env } from '../env';
import { paymentProviders, shippingOptionsFrom, type PaymentProvider, type PaymentProviders } from './payment-provider';
import { createTestProvider } from './test-provider';

/**
 * The online providers this process can use: Stripe when STRIPE_SECRET_KEY is set, Razorpay when
 * RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are, else the built-in test checkout alone (env.ts
 * already refuses it under NODE_ENV=production unless ALLOW_TEST_PAYMENTS=1). Which of two the
 * Payment button uses is the owner's setting (settings.payments.online). The SDKs are loaded only
 * when used: Stripe's is about 20 MB of memory a shop on the test checkout never needs (Razorpay's brings axios).
 */
export async function selectPaymentProviders(deps: { env: Env; db: DB; log: Logger; clock: () => Date }): Promise<PaymentProviders> {
  const { env } = deps;
  const online: PaymentProvider[] = [];
  if (env.STRIPE_SECRET_KEY) {
    const { createStripeProvider } = await import('./stripe-provider');
    online.push(
      createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
        apiBase: env.STRIPE_API_BASE,
        publicUrl: env.PUBLIC_URL,
        log: deps.log,
        clock: deps.clock,
      }),
    );
  }
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET) {
    const { createRazorpayProvider } = await import('./razorpay-provider');
    online.push(
      createRazorpayProvider({
        keyId: env.RAZORPAY_KEY_ID,
        keySecret: env.RAZORPAY_KEY_SECRET,
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
        apiBase: env.RAZORPAY_API_BASE,
        publicUrl: env.PUBLIC_URL,
        log: deps.log,
        clock: deps.clock,
      }),
    );
  }
  if (online.length === 0) online.push(createTestProvider({ db: deps.db, publicUrl: env.PUBLIC_URL, shippingOptions: shippingOptionsFrom(env), clock: deps.clock }));
  return paymentProviders(online);
}
