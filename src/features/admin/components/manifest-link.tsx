import { manifestUrl, useAwaitingPickup } from '../api/use-packing';

/**
 * "Print manifest (3 parcels awaiting pickup)" on All orders: the sheet the courier's pickup
 * person signs, for the parcels booked and not picked up yet (and the manual courier's shipped
 * today). Nothing while no parcel awaits pickup.
 */
export function ManifestLink() {
  const waiting = useAwaitingPickup();
  const count = waiting.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="manifest-link">
      <a href={manifestUrl()} target="_blank" rel="noopener" className="btn-outline min-h-11 px-4">
        Print manifest (PDF)
      </a>
      <span className="text-zinc-700">
        {count} parcel{count === 1 ? '' : 's'} awaiting the courier’s pickup
      </span>
    </p>
  );
}
