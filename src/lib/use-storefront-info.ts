import { trpc } from './trpc';

/** The shop's public settings: seller and grievance officer (footer), policies, delivery fees and times. */
export function useStorefrontInfo() {
  return trpc.settings.storefront.useQuery(undefined, { staleTime: 10 * 60_000 });
}
