import { keepPreviousData } from '@tanstack/react-query';
import type { BulkGridInput } from '../../../../shared/schemas/bulk-edit';
import { trpc } from '../../../lib/trpc';

/** One keyset page of the bulk edit grid (the previous one stays on screen while the next loads). */
export function useBulkGrid(input: BulkGridInput) {
  return trpc.catalog.bulkGrid.useQuery(input, { placeholderData: keepPreviousData, staleTime: 0 });
}

/** The brands the grid's filter offers (of the chosen category). */
export function useBulkGridBrands(category: string) {
  return trpc.catalog.bulkGridBrands.useQuery(category ? { category } : undefined, { staleTime: 30_000 });
}

/** The grid's save; then every list of products and the dashboard are read again. */
export function useBulkUpdateVariants() {
  const utils = trpc.useUtils();
  return trpc.catalog.bulkUpdateVariants.useMutation({
    onSuccess: () => Promise.all([utils.catalog.invalidate(), utils.admin.products.invalidate(), utils.admin.dashboard.invalidate()]),
  });
}
