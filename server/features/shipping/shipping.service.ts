import { AppError } from '../../errors';
import type { DB } from '../../db/database';
import { newId } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { writeAudit } from '../../audit/audit';
import { formatPostalAddress, loadSettings } from '../../settings/shop-settings';
import { formatShopTime } from '../../lib/shop-calendar';
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
  type EwayBill,
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
import type { ShipmentRow } from './shipping.queries';

import type { PackingSlip } from './packing-slip-pdf';
export { renderPackingSlip, type PackingSlip } from './packing-slip-pdf';

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
    throw new AppError('CONFLICT', `${kind} ${first.value} is already out with order ${first.orderId}: a unit cannot ship twice until it comes back.`);
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

/** The courier's tracking link for `awb`: `{awb}` in the pattern filled in, or the link as typed. */
export function trackingLinkFor(pattern: string, awb: string): string | null {
  if (pattern.trim() === '') return null;
  return pattern.includes('{awb}') ? pattern.replaceAll('{awb}', encodeURIComponent(awb)) : pattern;
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
        if (other && other.id !== shipment.id) throw new AppError('CONFLICT', `AWB ${input.awb} is already used by the parcel of order ${other.order_id}.`);
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
export async function followOrderStatus(trx: DB, orderId: string, to: OrderStatus, opts: { actorId: string | null; now: string }): Promise<void> {
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
    await q.updateShipment(trx, shipment.id, { status: 'cancelled', cancelled_at: now, updated_at: now });
    await q.releaseUnits(trx, shipment.id, now);
    await addEvent(trx, shipment, { status: 'cancelled', at: now, key: 'cancelled', source: 'admin', actorId }, now);
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
    (byOrder[row.order_id] ??= []).push(shown[i]!);
  });
  return byOrder;
}

/**
 * The live parcels (not cancelled) of the given orders, by order id, as the admin's order list
 * shows them: status, courier, AWB and link, e-way bill, the units' numbers, the timeline. Orders
 * without one are left out. A fixed number of queries whatever the number of orders.
 */
export async function shipmentsOfOrders(deps: Deps, orderIds: readonly string[]): Promise<Record<string, AdminShipment>> {
  const rows = (await q.listShipmentsOfOrders(deps.db, [...new Set(orderIds)])).filter((row) => row.purpose === 'order' && row.status !== 'cancelled');
  if (rows.length === 0) return {};
  const { fulfilment } = await loadSettings(deps.db, deps);
  const shown = await adminShipments(deps.db, rows, fulfilment.ewayBillThresholdPaise);
  const byOrder: Record<string, AdminShipment> = {};
  rows.forEach((row, i) => {
    byOrder[row.order_id] = shown[i]!;
  });
  return byOrder;
}

/** Orders one of whose units carries this serial or IMEI (the admin's search). */
export function orderIdsWithUnit(db: DB, value: string): Promise<string[]> {
  const typed = value.trim().toUpperCase();
  const digits = typed.replace(/[\s-]/g, '');
  // An IMEI is kept as its 15 digits; a serial as typed, in capitals.
  return q.orderIdsWithUnit(db, [...new Set([typed, digits])]);
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
    orderRef: order.id,
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
