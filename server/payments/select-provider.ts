import type { Logger } from 'pino';
import type { DB } from '../db/database';
import type { Env } from '../env';
import { shippingOptionsFrom, type PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the built-in test checkout (env.ts already refuses
 * the latter under NODE_ENV=production unless ALLOW_TEST_PAYMENTS=1).
 */
export function selectPaymentProvider(deps: { env: Env; db: DB; log: Logger; clock: () => Date }): PaymentProvider {
  const { env } = deps;
  const shippingOptions = shippingOptionsFrom(env);
  if (env.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      apiBase: env.STRIPE_API_BASE,
      publicUrl: env.PUBLIC_URL,
      shippingOptions,
      log: deps.log,
      clock: deps.clock,
    });
  }
  return createTestProvider({ db: deps.db, publicUrl: env.PUBLIC_URL, shippingOptions, clock: deps.clock });
}
