import type { TrackingStatus } from './courier';

/**
 * Shiprocket's shipment statuses and what each means to the shop: THE table. Shiprocket names a
 * status in words (a webhook's `current_status`, a scan's `sr-status-label`, the tracking API's
 * `current_status`, in any case, with spaces or underscores) and by a number from its shipment
 * status table (`shipment_status_id`, a scan's `sr-status`). Words are read first; the number
 * only when the words are missing or unknown. (A webhook's `current_status_id` follows another
 * numbering, the courier's own, and is never read: Shiprocket's sample pairs "IN TRANSIT" with
 * current_status_id 20, which the table calls PICKUP EXCEPTION.)
 *
 * A status the shop need not act on (AWB assigned, a pickup exception, packing in Shiprocket's
 * warehouse) is `other`: kept for the timeline, moving nothing.
 */
export const SHIPROCKET_STATUSES: readonly { id: number | null; label: string; status: TrackingStatus }[] = [
  { id: 1, label: 'AWB ASSIGNED', status: 'other' },
  { id: 2, label: 'LABEL GENERATED', status: 'other' },
  { id: 3, label: 'PICKUP SCHEDULED', status: 'pickup_scheduled' },
  { id: null, label: 'PICKUP GENERATED', status: 'pickup_scheduled' },
  { id: 4, label: 'PICKUP QUEUED', status: 'pickup_scheduled' },
  { id: 5, label: 'MANIFEST GENERATED', status: 'pickup_scheduled' },
  { id: 6, label: 'SHIPPED', status: 'in_transit' },
  { id: 7, label: 'DELIVERED', status: 'delivered' },
  { id: 8, label: 'CANCELED', status: 'cancelled' },
  { id: null, label: 'CANCELLED', status: 'cancelled' },
  { id: 9, label: 'RTO INITIATED', status: 'rto_initiated' },
  { id: 10, label: 'RTO DELIVERED', status: 'rto_delivered' },
  { id: 11, label: 'PENDING', status: 'other' },
  { id: 12, label: 'LOST', status: 'lost' },
  { id: 13, label: 'PICKUP ERROR', status: 'other' },
  { id: 14, label: 'RTO ACKNOWLEDGED', status: 'rto_initiated' },
  { id: 15, label: 'PICKUP RESCHEDULED', status: 'pickup_scheduled' },
  // Asked for, not yet done: the order still moves until CANCELED comes.
  { id: 16, label: 'CANCELLATION REQUESTED', status: 'other' },
  { id: 17, label: 'OUT FOR DELIVERY', status: 'out_for_delivery' },
  { id: 18, label: 'IN TRANSIT', status: 'in_transit' },
  { id: 19, label: 'OUT FOR PICKUP', status: 'pickup_scheduled' },
  { id: 20, label: 'PICKUP EXCEPTION', status: 'other' },
  { id: 21, label: 'UNDELIVERED', status: 'delivery_failed' },
  { id: null, label: 'NDR', status: 'delivery_failed' },
  { id: 22, label: 'DELAYED', status: 'in_transit' },
  // Part of the parcel reached the shopper: a person decides what happens next.
  { id: 23, label: 'PARTIAL DELIVERED', status: 'other' },
  { id: 24, label: 'DESTROYED', status: 'damaged' },
  { id: 25, label: 'DAMAGED', status: 'damaged' },
  { id: 26, label: 'FULFILLED', status: 'other' },
  { id: 38, label: 'REACHED AT DESTINATION HUB', status: 'in_transit' },
  { id: 39, label: 'MISROUTED', status: 'in_transit' },
  { id: 40, label: 'RTO NDR', status: 'rto_initiated' },
  { id: 41, label: 'RTO OFD', status: 'rto_initiated' },
  { id: 42, label: 'PICKED UP', status: 'picked_up' },
  { id: 43, label: 'SELF FULFILLED', status: 'other' },
  { id: 44, label: 'DISPOSED OFF', status: 'lost' },
  { id: 45, label: 'CANCELLED BEFORE DISPATCHED', status: 'cancelled' },
  { id: 46, label: 'RTO IN TRANSIT', status: 'rto_initiated' },
  { id: 47, label: 'QC FAILED', status: 'other' },
  { id: 48, label: 'REACHED WAREHOUSE', status: 'in_transit' },
  { id: 49, label: 'CUSTOM CLEARED', status: 'in_transit' },
  { id: 50, label: 'IN FLIGHT', status: 'in_transit' },
  { id: 51, label: 'HANDOVER TO COURIER', status: 'picked_up' },
  { id: 52, label: 'SHIPMENT BOOKED', status: 'other' },
  { id: 54, label: 'IN TRANSIT OVERSEAS', status: 'in_transit' },
  { id: 55, label: 'CONNECTION ALIGNED', status: 'in_transit' },
  { id: 56, label: 'REACHED OVERSEAS WAREHOUSE', status: 'in_transit' },
  { id: 57, label: 'CUSTOM CLEARED OVERSEAS', status: 'in_transit' },
  { id: 59, label: 'BOX PACKING', status: 'other' },
  { id: 60, label: 'FC ALLOCATED', status: 'other' },
  { id: 61, label: 'PICKLIST GENERATED', status: 'other' },
  { id: 62, label: 'READY TO PACK', status: 'other' },
  { id: 63, label: 'PACKED', status: 'other' },
  { id: 67, label: 'FC MANIFEST GENERATED', status: 'other' },
  { id: 68, label: 'PROCESSED AT WAREHOUSE', status: 'other' },
  { id: 71, label: 'HANDOVER EXCEPTION', status: 'other' },
  { id: 72, label: 'PACKED EXCEPTION', status: 'other' },
  { id: 75, label: 'RTO LOCK', status: 'rto_initiated' },
  { id: 76, label: 'UNTRACEABLE', status: 'lost' },
  { id: 77, label: 'ISSUE RELATED TO THE RECIPIENT', status: 'delivery_failed' },
  { id: 78, label: 'REACHED BACK AT SELLER CITY', status: 'rto_initiated' },
];

const BY_LABEL = new Map(SHIPROCKET_STATUSES.map((row) => [row.label, row.status]));
const BY_ID = new Map(SHIPROCKET_STATUSES.filter((row) => row.id !== null).map((row) => [row.id, row.status]));

/** "Out_for-delivery " -> "OUT FOR DELIVERY": how the table's labels are written. */
export function normaliseStatusWords(words: string): string {
  return words
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ');
}

/** What a Shiprocket status means to the shop: by its words, else its number, else `other`. */
export function shiprocketStatus(words: string | null | undefined, id?: number | string | null): TrackingStatus {
  const byWords = words ? BY_LABEL.get(normaliseStatusWords(words)) : undefined;
  if (byWords) return byWords;
  const number = typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) : id;
  return (typeof number === 'number' ? BY_ID.get(number) : undefined) ?? 'other';
}

/** The table's row for a status the shop uses (for the fake Shiprocket server's scans). */
export function shiprocketStatusRow(label: string): { id: number | null; label: string; status: TrackingStatus } {
  const row = SHIPROCKET_STATUSES.find((r) => r.label === normaliseStatusWords(label));
  if (!row) throw new Error(`Not a Shiprocket status: ${label}`);
  return row;
}
