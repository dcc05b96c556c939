import { trpc } from '../../../lib/trpc';

/**
 * The owner's setup checklist and the demo data left (ADMIN only: pass `enabled: false` for
 * anyone else). Asked again whenever a screen showing it opens: products, banners and settings
 * change on other admin pages.
 */
export function useSetupStatus(opts: { enabled?: boolean } = {}) {
  return trpc.admin.setupStatus.useQuery(undefined, { enabled: opts.enabled ?? true, staleTime: 0 });
}

/** Removes the demo catalogue and banners; every list that showed them is refreshed. */
export function useRemoveDemoData() {
  const utils = trpc.useUtils();
  return trpc.admin.removeDemoData.useMutation({
    onSuccess: () => Promise.all([utils.admin.setupStatus.invalidate(), utils.admin.products.invalidate(), utils.admin.dashboard.invalidate(), utils.catalog.invalidate()]),
  });
}
