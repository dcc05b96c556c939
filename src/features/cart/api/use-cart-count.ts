import { trpc } from '../../../lib/trpc';

/** Number of lines in the shopper's cart, for the header badge. */
export function useCartCount(): number {
  const query = trpc.cart.count.useQuery();
  return query.data?.count ?? 0;
}
