import { trpc, type RouterOutputs } from '../../../lib/trpc';

export type SavedAddress = RouterOutputs['address']['list'][number];

/** The signed-in shopper's saved delivery addresses, most recently used or saved first. */
export function useAddresses(enabled: boolean) {
  return trpc.address.list.useQuery(undefined, { enabled });
}
