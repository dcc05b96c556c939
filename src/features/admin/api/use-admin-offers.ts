import { keepPreviousData } from '@tanstack/react-query';
import type { OfferKindName, OfferPreviewInput, OfferStatus } from '../../../../shared/schemas/offers-admin';
import { trpc } from '../../../lib/trpc';

/** The owner's offers, with status, uses and usage; filtered by status and kind. */
export function useAdminOffers(filter: { status?: OfferStatus; kind?: OfferKindName }) {
  return trpc.offers.list.useQuery(
    { ...(filter.status ? { status: filter.status } : {}), ...(filter.kind ? { kind: filter.kind } : {}) },
    { placeholderData: keepPreviousData, staleTime: 10_000 },
  );
}

/** After any change: every list of offers (each filter) and the audit log. */
function useRefreshOffers() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.offers.list.invalidate(), utils.offers.get.invalidate()]);
}

export function useCreateOffer() {
  const refresh = useRefreshOffers();
  return trpc.offers.create.useMutation({ onSuccess: () => refresh() });
}

export function useUpdateOffer() {
  const refresh = useRefreshOffers();
  return trpc.offers.update.useMutation({ onSuccess: () => refresh() });
}

export function useSetOfferPaused() {
  const refresh = useRefreshOffers();
  return trpc.offers.setPaused.useMutation({ onSuccess: () => refresh() });
}

export function useDuplicateOffer() {
  const refresh = useRefreshOffers();
  return trpc.offers.duplicate.useMutation({ onSuccess: () => refresh() });
}

/** What a cart gets (null input: nothing asked yet). */
export function useOfferPreview(input: OfferPreviewInput | null) {
  return trpc.offers.preview.useQuery(input ?? { lines: [{ variantId: '-', quantity: 1 }], payment: 'online' }, { enabled: input !== null, retry: false });
}

export function useEmiSettings() {
  return trpc.offers.emiSettings.useQuery(undefined, { staleTime: 15_000 });
}

export function useSaveEmiSettings() {
  const utils = trpc.useUtils();
  return trpc.offers.saveEmiSettings.useMutation({ onSuccess: (saved) => utils.offers.emiSettings.setData(undefined, saved) });
}

/** Products by name or brand for the pickers (the admin product grid's search). */
export function useProductSearch(q: string) {
  return trpc.admin.products.useQuery({ q, limit: 8, view: 'active' }, { enabled: q.trim().length >= 2, placeholderData: keepPreviousData, staleTime: 15_000 });
}

/** A product's variants (the sale price's and the preview's variant choice). */
export function useProductVariants(productId: string | null) {
  return trpc.catalog.variants.useQuery({ productId: productId ?? '' }, { enabled: productId !== null && productId !== '', staleTime: 15_000 });
}

export function useOfferCategories() {
  return trpc.catalog.adminCategories.useQuery(undefined, { staleTime: 60_000 });
}
