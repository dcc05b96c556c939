import { trpc } from '../../../lib/trpc';

/** One product on sale; PRODUCT_NOT_FOUND (404) for an unknown or archived id. */
export function useProduct(productId: string) {
  return trpc.catalog.details.useQuery({ productId });
}
