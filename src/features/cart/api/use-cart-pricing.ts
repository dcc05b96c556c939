import { trpc, type RouterOutputs } from '../../../lib/trpc';

export type CartPricing = NonNullable<RouterOutputs['cart']['pricing']>;

/** The cart priced with the offers live now and its coupon (issue 30): sale prices, discounts, the coupon's status. */
export function useCartPricing() {
  return trpc.cart.pricing.useQuery();
}

/** Applies a code; the server answers the cart priced with it (kept as the pricing), or refuses with the sentence to show. */
export function useApplyCoupon() {
  const utils = trpc.useUtils();
  return trpc.cart.applyCoupon.useMutation({
    onSuccess: (pricing) => utils.cart.pricing.setData(undefined, pricing),
  });
}

export function useRemoveCoupon() {
  const utils = trpc.useUtils();
  return trpc.cart.removeCoupon.useMutation({
    onSuccess: (pricing) => utils.cart.pricing.setData(undefined, pricing),
  });
}
