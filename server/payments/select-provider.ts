import type { Logger } from 'pino';
import type { DB } from '../db/database';
import type { Env } from '../env';
import { shippingOptionsFrom, type PaymentProvider } from './payment-provider';
import { createTestProvider } from './test-provider';

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the built-in test checkout (env.ts already refuses
 * the latter under NODE_ENV=production unless ALLOW_TEST_PAYMENTS=1). The Stripe SDK is loaded
 * only when it is used: it is about 20 MB of memory a shop on the test checkout never needs.
 */
export async function selectPaymentProvider(deps: { env: Env; db: DB; log: Logger; clock: () => Date }): Promise<PaymentProvider> {
  const { env } = deps;
  const shippingOptions = shippingOptionsFrom(env);
  if (env.STRIPE_SECRET_KEY) {
    const { createStripeProvider } = await import('./stripe-provider');
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      apiBase: env.STRIPE_API_BASE,
      publicUrl: env.PUBLIC_URL,
      log: deps.log,
      clock: deps.clock,
    });
  }
  return createTestProvider({ db: deps.db, publicUrl: env.PUBLIC_URL, shippingOptions, clock: deps.clock });
}
