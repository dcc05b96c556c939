import { trpc } from '../../../lib/trpc';

/** One bubble per category that has products on sale (its newest product's images). */
export function useCategoryBubbles() {
  return trpc.catalog.categoryBubbles.useQuery(undefined, { staleTime: 10 * 60_000 });
}
