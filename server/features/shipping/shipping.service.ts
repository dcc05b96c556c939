import { AppError } from '../../errors';
import type { DB } from '../../db/database';
import { newId } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { writeAudit } from '../../audit/audit';
import { formatPostalAddress, loadSettings } from '../../settings/shop-settings';
import { formatShopTime, localDate, startOfLocalDay } from '../../lib/shop-calendar';
import { dispatchPin } from '../../settings/delivery-estimate';
import { stateByCode } from '../../../shared/gst';
import { formatINR } from '../../../shared/money';
import type { OrderStatus } from '../../../shared/schemas/order';
import type { Parcel } from '../../../shared/schemas/settings';
import {
  ImeiSchema,
  SerialSchema,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUSES,
  type AdminShipment,
  type CourierRates,
  type EwayBill,
  type Manifest,
  type OrderShipment,
  type PackingLine,
  type PackingSheet,
  type ShipmentStatus,
  type TrackingStep,
  type UnitNumbers,
} from '../../../shared/schemas/shipping';
import type { z } from 'zod';
import type { PackOrderInputSchema, ShipManualInputSchema } from '../../../shared/schemas/shipping';
import * as orders from '../order/order.service';
import type { OrderRecord } from '../order/order.service';
import { isUniqueViolation } from '../account/account.service';
import * as q from './shipping.queries';
import { trackingUrlFor } from '../../couriers/manual-courier';
import { isCourierError, type Courier, type ShipmentRequest, type TrackingEvent, type TrackingStatus } from '../../couriers/courier';
import type { ShipmentRow } from './shipping.queries';

import type { PackingSlip, ShippingLabel } from './packing-slip-pdf';
export { renderPackingSlip, renderShippingLabel, type LabelSize, type PackingSlip, type ShippingLabel } from './packing-slip-pdf';
export { renderManifest } from './manifest-pdf';

// From paid to delivered (issue 29): packing an order's units with their serials and IMEIs, its
// parcel and e-way bill, handing it to a courier with an AWB, and the timeline the shopper sees.
// Every step runs in one transaction holding the order's lock, and is in the audit log; the
// order's own status moves through order.service's moveOrderStatus, as an admin's move does.

type PackInput = z.output<typeof PackOrderInputSchema>;
type ShipManualInput = z.output<typeof ShipManualInputSchema>;

const PACKABLE: readonly OrderStatus[] = ['paid', 'confirmed'];

/** The consignment's value with tax: the lines (tax-inclusive), delivery and the COD fee. */
function consignmentValue(order: OrderRecord): number {
  return order.totalAmount + order.shippingAmount + order.codFee;
}

function unitName(line: PackingLine, unit: number): string {
  const label = line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name;
  return line.quantity > 1 ? `${label}, unit ${unit + 1} of ${line.quantity}` : label;
}

type CheckedUnit = { itemId: string; unit: number; slot: number; kind: 'serial' | 'imei'; value: string };

function firstIssue(result: { success: false; error: { issues: { message: string }[] } }): string {
  return result.error.issues[0]?.message ?? 'is not valid';
}

/**
 * The numbers typed at the packing table, checked against the order's lines: every unit of a
 * line whose category asks for them has its serial, or its IMEI (and a dual-SIM phone's second,
 * when typed); nothing is typed for a unit that needs none; no number twice. Throws BAD_INPUT
 * naming the unit and what is wrong.
 */
export function checkUnits(lines: readonly PackingLine[], typed: PackInput['units']): CheckedUnit[] {
  const byKey = new Map<string, PackInput['units'][number]>();
  for (const entry of typed) {
    const line = lines.find((l) => l.itemId === entry.itemId);
    if (!line) throw new AppError('BAD_INPUT', `units: ${entry.itemId} is not a line of this order`);
    if (entry.unit >= line.quantity) throw new AppError('BAD_INPUT', `units: ${line.name} has ${line.quantity} unit(s); unit ${entry.unit + 1} is not one of them`);
    const key = `${entry.itemId}:${entry.unit}`;
    if (byKey.has(key)) throw new AppError('BAD_INPUT', `units: ${unitName(line, entry.unit)} is given twice`);
    byKey.set(key, entry);
  }
  const checked: CheckedUnit[] = [];
  for (const line of lines) {
    for (let unit = 0; unit < line.quantity; unit++) {
      const entry = byKey.get(`${line.itemId}:${unit}`);
      const name = unitName(line, unit);
      const has = (v: string | undefined) => v !== undefined && v.trim() !== '';
      if (line.unitIds === 'none') {
        if (entry && (has(entry.serial) || has(entry.imei) || has(entry.imei2))) throw new AppError('BAD_INPUT', `${name} needs no serial number or IMEI`);
        continue;
      }
      if (line.unitIds === 'imei') {
        if (!entry || !has(entry.imei)) throw new AppError('BAD_INPUT', `${name}: scan or type its IMEI`);
        if (has(entry.serial)) throw new AppError('BAD_INPUT', `${name}: a phone is recorded by its IMEI, not a serial number`);
        const first = ImeiSchema(`${name}: IMEI`).safeParse(entry.imei);
        if (!first.success) throw new AppError('BAD_INPUT', firstIssue(first));
        checked.push({ itemId: line.itemId, unit, slot: 1, kind: 'imei', value: first.data });
        if (has(entry.imei2)) {
          const second = ImeiSchema(`${name}: second IMEI`).safeParse(entry.imei2);
          if (!second.success) throw new AppError('BAD_INPUT', firstIssue(second));
          if (second.data === first.data) throw new AppError('BAD_INPUT', `${name}: the second IMEI is the same as the first`);
          checked.push({ itemId: line.itemId, unit, slot: 2, kind: 'imei', value: second.data });
        }
        continue;
      }
      if (!entry || !has(entry.serial)) throw new AppError('BAD_INPUT', `${name}: scan or type its serial number`);
      if (has(entry.imei) || has(entry.imei2)) throw new AppError('BAD_INPUT', `${name}: this item is recorded by its serial number, not an IMEI`);
      const serial = SerialSchema(`${name}: serial number`).safeParse(entry.serial);
      if (!serial.success) throw new AppError('BAD_INPUT', firstIssue(serial));
      checked.push({ itemId: line.itemId, unit, slot: 1, kind: 'serial', value: serial.data });
    }
  }
  const seen = new Set<string>();
  for (const unit of checked) {
    if (seen.has(unit.value)) throw new AppError('BAD_INPUT', `${unit.kind === 'imei' ? 'IMEI' : 'Serial number'} ${unit.value} is typed for two units`);
    seen.add(unit.value);
  }
  return checked;
}

async function requireOrder(trx: DB, orderId: string): Promise<OrderRecord> {
  const order = await orders.findOrderRecord(trx, orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  return order;
}

function requirePackable(order: OrderRecord): void {
  if (!PACKABLE.includes(order.status)) {
    throw new AppError('INVALID_TRANSITION', `Only a paid or confirmed order is packed and shipped; this one is ${order.status}.`);
  }
}

async function refuseNumbersOut(trx: DB, units: readonly CheckedUnit[], ownShipmentId: string | null): Promise<void> {
  const out = (
    await q.findUnitsOut(
      trx,
      units.map((u) => u.value),
    )
  ).filter((u) => u.shipmentId !== ownShipmentId);
  const first = out[0];
  if (first) {
    const kind = units.find((u) => u.value === first.value)?.kind === 'imei' ? 'IMEI' : 'Serial number';
    const other = await orders.findOrderRecord(trx, first.orderId);
    throw new AppError('CONFLICT', `${kind} ${first.value} is already out with order ${other?.orderNumber ?? first.orderId}: a unit cannot ship twice until it comes back.`);
  }
}

function ewayBillRequired(order: OrderRecord, thresholdPaise: number): boolean {
  return consignmentValue(order) > thresholdPaise;
}

async function addEvent(
  trx: DB,
  shipment: Pick<ShipmentRow, 'id' | 'order_id'>,
  event: {
    status: ShipmentStatus;
    at: string;
    key: string;
    source: 'admin' | 'webhook' | 'poll' | 'courier';
    actorId?: string | null;
    courierStatus?: string;
    location?: string | null;
    reason?: string | null;
    note?: string | null;
  },
  now: string,
): Promise<boolean> {
  return q.insertEvent(trx, {
    id: newId(),
    shipment_id: shipment.id,
    order_id: shipment.order_id,
    status: event.status,
    courier_status: event.courierStatus ?? '',
    at: event.at,
    location: event.location ?? null,
    reason: event.reason ?? null,
    note: event.note ?? null,
    event_key: event.key,
    source: event.source,
    actor_id: event.actorId ?? null,
    created_at: now,
  });
}

/** A new parcel for the order, packed now with `parcel`. */
async function insertPackedShipment(trx: DB, order: OrderRecord, parcel: Parcel, ewayBill: EwayBill | null, actorId: string | null, now: string): Promise<ShipmentRow> {
  const row = {
    id: newId(),
    order_id: order.id,
    status: 'packed' as const,
    courier: 'manual' as const,
    courier_name: null,
    courier_id: null,
    awb: null,
    tracking_url: null,
    routing_code: null,
    request_key: null,
    courier_order_id: null,
    courier_shipment_id: null,
    weight_grams: parcel.weightGrams,
    length_cm: parcel.lengthCm,
    breadth_cm: parcel.breadthCm,
    height_cm: parcel.heightCm,
    value_paise: consignmentValue(order),
    cod_amount: order.provider === 'cod' ? consignmentValue(order) : 0,
    eway_bill_number: ewayBill?.number ?? null,
    eway_bill_date: ewayBill?.date ?? null,
    failed_reason: null,
    last_error: null,
    packed_at: now,
    packed_by: actorId,
    booked_at: null,
    shipped_at: null,
    delivered_at: null,
    returned_at: null,
    cancelled_at: null,
    created_at: now,
    updated_at: now,
  };
  await q.insertShipment(trx, row);
  await addEvent(trx, row, { status: 'packed', at: now, key: 'packed', source: 'admin', actorId }, now);
  return { ...row, purpose: 'order', cod_amount: row.cod_amount };
}

/** What the packing table shows for an order (ADMIN): its lines, what each unit needs, the parcel and e-way bill. */
export async function packingSheet(deps: Deps, orderId: string): Promise<PackingSheet> {
  const order = await requireOrder(deps.db, orderId);
  const settings = await loadSettings(deps.db, deps);
  const { fulfilment } = settings;
  const lines = await q.listPackingLines(deps.db, orderId);
  const shipment = await q.findLiveShipment(deps.db, orderId);
  const [admin] = shipment ? await adminShipments(deps.db, [shipment], fulfilment.ewayBillThresholdPaise) : [];
  return {
    orderId,
    orderStatus: order.status,
    lines,
    valuePaise: consignmentValue(order),
    ewayBillThresholdPaise: fulfilment.ewayBillThresholdPaise,
    ewayBillRequired: ewayBillRequired(order, fulfilment.ewayBillThresholdPaise),
    parcel: fulfilment.parcel,
    manualCourier: fulfilment.manual,
    courier: fulfilment.courier,
    shipment: admin ?? null,
  };
}

/**
 * Packs a paid or confirmed order: each unit's serial or IMEI(s) where its category asks for
 * them, the parcel's weight and size, and its e-way bill when one is ready. Packing again before
 * it ships replaces what was typed. Throws BAD_INPUT naming the unit, CONFLICT for a number
 * already out with another order, INVALID_TRANSITION once the parcel left.
 */
export async function packOrder(deps: Deps, input: PackInput, actorId: string | null): Promise<PackingSheet> {
  const settings = await loadSettings(deps.db, deps);
  const now = deps.clock().toISOString();
  const parcel = input.parcel ?? settings.fulfilment.parcel;
  try {
    await transaction(
      deps.db,
      async (trx) => {
        const order = await requireOrder(trx, input.orderId);
        requirePackable(order);
        const short = (await orders.listOrderItemStock(trx, order.id)).reduce((sum, item) => sum + item.shortQuantity, 0);
        if (short > 0)
          throw new AppError(
            'INVALID_TRANSITION',
            `This order was paid for ${short} unit(s) that were not in stock: restock the product and take them for this order, or cancel it and refund the payment.`,
          );
        const lines = await q.listPackingLines(trx, order.id);
        const units = checkUnits(lines, input.units);
        let shipment = await q.findLiveShipment(trx, order.id);
        if (shipment && shipment.status !== 'packed') throw new AppError('INVALID_TRANSITION', 'This order’s parcel has left the packing table: it cannot be packed again.');
        await refuseNumbersOut(trx, units, shipment?.id ?? null);
        const ewayBill =
          input.ewayBill === undefined ? (shipment?.eway_bill_number ? { number: shipment.eway_bill_number, date: shipment.eway_bill_date ?? '' } : null) : input.ewayBill;
        if (shipment) {
          await q.deleteUnits(trx, shipment.id);
          await q.updateShipment(trx, shipment.id, {
            weight_grams: parcel.weightGrams,
            length_cm: parcel.lengthCm,
            breadth_cm: parcel.breadthCm,
            height_cm: parcel.heightCm,
            value_paise: consignmentValue(order),
            eway_bill_number: ewayBill?.number ?? null,
            eway_bill_date: ewayBill?.date ?? null,
            packed_at: now,
            packed_by: actorId,
            updated_at: now,
          });
        } else {
          shipment = await insertPackedShipment(trx, order, parcel, ewayBill, actorId, now);
        }
        const shipmentId = shipment.id;
        await q.insertUnits(
          trx,
          units.map((u) => ({ id: newId(), shipmentId, orderId: order.id, itemId: u.itemId, unit: u.unit, slot: u.slot, kind: u.kind, value: u.value, createdAt: now })),
        );
        await writeAudit(trx, {
          at: now,
          actorId,
          action: 'order.packed',
          detail: { orderId: order.id, units: units.map((u) => ({ itemId: u.itemId, unit: u.unit, kind: u.kind, value: u.value })), parcel, ewayBill: ewayBill?.number ?? null },
        });
      },
      { locks: [`order:${input.orderId}`] },
    );
  } catch (error) {
    // Two orders packed with the same number at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'One of these serial numbers or IMEIs was just packed for another order: check the units and try again.');
    throw error;
  }
  return packingSheet(deps, input.orderId);
}

/** Records (or corrects) the e-way bill of an order's parcel before it ships (ADMIN). */
export async function setEwayBill(deps: Deps, orderId: string, ewayBill: EwayBill, actorId: string | null): Promise<PackingSheet> {
  const now = deps.clock().toISOString();
  await transaction(
    deps.db,
    async (trx) => {
      const order = await requireOrder(trx, orderId);
      const shipment = await q.findLiveShipment(trx, orderId);
      if (!shipment) throw new AppError('INVALID_TRANSITION', 'Pack this order first: the e-way bill goes with its parcel.');
      if (shipment.status !== 'packed' && shipment.status !== 'booked') throw new AppError('INVALID_TRANSITION', 'This parcel has shipped: its e-way bill can no longer change.');
      await q.updateShipment(trx, shipment.id, { eway_bill_number: ewayBill.number, eway_bill_date: ewayBill.date, updated_at: now });
      await writeAudit(trx, { at: now, actorId, action: 'order.eway-bill', detail: { orderId: order.id, number: ewayBill.number, date: ewayBill.date } });
    },
    { locks: [`order:${orderId}`] },
  );
  return packingSheet(deps, orderId);
}

/** The courier's tracking link for `awb`: a pattern's `{awb}` filled in by the courier floor's trackingUrlFor (https, the AWB encoded), or a full link as typed. */
export function trackingLinkFor(pattern: string, awb: string): string | null {
  if (pattern.trim() === '') return null;
  return pattern.includes('{awb}') ? trackingUrlFor(pattern, awb) : pattern;
}

/**
 * Ships an order with the manual courier (ADMIN): the courier's name and AWB the admin typed,
 * its tracking link, and the e-way bill a consignment above the threshold must carry. An order
 * with nothing to scan is packed as it ships (the shop's default parcel); one with units to scan
 * must be packed first. The order becomes shipped (cash on delivery: its invoice is issued), and
 * the shopper is mailed the courier, AWB and link.
 *
 * Throws BAD_INPUT without the e-way bill it needs, CONFLICT for an AWB another parcel carries,
 * INVALID_TRANSITION when the order cannot ship (not paid or confirmed, short of stock, not
 * packed, shipped already).
 */
export async function shipManual(deps: Deps, input: ShipManualInput, actorId: string | null): Promise<PackingSheet> {
  const settings = await loadSettings(deps.db, deps);
  const { fulfilment } = settings;
  const now = deps.clock().toISOString();
  const trackingUrl = trackingLinkFor(input.trackingUrl ?? fulfilment.manual.trackingUrl, input.awb);
  try {
    await transaction(
      deps.db,
      async (trx) => {
        const order = await requireOrder(trx, input.orderId);
        requirePackable(order);
        let shipment = await q.findLiveShipment(trx, order.id);
        if (!shipment) {
          const lines = await q.listPackingLines(trx, order.id);
          const toScan = lines.find((line) => line.unitIds !== 'none');
          if (toScan) throw new AppError('INVALID_TRANSITION', `Pack this order first: ${toScan.name} needs its ${toScan.unitIds === 'imei' ? 'IMEI' : 'serial number'} recorded.`);
          shipment = await insertPackedShipment(trx, order, fulfilment.parcel, null, actorId, now);
        }
        if (shipment.status !== 'packed') throw new AppError('INVALID_TRANSITION', 'This order’s parcel is already with a courier.');
        const ewayBill = input.ewayBill ?? (shipment.eway_bill_number ? { number: shipment.eway_bill_number, date: shipment.eway_bill_date ?? '' } : null);
        if (ewayBill === null && ewayBillRequired(order, fulfilment.ewayBillThresholdPaise)) {
          throw new AppError(
            'BAD_INPUT',
            `ewayBill: this consignment is worth ${formatINR(consignmentValue(order))}, over ${formatINR(fulfilment.ewayBillThresholdPaise)}: give its 12-digit e-way bill number and date to ship it.`,
          );
        }
        const other = await q.findShipmentByAwb(trx, input.awb);
        if (other && other.id !== shipment.id) {
          const otherOrder = await orders.findOrderRecord(trx, other.order_id);
          throw new AppError('CONFLICT', `AWB ${input.awb} is already used by the parcel of order ${otherOrder?.orderNumber ?? other.order_id}.`);
        }
        await q.updateShipment(trx, shipment.id, {
          status: 'shipped',
          courier: 'manual',
          courier_name: input.courierName,
          awb: input.awb,
          tracking_url: trackingUrl,
          eway_bill_number: ewayBill?.number ?? null,
          eway_bill_date: ewayBill?.date ?? null,
          booked_at: now,
          shipped_at: now,
          updated_at: now,
        });
        await addEvent(trx, shipment, { status: 'shipped', at: now, key: 'shipped', source: 'admin', actorId, note: `${input.courierName}, AWB ${input.awb}` }, now);
        await orders.moveOrderStatus(trx, deps, order, 'shipped', {
          actorId,
          now,
          detail: { courier: input.courierName, awb: input.awb },
          notice: { courierName: input.courierName, awb: input.awb, trackingUrl },
        });
      },
      { locks: [`order:${input.orderId}`] },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `AWB ${input.awb} was just used for another parcel: check it and try again.`);
    throw error;
  }
  deps.log.info({ orderId: input.orderId, courier: input.courierName, awb: input.awb }, 'order shipped');
  return packingSheet(deps, input.orderId);
}

/**
 * Keeps the order's parcel in step when an admin moves the order itself (inside that move's
 * transaction): delivered, returned to the shop (its numbers released: those units may ship
 * again), or cancelled before it left (the parcel is unpacked).
 */
export async function followOrderStatus(trx: DB, orderId: string, to: OrderStatus, opts: { actorId: string | null; now: string; courierCancel?: CourierCancel }): Promise<void> {
  const shipment = await q.findLiveShipment(trx, orderId);
  if (!shipment) return;
  const { now, actorId } = opts;
  if (to === 'delivered') {
    if (
      await q.updateShipment(trx, shipment.id, { status: 'delivered', delivered_at: now, failed_reason: null, updated_at: now }, [
        'shipped',
        'out_for_delivery',
        'delivery_failed',
        'booked',
      ])
    ) {
      await addEvent(trx, shipment, { status: 'delivered', at: now, key: 'delivered', source: 'admin', actorId }, now);
    }
  } else if (to === 'returned') {
    await q.updateShipment(trx, shipment.id, { status: 'returned', returned_at: now, updated_at: now });
    await q.releaseUnits(trx, shipment.id, now);
    await addEvent(trx, shipment, { status: 'returned', at: now, key: 'returned', source: 'admin', actorId }, now);
  } else if (to === 'cancelled' && (shipment.status === 'packed' || shipment.status === 'booked')) {
    // A parcel booked with Shiprocket: cancelWithCourier asked Shiprocket before this transaction.
    const atCourier = shipment.status === 'booked' && shipment.courier === 'shiprocket' && shipment.courier_order_id !== null;
    const answer: CourierCancel = atCourier ? (opts.courierCancel ?? { kind: 'failed', message: 'it was booked while the order was being cancelled' }) : null;
    const pending = answer?.kind === 'failed' ? `${COURIER_CANCEL_PENDING}${answer.message}`.slice(0, 500) : null;
    await q.updateShipment(trx, shipment.id, { status: 'cancelled', cancelled_at: now, last_error: pending, updated_at: now });
    await q.releaseUnits(trx, shipment.id, now);
    const note = answer === null ? null : answer.kind === 'cancelled' ? 'Cancelled with Shiprocket' : 'Not yet cancelled at Shiprocket';
    await addEvent(trx, shipment, { status: 'cancelled', at: now, key: 'cancelled', source: 'admin', actorId, note }, now);
    if (answer) {
      await writeAudit(trx, {
        at: now,
        actorId,
        action: 'order.tracking',
        detail: {
          orderId,
          status: 'cancelled',
          note:
            answer.kind === 'cancelled'
              ? `Shiprocket order ${shipment.courier_order_id} (AWB ${shipment.awb}) cancelled, units freed`
              : `units freed; Shiprocket order ${shipment.courier_order_id} (AWB ${shipment.awb}) NOT cancelled: ${answer.message}`,
        },
      });
    }
  }
}

function stepOf(event: q.ShipmentEventRow): TrackingStep {
  const base = SHIPMENT_STATUS_LABELS[event.status];
  return {
    status: event.status,
    at: event.at,
    label: event.status === 'delivery_failed' && event.reason ? `${base}: ${event.reason}` : base,
    location: event.location,
    reason: event.reason,
    note: event.note,
  };
}

/**
 * The shopper's timeline: one step per status. Consecutive steps of the same status (a booking
 * and its pickup; "Shipped" for each in-transit scan) are one, at the first one's time, with the
 * latest location and note. The admin's parcel block keeps every step.
 */
export function collapseSteps(steps: readonly TrackingStep[]): TrackingStep[] {
  const out: TrackingStep[] = [];
  for (const step of steps) {
    const last = out.at(-1);
    if (last?.status === step.status) {
      out[out.length - 1] = { ...last, location: step.location ?? last.location, note: step.note ?? last.note };
    } else {
      out.push(step);
    }
  }
  return out;
}

async function orderShipmentsOf(db: DB, rows: readonly ShipmentRow[]): Promise<OrderShipment[]> {
  const ids = rows.map((r) => r.id);
  const [units, events] = await Promise.all([q.listUnits(db, ids, { all: true }), q.listEvents(db, ids)]);
  return rows.map((row) => {
    const numbers = new Map<string, UnitNumbers>();
    for (const unit of units) {
      if (unit.shipmentId !== row.id) continue;
      const key = `${unit.itemId}:${unit.unit}`;
      const entry = numbers.get(key) ?? { itemId: unit.itemId, line: unit.line, unit: unit.unit, kind: unit.kind, values: [] };
      entry.values.push(unit.value);
      numbers.set(key, entry);
    }
    return {
      id: row.id,
      status: row.status,
      courier: row.courier,
      courierName: row.courier_name,
      awb: row.awb,
      trackingUrl: row.tracking_url,
      packedAt: row.packed_at,
      shippedAt: row.shipped_at,
      deliveredAt: row.delivered_at,
      units: [...numbers.values()],
      // Steps of the same moment (packed as it shipped) in the parcel's own order.
      timeline: events
        .filter((e) => e.shipment_id === row.id)
        .sort((a, b) => a.at.localeCompare(b.at) || SHIPMENT_STATUSES.indexOf(a.status) - SHIPMENT_STATUSES.indexOf(b.status))
        .map(stepOf),
    };
  });
}

async function adminShipments(db: DB, rows: readonly ShipmentRow[], thresholdPaise: number): Promise<AdminShipment[]> {
  const shown = await orderShipmentsOf(db, rows);
  return shown.map((shipment, i) => {
    const row = rows[i]!;
    return {
      ...shipment,
      parcel: { weightGrams: row.weight_grams, lengthCm: row.length_cm, breadthCm: row.breadth_cm, heightCm: row.height_cm },
      valuePaise: row.value_paise,
      codAmount: row.cod_amount,
      ewayBill: row.eway_bill_number ? { number: row.eway_bill_number, date: row.eway_bill_date ?? '' } : null,
      ewayBillRequired: row.value_paise > thresholdPaise,
      failedReason: row.failed_reason,
      lastError: row.last_error,
      routingCode: row.routing_code,
      courierCancelPending: isCourierCancelPending(row),
    };
  });
}

/** The parcels of the given orders of `userId` (their order page): numbers, courier, AWB, tracking link, timeline. Orders not theirs are left out. */
export async function shipmentsOfUser(deps: Deps, userId: string): Promise<Record<string, OrderShipment[]>> {
  const ids = await orders.orderIdsOfUser(deps.db, userId);
  const rows = await q.listShipmentsOfOrders(deps.db, ids);
  const shown = await orderShipmentsOf(deps.db, rows);
  const byOrder: Record<string, OrderShipment[]> = {};
  rows.forEach((row, i) => {
    const shipment = shown[i]!;
    (byOrder[row.order_id] ??= []).push({ ...shipment, timeline: collapseSteps(shipment.timeline) });
  });
  return byOrder;
}

/**
 * The live parcels (not cancelled) of the given orders, by order id, as the admin's order list
 * shows them: status, courier, AWB and link, e-way bill, the units' numbers, the timeline. Orders
 * without one are left out. A fixed number of queries whatever the number of orders.
 */
export async function shipmentsOfOrders(deps: Deps, orderIds: readonly string[]): Promise<Record<string, AdminShipment>> {
  // A cancelled parcel is left out, unless Shiprocket has yet to confirm its cancel (the admin's Try again).
  const rows = (await q.listShipmentsOfOrders(deps.db, [...new Set(orderIds)])).filter(
    (row) => row.purpose === 'order' && (row.status !== 'cancelled' || isCourierCancelPending(row)),
  );
  if (rows.length === 0) return {};
  const { fulfilment } = await loadSettings(deps.db, deps);
  const shown = await adminShipments(deps.db, rows, fulfilment.ewayBillThresholdPaise);
  const byOrder: Record<string, AdminShipment> = {};
  rows.forEach((row, i) => {
    byOrder[row.order_id] = shown[i]!;
  });
  return byOrder;
}

/** The packing slip of an order (ADMIN): packed or not yet (then it lists what to pack, with blanks for the numbers). */
export async function packingSlip(deps: Deps, orderId: string): Promise<PackingSlip> {
  const order = await requireOrder(deps.db, orderId);
  if (order.status === 'pending') throw new AppError('INVALID_TRANSITION', 'This order is still waiting for its payment: there is nothing to pack yet.');
  const settings = await loadSettings(deps.db, deps);
  const lines = await q.listPackingLines(deps.db, orderId);
  const shipment = await q.findLiveShipment(deps.db, orderId);
  const units = shipment ? await q.listUnits(deps.db, [shipment.id]) : [];
  const address = order.deliveryAddress;
  const seller = settings.seller;
  const time = (iso: string) => formatShopTime(iso, settings.timeZone);
  return {
    orderRef: order.orderNumber,
    orderedAt: time(order.createdAt),
    packedAt: shipment ? time(shipment.packed_at) : null,
    shop: {
      name: seller?.tradeName ?? 'Voltmart',
      address: seller ? formatPostalAddress(seller.address) : null,
      phone: seller?.phone ?? null,
      gstin: seller?.gstin ?? null,
    },
    shipTo: address
      ? {
          name: address.name,
          phone: address.phone,
          lines: [address.line1, address.line2, `${address.city}, ${stateByCode(address.stateCode)?.name ?? address.stateCode} ${address.pin}`].filter((l) => l !== ''),
        }
      : { name: order.email, phone: '—', lines: ['(address as given to the payment provider)'] },
    lines: lines.map((line) => {
      const own = units.filter((u) => u.itemId === line.itemId);
      const perUnit: { kind: 'serial' | 'imei'; values: string[] }[] = [];
      for (let i = 0; i < line.quantity; i++) {
        const values = own.filter((u) => u.unit === i).map((u) => u.value);
        if (values.length > 0) perUnit.push({ kind: own.find((u) => u.unit === i)!.kind, values });
      }
      return { name: line.name, variantLabel: line.variantLabel, sku: line.sku, quantity: line.quantity, units: perUnit };
    }),
    parcel: shipment
      ? { weightGrams: shipment.weight_grams, lengthCm: shipment.length_cm, breadthCm: shipment.breadth_cm, heightCm: shipment.height_cm }
      : settings.fulfilment.parcel,
    ewayBill: shipment?.eway_bill_number ? { number: shipment.eway_bill_number, date: shipment.eway_bill_date ?? '' } : null,
    courier: shipment?.awb ? { name: shipment.courier_name, awb: shipment.awb } : null,
    codAmount: order.provider === 'cod' ? consignmentValue(order) : 0,
    valuePaise: consignmentValue(order),
  };
}

// ---- A courier with an API (Shiprocket): booking, the label, tracking, failed deliveries ----

/** Shiprocket's public tracking page for an AWB (what the shopper's mail and page link to). */
export const SHIPROCKET_TRACKING_URL = 'https://shiprocket.co/tracking/{awb}';

function courierFailure(deps: Deps, error: unknown, context: Record<string, unknown>): AppError {
  if (isCourierError(error)) {
    deps.log.warn({ ...context, kind: error.kind, err: error.message }, 'courier call failed');
    return new AppError('COURIER', error.message);
  }
  throw error;
}

async function recordCourierError(deps: Deps, shipmentId: string, message: string): Promise<void> {
  await q.updateShipment(deps.db, shipmentId, { last_error: message.slice(0, 500), updated_at: deps.clock().toISOString() });
}

/** What the courier is asked to carry: the shopper's address, the lines, the cash to collect, the parcel. */
async function shipmentRequest(db: DB, order: OrderRecord, shipment: ShipmentRow, requestKey: string, pickupLocation: string): Promise<ShipmentRequest> {
  const address = order.deliveryAddress;
  if (!address) throw new AppError('INVALID_TRANSITION', 'This order has no delivery address on record: ship it with the manual courier.');
  const lines = await q.listPackingLines(db, order.id);
  const items = await orders.listOrderItemStock(db, order.id);
  return {
    requestKey,
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt,
    pickupLocation,
    consignee: {
      name: address.name,
      phone: address.phone,
      email: order.email,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: stateByCode(address.stateCode)?.name ?? address.stateCode,
      pin: address.pin,
    },
    items: lines.map((line) => ({
      name: line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name,
      sku: line.sku ?? line.productId,
      units: line.quantity,
      unitPricePaise: items.find((i) => i.id === line.itemId)?.unitPrice ?? 0,
      hsn: null,
      taxRateBp: null,
    })),
    paymentMethod: order.provider === 'cod' ? 'cod' : 'prepaid',
    codAmountPaise: order.provider === 'cod' ? consignmentValue(order) : 0,
    subTotalPaise: order.totalAmount,
    parcel: { weightGrams: shipment.weight_grams, lengthCm: shipment.length_cm, breadthCm: shipment.breadth_cm, heightCm: shipment.height_cm },
  };
}

/** One booking at a time per order in this process (two clicks); across processes the courier's lookup by our key keeps it to one. */
const bookings = new Map<string, Promise<unknown>>();

/**
 * Books the packed parcel with the courier the settings choose (Shiprocket): our request key is
 * stored before any create call; the courier is asked for a shipment with that key first, and
 * only when it has none is one created, so a retry (after a timeout, a 5xx, a lost answer, a
 * second click) never makes two. Then its AWB is assigned and the pickup scheduled. Each step's
 * result is stored as it comes, so calling again carries on where it stopped. The parcel is
 * booked (AWB given); it ships when the courier scans it picked up (or the admin says so).
 *
 * Throws COURIER (502, nothing done twice) when the courier fails, INVALID_TRANSITION when the
 * order cannot ship, BAD_INPUT without the e-way bill it needs.
 */
export async function bookCourier(deps: Deps, input: { orderId: string; courierId?: number | undefined }, actorId: string | null): Promise<PackingSheet> {
  const running = bookings.get(input.orderId);
  if (running) await running.catch(() => undefined);
  const work = bookOnce(deps, input, actorId);
  bookings.set(input.orderId, work);
  try {
    await work;
  } finally {
    if (bookings.get(input.orderId) === work) bookings.delete(input.orderId);
  }
  return packingSheet(deps, input.orderId);
}

async function bookOnce(deps: Deps, input: { orderId: string; courierId?: number | undefined }, actorId: string | null): Promise<void> {
  const settings = await loadSettings(deps.db, deps);
  const { fulfilment } = settings;
  if (fulfilment.courier !== 'shiprocket')
    throw new AppError('INVALID_TRANSITION', 'No courier with an API is chosen in Settings: ship with the manual courier (its name and AWB).');
  let courier: Courier;
  try {
    courier = deps.courierFor(fulfilment);
  } catch (error) {
    throw courierFailure(deps, error, { orderId: input.orderId });
  }
  const now = deps.clock().toISOString();
  // 1. The parcel, its e-way bill, and our request key, committed before the courier hears of it.
  const prepared = await transaction(
    deps.db,
    async (trx) => {
      const order = await requireOrder(trx, input.orderId);
      requirePackable(order);
      let shipment = await q.findLiveShipment(trx, order.id);
      if (!shipment) {
        const toScan = (await q.listPackingLines(trx, order.id)).find((line) => line.unitIds !== 'none');
        if (toScan) throw new AppError('INVALID_TRANSITION', `Pack this order first: ${toScan.name} needs its ${toScan.unitIds === 'imei' ? 'IMEI' : 'serial number'} recorded.`);
        shipment = await insertPackedShipment(trx, order, fulfilment.parcel, null, actorId, now);
      }
      if (shipment.status !== 'packed' && shipment.status !== 'booked') throw new AppError('INVALID_TRANSITION', 'This order’s parcel is already with the courier.');
      if (shipment.eway_bill_number === null && ewayBillRequired(order, fulfilment.ewayBillThresholdPaise)) {
        throw new AppError(
          'BAD_INPUT',
          `ewayBill: this consignment is worth ${formatINR(consignmentValue(order))}, over ${formatINR(fulfilment.ewayBillThresholdPaise)}: give its 12-digit e-way bill number and date to ship it.`,
        );
      }
      if (shipment.request_key === null || shipment.courier !== 'shiprocket') {
        const attempt = (await q.listShipmentsOfOrders(trx, [order.id])).length;
        // Readable in Shiprocket's panel: the order's number and which attempt this is.
        const key = `${order.orderNumber}-${attempt}`;
        await q.updateShipment(trx, shipment.id, { courier: 'shiprocket', request_key: key, updated_at: now });
        shipment = { ...shipment, courier: 'shiprocket', request_key: key };
      }
      return { order, shipment };
    },
    { locks: [`order:${input.orderId}`] },
  );
  const order = prepared.order;
  let shipment = prepared.shipment;
  const requestKey = shipment.request_key!;
  const context = { orderId: order.id, requestKey };
  // A courier the admin chose is one Shiprocket offers for this parcel now, never taken on the browser's word.
  if (input.courierId !== undefined && !shipment.awb) await refuseCourierNotOffered(deps, courier, settings, order, shipment, input.courierId);

  // 2. The courier's shipment for our key: found, or created once.
  let booked = shipment.courier_shipment_id ? { shipmentId: shipment.courier_shipment_id, courierOrderId: shipment.courier_order_id ?? '' } : null;
  if (!booked) {
    try {
      let found = await courier.findShipment(requestKey);
      if (!found) {
        const request = await shipmentRequest(deps.db, order, shipment, requestKey, fulfilment.shiprocket.pickupLocation);
        try {
          found = await courier.createShipment(request);
        } catch (error) {
          // A timeout or a lost answer may hide a shipment the courier made: look before anything else.
          if (!isCourierError(error) || error.kind === 'unauthorised' || error.kind === 'bad_answer') throw error;
          deps.log.warn({ ...context, err: error.message }, 'courier create failed: looking the shipment up by our key');
          found = await courier.findShipment(requestKey).catch(() => null);
          if (!found) throw error;
        }
      }
      booked = { shipmentId: found.shipmentId, courierOrderId: found.courierOrderId };
      await q.updateShipment(deps.db, shipment.id, {
        courier_shipment_id: found.shipmentId,
        courier_order_id: found.courierOrderId,
        last_error: null,
        updated_at: deps.clock().toISOString(),
      });
      if (found.awb) shipment = { ...shipment, awb: found.awb, courier_name: found.courierName, routing_code: found.routingCode };
    } catch (error) {
      const failure = courierFailure(deps, error, context);
      await recordCourierError(deps, shipment.id, failure.message);
      throw failure;
    }
  }

  // 3. Its AWB (kept when the lookup already had one).
  if (!shipment.awb || shipment.status === 'packed') {
    try {
      const assigned = shipment.awb
        ? { awb: shipment.awb, courierName: shipment.courier_name ?? 'Shiprocket', routingCode: shipment.routing_code }
        : await courier.assignAwb(booked.shipmentId, input.courierId);
      const at = deps.clock().toISOString();
      await transaction(
        deps.db,
        async (trx) => {
          const other = await q.findShipmentByAwb(trx, assigned.awb);
          if (other && other.id !== shipment.id) throw new AppError('CONFLICT', `The courier gave AWB ${assigned.awb}, which the parcel of order ${other.order_id} carries.`);
          await q.updateShipment(trx, shipment.id, {
            status: 'booked',
            awb: assigned.awb,
            courier_name: assigned.courierName,
            routing_code: assigned.routingCode,
            courier_id: input.courierId ?? null,
            tracking_url: trackingLinkFor(SHIPROCKET_TRACKING_URL, assigned.awb),
            booked_at: at,
            last_error: null,
            updated_at: at,
          });
          await addEvent(trx, shipment, { status: 'booked', at, key: 'booked', source: 'courier', actorId, note: `${assigned.courierName}, AWB ${assigned.awb}` }, at);
          await writeAudit(trx, {
            at,
            actorId,
            action: 'order.tracking',
            detail: { orderId: order.id, status: 'booked', note: `${assigned.courierName} AWB ${assigned.awb} through Shiprocket` },
          });
        },
        { locks: [`order:${order.id}`] },
      );
      shipment = { ...shipment, awb: assigned.awb, status: 'booked' };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const failure = courierFailure(deps, error, context);
      await recordCourierError(deps, shipment.id, failure.message);
      throw failure;
    }
  }

  // 4. The pickup (asked again harmlessly: Shiprocket answers "already in queue").
  const events = await q.listEvents(deps.db, [shipment.id]);
  if (!events.some((e) => e.event_key === 'pickup')) {
    try {
      const pickup = await courier.schedulePickup([booked.shipmentId]);
      const at = deps.clock().toISOString();
      const when = pickup.scheduledDate ? formatShopTime(pickup.scheduledDate, settings.timeZone) : 'the next pickup';
      await addEvent(deps.db, shipment, { status: 'booked', at, key: 'pickup', source: 'courier', actorId, note: `Pickup scheduled for ${when}` }, at);
      // The booking is whole now: an earlier step's failure no longer stands beside the parcel.
      await q.updateShipment(deps.db, shipment.id, { last_error: null, updated_at: at });
    } catch (error) {
      const failure = courierFailure(deps, error, context);
      await recordCourierError(deps, shipment.id, `The pickup was not scheduled: ${failure.message}`);
      throw failure;
    }
  }
}

/** The parcel left with the courier (the admin says so before its scan comes in): the order ships and the shopper is told, with the AWB and link. */
export async function handOver(deps: Deps, orderId: string, actorId: string | null): Promise<PackingSheet> {
  const now = deps.clock().toISOString();
  await transaction(
    deps.db,
    async (trx) => {
      const order = await requireOrder(trx, orderId);
      const shipment = await q.findLiveShipment(trx, orderId);
      if (!shipment || shipment.status !== 'booked') throw new AppError('INVALID_TRANSITION', 'Only a parcel booked with a courier (its AWB given) is handed over.');
      await markShipped(trx, deps, order, shipment, { at: now, actorId, source: 'admin' });
    },
    { locks: [`order:${orderId}`] },
  );
  return packingSheet(deps, orderId);
}

/** Booked -> shipped: the parcel's status and timeline, and the order's own move (its mail names the courier, AWB and link). */
async function markShipped(
  trx: DB,
  deps: Deps,
  order: OrderRecord,
  shipment: ShipmentRow,
  step: { at: string; actorId: string | null; source: 'admin' | 'webhook' | 'poll' },
): Promise<void> {
  const now = deps.clock().toISOString();
  await q.updateShipment(trx, shipment.id, { status: 'shipped', shipped_at: step.at, updated_at: now });
  await addEvent(trx, shipment, { status: 'shipped', at: step.at, key: 'shipped', source: step.source, actorId: step.actorId }, now);
  if (order.status === 'paid' || order.status === 'confirmed') {
    await orders.moveOrderStatus(trx, deps, order, 'shipped', {
      actorId: step.actorId,
      now,
      detail: { courier: shipment.courier_name, awb: shipment.awb },
      notice: { courierName: shipment.courier_name, awb: shipment.awb, trackingUrl: shipment.tracking_url },
    });
  }
}

/** Where each courier status puts the parcel; null: not a step the shop acts on (a pickup booked, a status it does not know). */
const TRACKING_TO_SHIPMENT: Record<TrackingStatus, ShipmentStatus | null> = {
  pickup_scheduled: null,
  picked_up: 'shipped',
  in_transit: 'shipped',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  delivery_failed: 'delivery_failed',
  rto_initiated: 'returning',
  rto_delivered: 'returned',
  cancelled: 'cancelled',
  lost: 'delivery_failed',
  damaged: 'delivery_failed',
  other: null,
};

const FINAL: readonly ShipmentStatus[] = ['delivered', 'returned', 'cancelled'];

/** The parcel's state from its whole timeline: a final step stays final; otherwise the latest step by the courier's clock (so a late, older webhook changes nothing). */
function stateFrom(events: readonly q.ShipmentEventRow[]): ShipmentStatus | null {
  for (const final of ['returned', 'delivered', 'cancelled'] as const) if (events.some((e) => e.status === final)) return final;
  if (events.some((e) => e.status === 'returning')) return 'returning';
  const moving = events.filter((e) => e.status === 'shipped' || e.status === 'out_for_delivery' || e.status === 'delivery_failed');
  return [...moving].sort((a, b) => a.at.localeCompare(b.at)).at(-1)?.status ?? null;
}

export type TrackingSource = 'webhook' | 'poll' | 'admin';

/**
 * Applies a courier's tracking events (a webhook, a poll, or the admin recording what the manual
 * courier said): each is added to its parcel's timeline once (its key drops repeats), and the
 * parcel and its order move to what the whole timeline says, never backwards. Picked up or in
 * transit: the order ships (its mail, with the AWB). Out for delivery and a failed delivery: the
 * shopper is mailed (a failed one joins the admin's NDR queue). Delivered: the order is delivered
 * (cash on delivery: collected). Back at the shop (RTO): a cash-on-delivery order is returned (no
 * cash collected), one paid online cancelled for a refund; either way its credit note is issued
 * and its units go back on sale unless the courier reported them damaged; their numbers are freed.
 * Returns how many events were new.
 */
export async function applyTrackingEvents(
  deps: Deps,
  events: readonly TrackingEvent[],
  source: TrackingSource,
  actorId: string | null = null,
): Promise<{ added: number; unknown: string[] }> {
  const byAwb = new Map<string, TrackingEvent[]>();
  for (const event of events) byAwb.set(event.awb.toUpperCase(), [...(byAwb.get(event.awb.toUpperCase()) ?? []), event]);
  let added = 0;
  const unknown: string[] = [];
  for (const [awb, list] of byAwb) {
    const found = await q.findShipmentByAwb(deps.db, awb);
    if (!found) {
      unknown.push(awb);
      deps.log.warn({ awb, source }, 'tracking for an AWB no parcel of ours carries: ignored');
      continue;
    }
    added += await transaction(
      deps.db,
      async (trx) => {
        const shipment = await q.findShipmentByAwb(trx, awb);
        if (!shipment) return 0;
        const now = deps.clock().toISOString();
        let fresh = 0;
        for (const event of list) {
          const status = TRACKING_TO_SHIPMENT[event.status];
          if (!status) continue;
          const reason =
            event.status === 'lost'
              ? `Lost in transit${event.reason ? `: ${event.reason}` : ''}`
              : event.status === 'damaged'
                ? `Damaged in transit${event.reason ? `: ${event.reason}` : ''}`
                : event.reason;
          const inserted = await addEvent(
            trx,
            shipment,
            {
              status,
              at: event.at,
              key: `${source === 'admin' ? 'admin' : 'courier'}:${event.eventKey}`,
              source,
              actorId,
              courierStatus: event.courierStatus,
              location: event.location,
              reason,
            },
            now,
          );
          if (inserted) fresh += 1;
        }
        if (fresh > 0) await follow(trx, deps, shipment, source, actorId);
        return fresh;
      },
      { locks: [`order:${found.order_id}`] },
    );
  }
  return { added, unknown };
}

/** Moves the parcel and its order to what its timeline now says (inside the events' transaction). */
async function follow(trx: DB, deps: Deps, shipment: ShipmentRow, source: TrackingSource, actorId: string | null): Promise<void> {
  if (FINAL.includes(shipment.status)) return;
  const events = await q.listEvents(trx, [shipment.id]);
  const target = stateFrom(events);
  if (target === null || target === shipment.status) return;
  const now = deps.clock().toISOString();
  const latest = [...events]
    .filter((e) => e.status === target)
    .sort((a, b) => a.at.localeCompare(b.at))
    .at(-1)!;
  let order = await requireOrder(trx, shipment.order_id);
  const notice = { courierName: shipment.courier_name, awb: shipment.awb, trackingUrl: shipment.tracking_url };
  // Any scan after booking means the courier has it: the order ships first.
  if (shipment.status === 'booked' || shipment.status === 'packed') {
    const firstScan = events.filter((e) => e.status !== 'packed' && e.status !== 'booked').sort((a, b) => a.at.localeCompare(b.at))[0];
    await markShipped(trx, deps, order, shipment, { at: firstScan?.at ?? now, actorId, source: source === 'admin' ? 'admin' : source });
    order = await requireOrder(trx, shipment.order_id);
    if (target === 'shipped') return;
  }
  const damaged = events.some((e) => e.courier_status.toUpperCase().includes('DAMAGE') || (e.reason ?? '').startsWith('Damaged in transit'));
  switch (target) {
    case 'shipped':
      await q.updateShipment(trx, shipment.id, { status: 'shipped', failed_reason: null, updated_at: now });
      break;
    case 'out_for_delivery':
      await q.updateShipment(trx, shipment.id, { status: 'out_for_delivery', failed_reason: null, updated_at: now });
      await orders.enqueueOrderStatusMail(trx, deps, order.id, 'out_for_delivery', notice);
      break;
    case 'delivery_failed':
      await q.updateShipment(trx, shipment.id, { status: 'delivery_failed', failed_reason: latest.reason ?? latest.courier_status, updated_at: now });
      await orders.enqueueOrderStatusMail(trx, deps, order.id, 'delivery_failed', { ...notice, reason: latest.reason ?? latest.courier_status });
      break;
    case 'returning':
      await q.updateShipment(trx, shipment.id, { status: 'returning', updated_at: now });
      break;
    case 'delivered':
      await q.updateShipment(trx, shipment.id, { status: 'delivered', delivered_at: latest.at, failed_reason: null, updated_at: now });
      if (order.status === 'shipped') await orders.moveOrderStatus(trx, deps, order, 'delivered', { actorId, now, detail: { source } });
      break;
    case 'returned': {
      await q.updateShipment(trx, shipment.id, { status: 'returned', returned_at: latest.at, updated_at: now });
      await q.releaseUnits(trx, shipment.id, now);
      if (order.status === 'shipped') {
        // Cash on delivery comes back "returned" (no cash collected); an order paid online is cancelled, to be refunded.
        const to = order.provider === 'cod' ? 'returned' : 'cancelled';
        await orders.moveOrderStatus(trx, deps, order, to, { actorId, now, damaged, unitsBack: true, detail: { source, rto: true } });
      }
      break;
    }
    case 'cancelled':
      await q.updateShipment(trx, shipment.id, { status: 'cancelled', cancelled_at: now, updated_at: now });
      await q.releaseUnits(trx, shipment.id, now);
      break;
    default:
      break;
  }
  await writeAudit(trx, {
    at: now,
    actorId,
    action: 'order.tracking',
    detail: { orderId: order.id, status: target, source, ...(latest.reason ? { reason: latest.reason } : {}), ...(damaged && target === 'returned' ? { damaged: true } : {}) },
  });
}

/** A parcel the courier could not deliver, waiting for the admin's answer. */
export type NdrEntry = {
  orderId: string;
  orderNumber: string;
  awb: string | null;
  courierName: string | null;
  courier: 'manual' | 'shiprocket';
  reason: string | null;
  attempts: number;
  failedAt: string;
  customer: string;
  phone: string | null;
  pin: string | null;
};

/** The failed-delivery (NDR) queue (ADMIN): parcels whose last attempt failed, oldest first. */
export async function ndrQueue(deps: Deps): Promise<NdrEntry[]> {
  const rows = await q.listShipmentsInStatus(deps.db, 'delivery_failed', 200);
  const events = await q.listEvents(
    deps.db,
    rows.map((r) => r.id),
  );
  const entries: NdrEntry[] = [];
  for (const row of rows) {
    const order = await orders.findOrderRecord(deps.db, row.order_id);
    const own = events.filter((e) => e.shipment_id === row.id && e.status === 'delivery_failed');
    entries.push({
      orderId: row.order_id,
      orderNumber: order?.orderNumber ?? row.order_id,
      awb: row.awb,
      courierName: row.courier_name,
      courier: row.courier,
      reason: row.failed_reason,
      attempts: own.length,
      failedAt: own.at(-1)?.at ?? row.updated_at,
      customer: order?.deliveryAddress?.name ?? order?.email ?? '',
      phone: order?.deliveryAddress?.phone ?? null,
      pin: order?.deliveryAddress?.pin ?? null,
    });
  }
  return entries.sort((a, b) => a.failedAt.localeCompare(b.failedAt));
}

/**
 * Answers a failed delivery (ADMIN): deliver again (the note goes to the courier's agent), or
 * bring it back to the shop. Through the courier's API when it has one; either way recorded on
 * the parcel's timeline and in the audit log. Throws INVALID_TRANSITION when the parcel is not
 * waiting for an answer, COURIER when the courier refuses or fails.
 */
export async function answerNdr(deps: Deps, input: { orderId: string; action: 're-attempt' | 'return'; note: string }, actorId: string | null): Promise<PackingSheet> {
  const settings = await loadSettings(deps.db, deps);
  const shipment = await q.findLiveShipment(deps.db, input.orderId);
  if (!shipment || shipment.status !== 'delivery_failed' || !shipment.awb)
    throw new AppError('INVALID_TRANSITION', 'This order’s parcel is not waiting for an answer about a failed delivery.');
  if (shipment.courier === 'shiprocket') {
    try {
      await deps.courierFor(settings.fulfilment).ndrAction(shipment.awb, input.action, input.note);
    } catch (error) {
      const failure = courierFailure(deps, error, { orderId: input.orderId, awb: shipment.awb });
      await recordCourierError(deps, shipment.id, failure.message);
      throw failure;
    }
  }
  const at = deps.clock().toISOString();
  const status: TrackingStatus = input.action === 're-attempt' ? 'in_transit' : 'rto_initiated';
  await applyTrackingEvents(
    deps,
    [
      {
        awb: shipment.awb,
        status,
        courierStatus: input.action === 're-attempt' ? 'RE-ATTEMPT ASKED' : 'RETURN ASKED',
        at,
        location: null,
        reason: null,
        eventKey: `ndr:${input.action}:${at}`,
      },
    ],
    'admin',
    actorId,
  );
  await transaction(deps.db, async (trx) => {
    const last = (await q.listEvents(trx, [shipment.id])).filter((e) => e.event_key === `admin:ndr:${input.action}:${at}`);
    for (const event of last) await q.setEventNote(trx, event.id, input.note === '' ? (input.action === 're-attempt' ? 'Deliver again' : 'Return to the shop') : input.note);
    await writeAudit(trx, {
      at,
      actorId,
      action: 'order.tracking',
      detail: { orderId: input.orderId, status: input.action === 're-attempt' ? 're-attempt' : 'return to origin', note: input.note },
    });
  });
  return packingSheet(deps, input.orderId);
}

/**
 * What the admin records for a parcel with the manual courier, as its courier tells them: out for
 * delivery, a failed attempt (with the reason), back on its way to the shop, back at the shop
 * (damaged or not). The same path as a courier's webhook (applyTrackingEvents).
 */
export async function recordDeliveryStep(
  deps: Deps,
  input: { orderId: string; status: 'out_for_delivery' | 'delivery_failed' | 'returning' | 'returned'; reason?: string | undefined; damaged?: boolean | undefined },
  actorId: string | null,
): Promise<PackingSheet> {
  const shipment = await q.findLiveShipment(deps.db, input.orderId);
  if (!shipment || !shipment.awb || !['shipped', 'out_for_delivery', 'delivery_failed', 'returning'].includes(shipment.status)) {
    throw new AppError('INVALID_TRANSITION', 'Only a parcel on its way (shipped, out for delivery, or returning) has delivery steps to record.');
  }
  if (input.status === 'delivery_failed' && !input.reason?.trim()) throw new AppError('BAD_INPUT', 'reason: say why the delivery failed (as the courier reported it)');
  const at = deps.clock().toISOString();
  const status: TrackingStatus =
    input.status === 'out_for_delivery'
      ? 'out_for_delivery'
      : input.status === 'delivery_failed'
        ? 'delivery_failed'
        : input.status === 'returning'
          ? 'rto_initiated'
          : input.damaged
            ? 'damaged'
            : 'rto_delivered';
  const events: TrackingEvent[] = [
    { awb: shipment.awb, status, courierStatus: input.damaged ? 'DAMAGED' : '', at, location: null, reason: input.reason?.trim() || null, eventKey: `${input.status}:${at}` },
  ];
  // Back damaged: the damage is one step, the arrival another.
  if (input.status === 'returned' && input.damaged) events.push({ ...events[0]!, status: 'rto_delivered', eventKey: `returned:${at}` });
  await applyTrackingEvents(deps, events, 'admin', actorId);
  return packingSheet(deps, input.orderId);
}

/**
 * Asks the courier for news of every parcel it has on the road (the webhook's safety net: a
 * missed or refused webhook is caught up here). Returns how many events were new.
 */
export async function pollTracking(deps: Deps, opts: { limit?: number } = {}): Promise<number> {
  const settings = await loadSettings(deps.db, deps);
  if (settings.fulfilment.courier !== 'shiprocket') return 0;
  const courier = deps.courierFor(settings.fulfilment);
  const rows = await q.listShipmentsOnTheRoad(deps.db, 'shiprocket', opts.limit ?? 100);
  let added = 0;
  for (const row of rows) {
    if (!row.awb) continue;
    try {
      added += (await applyTrackingEvents(deps, await courier.track(row.awb), 'poll')).added;
    } catch (error) {
      if (!isCourierError(error)) throw error;
      deps.log.warn({ orderId: row.order_id, awb: row.awb, err: error.message }, 'tracking poll failed for a parcel: tried again next time');
    }
  }
  return added;
}

/** Reads a courier's tracking webhook (its token checked by the adapter) and applies it. */
export async function receiveTrackingWebhook(deps: Deps, headers: Record<string, string | string[] | undefined>, body: unknown): Promise<{ added: number; unknown: string[] }> {
  const settings = await loadSettings(deps.db, deps);
  if (settings.fulfilment.courier !== 'shiprocket') throw new AppError('NOT_FOUND', 'No courier with tracking webhooks is set up in this shop');
  const events = deps.courierFor(settings.fulfilment).readWebhook(headers, body);
  return applyTrackingEvents(deps, events, 'webhook');
}

/** The shop's own label for the order's parcel (ADMIN): once it has an AWB. */
export async function shippingLabel(deps: Deps, orderId: string): Promise<ShippingLabel> {
  const order = await requireOrder(deps.db, orderId);
  const shipment = await q.findLiveShipment(deps.db, orderId);
  if (!shipment?.awb) throw new AppError('INVALID_TRANSITION', 'This order’s parcel has no AWB yet: book it with the courier (or ship it with the manual courier) first.');
  const settings = await loadSettings(deps.db, deps);
  const seller = settings.seller;
  const address = order.deliveryAddress;
  return {
    awb: shipment.awb,
    courierName: shipment.courier_name ?? 'Courier',
    routingCode: shipment.routing_code,
    orderRef: order.orderNumber,
    date: formatShopTime(shipment.booked_at ?? shipment.packed_at, settings.timeZone).split(',')[0] ?? '',
    from: seller
      ? { name: seller.tradeName, lines: [formatPostalAddress(seller.address)], phone: seller.phone, gstin: seller.gstin }
      : { name: 'Voltmart', lines: ['(set the seller’s address in Settings)'], phone: null, gstin: null },
    to: address
      ? {
          name: address.name,
          lines: [address.line1, address.line2, `${address.city}, ${stateByCode(address.stateCode)?.name ?? address.stateCode}`, `PIN ${address.pin}`].filter((l) => l !== ''),
          phone: address.phone,
        }
      : { name: order.email, lines: ['(address as given to the payment provider)'], phone: '—' },
    weightGrams: shipment.weight_grams,
    dimensions: `${shipment.length_cm} × ${shipment.breadth_cm} × ${shipment.height_cm} cm`,
    codAmount: shipment.cod_amount,
    valuePaise: shipment.value_paise,
    ewayBill: shipment.eway_bill_number ? { number: shipment.eway_bill_number, date: shipment.eway_bill_date ?? '' } : null,
  };
}

/** The courier's own 4 × 6 label for the order's parcel, when it gives one (Shiprocket); null otherwise or when it fails (the shop's own is printed then). */
export async function courierLabelPdf(deps: Deps, orderId: string): Promise<Buffer | null> {
  const shipment = await q.findLiveShipment(deps.db, orderId);
  if (shipment?.courier !== 'shiprocket' || !shipment.courier_shipment_id) return null;
  const settings = await loadSettings(deps.db, deps);
  try {
    return await deps.courierFor(settings.fulfilment).label(shipment.courier_shipment_id);
  } catch (error) {
    if (!isCourierError(error)) throw error;
    deps.log.warn({ orderId, err: error.message }, 'the courier’s label could not be fetched: printing the shop’s own');
    return null;
  }
}

// ---- Rates, cancelling with the courier, the manifest ----------------------------------------

/** The start of the error a cancelled parcel keeps while Shiprocket's own order may still stand. */
export const COURIER_CANCEL_PENDING = 'Cancel it in Shiprocket’s panel (or press Try again): Shiprocket did not confirm the cancel: ';

function isCourierCancelPending(row: ShipmentRow): boolean {
  return row.status === 'cancelled' && row.courier === 'shiprocket' && (row.last_error ?? '').startsWith(COURIER_CANCEL_PENDING);
}

/** What Shiprocket said when asked to cancel its order: null when there was nothing to ask. */
export type CourierCancel = { kind: 'cancelled' } | { kind: 'failed'; message: string } | null;

function laneOf(settings: Awaited<ReturnType<typeof loadSettings>>, order: OrderRecord, shipment: ShipmentRow | null) {
  return {
    pickupPin: dispatchPin(settings),
    deliveryPin: order.deliveryAddress?.pin ?? null,
    weightGrams: shipment?.weight_grams ?? settings.fulfilment.parcel.weightGrams,
    cod: order.provider === 'cod',
  };
}

/**
 * The couriers Shiprocket offers for an order's parcel (ADMIN, the Ship step): from the shop's
 * dispatch PIN to the shopper's, the parcel's weight (packed, else the default parcel's), cash on
 * delivery or not; cheapest first, Shiprocket's recommended one marked. Shiprocket failing is not
 * a failure here: `error` says why and the parcel is booked with its recommended courier.
 */
export async function courierRates(deps: Deps, orderId: string): Promise<CourierRates> {
  const settings = await loadSettings(deps.db, deps);
  if (settings.fulfilment.courier !== 'shiprocket') throw new AppError('INVALID_TRANSITION', 'No courier with rates is chosen in Settings: ship with the manual courier.');
  const order = await requireOrder(deps.db, orderId);
  const lane = laneOf(settings, order, await q.findLiveShipment(deps.db, orderId));
  if (lane.pickupPin === null) return { ...lane, options: [], error: 'The shop’s dispatch PIN is not set (Settings), so couriers cannot be compared' };
  if (lane.deliveryPin === null) return { ...lane, options: [], error: 'This order has no delivery address on record' };
  try {
    const options = await deps
      .courierFor(settings.fulfilment)
      .serviceability({ pickupPin: lane.pickupPin, deliveryPin: lane.deliveryPin, weightGrams: lane.weightGrams, cod: lane.cod });
    return { ...lane, options: [...options].sort((a, b) => a.ratePaise - b.ratePaise || a.courierName.localeCompare(b.courierName)), error: null };
  } catch (error) {
    if (!isCourierError(error)) throw error;
    deps.log.warn({ orderId, kind: error.kind, err: error.message }, 'courier rates could not be loaded');
    return { ...lane, options: [], error: error.message };
  }
}

/** Throws BAD_INPUT naming courierId when Shiprocket does not offer that courier for this parcel now; COURIER when it cannot be asked. */
async function refuseCourierNotOffered(
  deps: Deps,
  courier: Courier,
  settings: Awaited<ReturnType<typeof loadSettings>>,
  order: OrderRecord,
  shipment: ShipmentRow,
  courierId: number,
): Promise<void> {
  const lane = laneOf(settings, order, shipment);
  if (lane.pickupPin === null || lane.deliveryPin === null)
    throw new AppError('BAD_INPUT', 'courierId: a courier cannot be chosen without the dispatch PIN and the delivery PIN: book with Shiprocket’s recommended courier');
  let offered: Awaited<ReturnType<Courier['serviceability']>>;
  try {
    offered = await courier.serviceability({ pickupPin: lane.pickupPin, deliveryPin: lane.deliveryPin, weightGrams: lane.weightGrams, cod: lane.cod });
  } catch (error) {
    const failure = courierFailure(deps, error, { orderId: order.id, courierId });
    throw new AppError('COURIER', `Shiprocket’s couriers for this parcel could not be checked (${failure.message}): try again, or book with its recommended courier`);
  }
  if (!offered.some((o) => o.courierId === courierId)) {
    const message = `Shiprocket does not offer courier ${courierId} for this parcel (${lane.pickupPin} to ${lane.deliveryPin}, ${lane.weightGrams} g${lane.cod ? ', cash on delivery' : ''}): choose one from the list`;
    throw new AppError('BAD_INPUT', `courierId: ${message}`, { fieldErrors: { courierId: message } });
  }
}

/**
 * Before an order is cancelled (by the admin or its shopper): when its parcel is booked with
 * Shiprocket and not picked up yet, asks Shiprocket to cancel its order. Shiprocket refusing (the
 * courier has the parcel already) is a CONFLICT and nothing changes. Shiprocket not answering (a
 * timeout, a 5xx, a refused sign-in) does not stop the cancellation: the answer says so, and
 * followOrderStatus keeps it on the cancelled parcel for the admin's Try again.
 */
export async function cancelWithCourier(deps: Deps, orderId: string): Promise<CourierCancel> {
  const shipment = await q.findLiveShipment(deps.db, orderId);
  if (!shipment || shipment.status !== 'booked' || shipment.courier !== 'shiprocket' || !shipment.courier_order_id) return null;
  return askCourierToCancel(deps, shipment, { refuse: true });
}

async function askCourierToCancel(deps: Deps, shipment: ShipmentRow, opts: { refuse: boolean }): Promise<Exclude<CourierCancel, null>> {
  try {
    const settings = await loadSettings(deps.db, deps);
    await deps.courierFor(settings.fulfilment).cancel([shipment.courier_order_id ?? '']);
    deps.log.info({ orderId: shipment.order_id, awb: shipment.awb }, 'shiprocket order cancelled');
    return { kind: 'cancelled' };
  } catch (error) {
    if (!isCourierError(error)) throw error;
    deps.log.warn({ orderId: shipment.order_id, awb: shipment.awb, kind: error.kind, err: error.message }, 'shiprocket could not cancel its order');
    if (error.kind === 'rejected' && opts.refuse) {
      throw new AppError(
        'CONFLICT',
        `Shiprocket would not cancel the parcel (AWB ${shipment.awb ?? '—'}): ${error.message}. A parcel the courier has picked up cannot be cancelled: wait for it to be delivered, or for its return.`,
      );
    }
    return { kind: 'failed', message: error.message };
  }
}

/**
 * Asks Shiprocket again to cancel the order of a cancelled parcel it did not confirm (ADMIN): on
 * success the parcel's error is cleared and the timeline and audit log say so; a failure stays on
 * the parcel (COURIER, 502).
 */
export async function retryCourierCancel(deps: Deps, orderId: string, actorId: string | null): Promise<{ cancelled: true }> {
  const shipment = (await q.listShipmentsOfOrders(deps.db, [orderId])).find(isCourierCancelPending);
  if (!shipment) throw new AppError('INVALID_TRANSITION', 'This order has no parcel waiting to be cancelled at Shiprocket.');
  const answer = await askCourierToCancel(deps, shipment, { refuse: false });
  const now = deps.clock().toISOString();
  if (answer.kind === 'failed') {
    await q.updateShipment(deps.db, shipment.id, { last_error: `${COURIER_CANCEL_PENDING}${answer.message}`.slice(0, 500), updated_at: now });
    throw new AppError('COURIER', answer.message);
  }
  await transaction(
    deps.db,
    async (trx) => {
      await q.updateShipment(trx, shipment.id, { last_error: null, updated_at: now });
      await addEvent(trx, shipment, { status: 'cancelled', at: now, key: 'courier-cancelled', source: 'admin', actorId, note: 'Cancelled with Shiprocket' }, now);
      await writeAudit(trx, {
        at: now,
        actorId,
        action: 'order.tracking',
        detail: { orderId, status: 'cancelled', note: `Shiprocket order ${shipment.courier_order_id} (AWB ${shipment.awb}) cancelled on trying again` },
      });
    },
    { locks: [`order:${orderId}`] },
  );
  return { cancelled: true };
}

/**
 * The parcels the courier's pickup person takes (the manifest): booked with Shiprocket and not
 * picked up yet, and the manual courier's shipped today (on the shop's clock) with no later step;
 * or, with `orderIds`, those of the chosen orders among them.
 */
async function parcelsAwaitingPickup(deps: Deps, settings: Awaited<ReturnType<typeof loadSettings>>, orderIds?: readonly string[]): Promise<ShipmentRow[]> {
  const today = startOfLocalDay(localDate(deps.clock(), settings.timeZone), settings.timeZone).toISOString();
  return q.listShipmentsAwaitingPickup(deps.db, { shippedSince: today, orderIds });
}

/** How many parcels await the courier's pickup (ADMIN: the All orders page's Print manifest link). */
export async function awaitingPickup(deps: Deps): Promise<{ count: number }> {
  const settings = await loadSettings(deps.db, deps);
  return { count: (await parcelsAwaitingPickup(deps, settings)).length };
}

/** The manifest's contents (ADMIN; GET /admin/manifest.pdf prints it). INVALID_TRANSITION when no parcel awaits pickup. */
export async function manifest(deps: Deps, orderIds?: readonly string[]): Promise<Manifest> {
  const settings = await loadSettings(deps.db, deps);
  const rows = await parcelsAwaitingPickup(deps, settings, orderIds);
  if (rows.length === 0) {
    throw new AppError('INVALID_TRANSITION', orderIds ? 'None of these orders has a parcel awaiting the courier’s pickup.' : 'No parcel is awaiting the courier’s pickup.');
  }
  const pieces = await q.countItemsOfOrders(
    deps.db,
    rows.map((r) => r.order_id),
  );
  const byCourier = new Map<string, Manifest['couriers'][number]>();
  for (const row of rows) {
    const order = await requireOrder(deps.db, row.order_id);
    const name = row.courier_name ?? 'Courier';
    const section = byCourier.get(name) ?? { courierName: name, parcels: [] };
    section.parcels.push({
      orderId: row.order_id,
      orderRef: order.orderNumber,
      awb: row.awb ?? '',
      consignee: order.deliveryAddress?.name ?? order.email,
      pin: order.deliveryAddress?.pin ?? '—',
      pieces: pieces.get(row.order_id) ?? 0,
      weightGrams: row.weight_grams,
      codAmount: row.cod_amount,
    });
    byCourier.set(name, section);
  }
  const seller = settings.seller;
  return {
    shop: { name: seller?.tradeName ?? 'Voltmart', pickupAddress: seller ? formatPostalAddress(seller.address) : null, phone: seller?.phone ?? null },
    printedAt: formatShopTime(deps.clock().toISOString(), settings.timeZone),
    couriers: [...byCourier.values()].sort((a, b) => a.courierName.localeCompare(b.courierName)),
  };
}

/**
 * Shiprocket's own manifest for these parcels, when they are all booked with it and it gives
 * one: made (generate) the first time, printed again after. Null (the shop prints its own) for
 * the manual courier, a mix, parcels on different Shiprocket manifests, or when Shiprocket fails.
 */
export async function courierManifestPdf(deps: Deps, orderIds: readonly string[]): Promise<Buffer | null> {
  const settings = await loadSettings(deps.db, deps);
  if (settings.fulfilment.courier !== 'shiprocket') return null;
  const rows = await parcelsAwaitingPickup(deps, settings, orderIds);
  if (rows.length === 0 || rows.some((r) => r.courier !== 'shiprocket' || !r.courier_shipment_id || !r.courier_order_id)) return null;
  const shipmentIds = rows.map((r) => r.courier_shipment_id!).sort();
  const group = shipmentIds.join(',');
  // Shiprocket makes a shipment's manifest once: the same parcels print it again; parcels of several need the shop's own.
  const events = (
    await q.listEvents(
      deps.db,
      rows.map((r) => r.id),
    )
  ).filter((e) => e.event_key === 'manifest');
  const made = new Set(events.map((e) => e.courier_status));
  if (made.size > 1 || (made.size === 1 && (events.length !== rows.length || !made.has(group)))) return null;
  try {
    const bytes = await deps.courierFor(settings.fulfilment).manifest(
      shipmentIds,
      rows.map((r) => r.courier_order_id!),
    );
    if (bytes && made.size === 0) {
      const now = deps.clock().toISOString();
      for (const row of rows) {
        await addEvent(deps.db, row, { status: 'booked', at: now, key: 'manifest', source: 'courier', courierStatus: group, note: 'On Shiprocket’s manifest' }, now);
      }
    }
    return bytes;
  } catch (error) {
    if (!isCourierError(error)) throw error;
    deps.log.warn({ orderIds, err: error.message }, 'shiprocket’s manifest could not be fetched: printing the shop’s own');
    return null;
  }
}
