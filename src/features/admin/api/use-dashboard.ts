import { trpc } from '../../../lib/trpc';

/** Sales figures and low stock for the top of all-orders. */
export function useDashboard() {
  return trpc.admin.dashboard.useQuery(undefined, { staleTime: 15_000 });
}
