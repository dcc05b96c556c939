/**
 * The one interface every courier implements: the built-in manual courier (the owner types the
 * courier's name and the AWB) and Shiprocket through its public HTTP API. The shipping feature
 * calls it; nothing here knows orders, the database or the shop's rules.
 *
 * Amounts are integer paise, weights grams, sizes centimetres, times ISO-8601 UTC strings, dates
 * YYYY-MM-DD. Every method throws CourierError (./courier-error) and nothing else.
 */

export { CourierError, isCourierError, type CourierErrorKind } from './courier-error';

export type CourierKind = 'manual' | 'shiprocket';

export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface CourierAddress {
  name: string;
  /** +91XXXXXXXXXX */
  phone: string;
  email: string | null;
  line1: string;
  line2: string;
  city: string;
  /** The state's name ("Karnataka"), not its GST code. */
  state: string;
  pin: string;
}

export interface ShipmentItem {
  name: string;
  sku: string;
  units: number;
  /** Paise per unit, tax included. */
  unitPricePaise: number;
  hsn: string | null;
  /** GST rate in basis points (1800 = 18%), or null when unknown. */
  taxRateBp: number | null;
}

export interface ShipmentRequest {
  /**
   * Our own idempotency key, stored before the call; sent as Shiprocket's order_id (channel order
   * id). Unique per attempt series of one shipment. At most 50 characters.
   */
  requestKey: string;
  orderNumber: string;
  /** ISO */
  orderedAt: string;
  /** Shiprocket's pickup location nickname ("Primary"). */
  pickupLocation: string;
  consignee: CourierAddress;
  items: ShipmentItem[];
  paymentMethod: 'prepaid' | 'cod';
  /** What the courier collects at the door (0 when prepaid). */
  codAmountPaise: number;
  /** The items' total, tax included. */
  subTotalPaise: number;
  parcel: Parcel;
}

export interface CourierShipment {
  /** The courier's own order id (Shiprocket's order_id, not ours). */
  courierOrderId: string;
  shipmentId: string;
  awb: string | null;
  courierName: string | null;
  routingCode: string | null;
  /** The courier's word for the order's state ("NEW", "CANCELED"), as it gave it. */
  status: string | null;
}

export interface ServiceabilityOption {
  courierId: number;
  courierName: string;
  ratePaise: number;
  etdDays: number | null;
  /** YYYY-MM-DD */
  etdDate: string | null;
  cod: boolean;
  /** The courier Shiprocket itself recommends for this lane (at most one option). */
  recommended: boolean;
}

export type TrackingStatus =
  | 'pickup_scheduled'
  | 'picked_up'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'delivery_failed'
  | 'rto_initiated'
  | 'rto_delivered'
  | 'cancelled'
  | 'lost'
  | 'damaged'
  | 'other';

export interface TrackingEvent {
  awb: string;
  status: TrackingStatus;
  /** The courier's own words ("Out for Delivery", "Consignee unavailable"). */
  courierStatus: string;
  /** ISO */
  at: string;
  location: string | null;
  /** Why a delivery failed (NDR), in the courier's words; null for other events. */
  reason: string | null;
  /**
   * A stable id to drop duplicates: the same scan gives the same key whether it came by webhook
   * (once or five times) or by polling `track`.
   */
  eventKey: string;
}

export interface Courier {
  readonly kind: CourierKind;
  /** The couriers that serve a lane, with rates and delivery estimates; [] when none does. */
  serviceability(q: { pickupPin: string; deliveryPin: string; weightGrams: number; cod: boolean }): Promise<ServiceabilityOption[]>;
  /**
   * Looks a shipment up by our request key (before creating again): null when the courier has
   * none. A cancelled one is answered too (status "CANCELED"): Shiprocket never takes its key
   * again, so the caller starts a new key series.
   */
  findShipment(requestKey: string): Promise<CourierShipment | null>;
  /**
   * Creates the shipment. Never retried here: after a timeout or a lost answer the courier may
   * have made it, so the caller calls findShipment(requestKey) before calling this again.
   */
  createShipment(req: ShipmentRequest): Promise<CourierShipment>;
  /** Assigns an AWB: the courier's choice (or Shiprocket's recommended one) when courierId is absent. */
  assignAwb(shipmentId: string, courierId?: number): Promise<{ awb: string; courierName: string; routingCode: string | null }>;
  /** The courier's label PDF bytes (downloaded from the URL it returns), or null when it gives none. */
  label(shipmentId: string): Promise<Buffer | null>;
  /**
   * The manifest (handover sheet) PDF for these shipments, or null when the courier gives none.
   * Shiprocket makes one once per shipment; asked again (a retry after a lost answer), it prints
   * the one it made, for which it needs the courier's order ids.
   */
  manifest(shipmentIds: string[], courierOrderIds?: string[]): Promise<Buffer | null>;
  /** Asks for a pickup; scheduledDate is when (ISO), the latest of them, or null when the courier does not say. Asking twice is harmless. */
  schedulePickup(shipmentIds: string[]): Promise<{ scheduledDate: string | null }>;
  /** Every scan of the AWB so far, oldest first; [] when there is none yet. */
  track(awb: string): Promise<TrackingEvent[]>;
  /** Cancels orders (by the courier's order ids); cancelling a cancelled one is harmless. */
  cancel(courierOrderIds: string[]): Promise<void>;
  /** Answers a failed delivery (NDR): deliver again (with a note for the delivery agent), or bring it back to the shop. */
  ndrAction(awb: string, action: 're-attempt' | 'return', comment: string): Promise<void>;
  /** Verifies a tracking webhook (Shiprocket sends the token the owner set as the `x-api-key` header) and reads its events; throws CourierError('unauthorised') or ('bad_answer'). */
  readWebhook(headers: Record<string, string | string[] | undefined>, body: unknown): TrackingEvent[];
}
