import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';

/** An answer is reused for this long at most, and never past its own `validUntil` (the dispatch cut-off). */
const MAX_FRESH_MS = 5 * 60_000;

/**
 * Whether the shop delivers to `pin`, and by when; nothing is asked while `pin` is null (the
 * product page asks only when the shopper presses Check, never as it loads).
 */
export function useDeliveryCheck(pin: string | null) {
  return trpc.settings.deliveryCheck.useQuery(pin === null ? skipToken : { pin }, {
    staleTime: (query) => {
      const until = query.state.data?.validUntil;
      const left = until ? Date.parse(until) - Date.now() : MAX_FRESH_MS;
      return Math.max(0, Math.min(MAX_FRESH_MS, left));
    },
  });
}
