import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';

/**
 * Whether the shop delivers to `pin`, and how soon; nothing is asked while `pin` is null (the
 * product page asks only when the shopper presses Check, never as it loads).
 */
export function useDeliveryCheck(pin: string | null) {
  return trpc.settings.deliveryCheck.useQuery(pin === null ? skipToken : { pin }, { staleTime: 5 * 60_000 });
}
