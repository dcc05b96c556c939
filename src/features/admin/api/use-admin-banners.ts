import { trpc } from '../../../lib/trpc';

/** Every banner of the home page carousel, hidden ones too: desktop then phone, each in carousel order. */
export function useAdminBanners() {
  return trpc.catalog.adminBanners.useQuery(undefined, { staleTime: 15_000 });
}

/** After any banner change: the shoppers' carousel (hidden banners leave it) and the owner's setup checklist. */
function useRefreshCarousel() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.catalog.banners.invalidate(), utils.admin.setupStatus.invalidate()]);
}

/** Adds a banner (no `bannerId`: placed last in its carousel) or saves an edit, hiding and showing included. */
export function useSaveBanner() {
  const utils = trpc.useUtils();
  const refresh = useRefreshCarousel();
  return trpc.catalog.saveBanner.useMutation({
    onSuccess: () => Promise.all([utils.catalog.adminBanners.invalidate(), refresh()]),
  });
}

/** Swaps a banner with its neighbour; the reply is the new order, which replaces the cached list at once. */
export function useMoveBanner() {
  const utils = trpc.useUtils();
  const refresh = useRefreshCarousel();
  return trpc.catalog.moveBanner.useMutation({
    onSuccess: async (banners) => {
      utils.catalog.adminBanners.setData(undefined, banners);
      await refresh();
    },
  });
}

export function useDeleteBanner() {
  const utils = trpc.useUtils();
  const refresh = useRefreshCarousel();
  return trpc.catalog.deleteBanner.useMutation({
    onSuccess: () => Promise.all([utils.catalog.adminBanners.invalidate(), refresh()]),
  });
}
