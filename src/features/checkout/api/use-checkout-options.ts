import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';

/**
 * What the checkout page offers for the cart and the chosen address: delivery choices, the
 * online providers and whether cash on delivery is possible there (and why not). Asked again
 * whenever the address changes; the previous answer stays on screen meanwhile
 * (`isPlaceholderData` says it is about another address).
 */
export function useCheckoutOptions(addressId: string | null, enabled: boolean) {
  return trpc.checkout.options.useQuery(addressId ? { addressId } : {}, { enabled, placeholderData: keepPreviousData });
}
