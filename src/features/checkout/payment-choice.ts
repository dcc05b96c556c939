import type { CheckoutOptions, OnlineProviderKind } from '../../../shared/schemas/order';
import type { StorefrontInfo } from '../../../shared/schemas/settings';

/** How the shopper pays: through one online provider's page, or in cash to the courier. */
export type PaymentChoice = { kind: 'online'; provider: OnlineProviderKind } | { kind: 'cod' };

export type DeliveryOption = CheckoutOptions['delivery'][number];
export type DeliveryRate = DeliveryOption['rate'];

/**
 * The way to pay in effect: the shopper's pick while the server still offers it (cash on
 * delivery only while it is available for this cart and address), else the first online
 * provider, else cash on delivery when it is the only way. Null when nothing can be chosen.
 */
export function paymentInEffect(options: CheckoutOptions, wanted: PaymentChoice | null): PaymentChoice | null {
  if (wanted?.kind === 'cod' && options.cod.offered && options.cod.available) return wanted;
  if (wanted?.kind === 'online' && options.online.some((p) => p.kind === wanted.provider)) return wanted;
  const first = options.online[0];
  if (first) return { kind: 'online', provider: first.kind };
  return options.cod.offered && options.cod.available ? { kind: 'cod' } : null;
}

/** True when this page must ask for the delivery: cash on delivery, or a provider whose own page cannot offer the choice. */
export function asksDelivery(options: CheckoutOptions, choice: PaymentChoice | null): boolean {
  if (choice === null) return false;
  if (choice.kind === 'cod') return true;
  return options.online.find((p) => p.kind === choice.provider)?.choosesDelivery === false;
}

/** The delivery option of `rate`, or the first one (standard) when there is none of that rate. */
export function deliveryOf(delivery: readonly DeliveryOption[], rate: DeliveryRate): DeliveryOption | undefined {
  return delivery.find((d) => d.rate === rate) ?? delivery[0];
}

/**
 * The delivery choices worked out from the shop's public terms, as the server prices them
 * (settings.service shippingOptionsFor: standard is free from the threshold up). Shown while
 * checkout.options loads, or when it could not be read.
 */
export function deliveryFromTerms(shipping: StorefrontInfo['shipping'], subtotal: number): DeliveryOption[] {
  const free = shipping.freeAbovePaise !== null && subtotal >= shipping.freeAbovePaise;
  return [
    { rate: 'standard', label: 'Standard delivery', amount: free ? 0 : shipping.standardPaise, days: shipping.standardDays, by: null },
    { rate: 'express', label: 'Express delivery', amount: shipping.expressPaise, days: shipping.expressDays, by: null },
  ];
}
