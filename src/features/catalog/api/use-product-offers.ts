import { trpc } from '../../../lib/trpc';

/** The product page's offers panel (issue 30), per variant; the server renders it with the page. */
export function useProductOffers(productId: string) {
  return trpc.catalog.offers.useQuery({ productId });
}
