import { trpc } from '../../../lib/trpc';

/** The home page carousel's desktop and phone banner sets, in position order. */
export function useBanners() {
  return trpc.catalog.banners.useQuery(undefined, { staleTime: 10 * 60_000 });
}
