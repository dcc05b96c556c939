import type { z } from 'zod';
import { AppError } from '../../errors';
import { newId, type DB } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { writeAudit } from '../../audit/audit';
import { loadSettings } from '../../settings/shop-settings';
import { addDays, localDate } from '../../lib/shop-calendar';
import { brandOf, enqueueMail } from '../../mail/mail.service';
import { returnStatusMail, type ReturnNotice } from '../../mail/templates';
import { decodeImageDataUrl, storeProductImage } from '../../images/image.service';
import { putBackStock } from '../catalog/catalog.service';
import * as orders from '../order/order.service';
import { isUniqueViolation } from '../account/account.service';
import {
  maskPayout,
  resolutionsOffered,
  returnPolicyText,
  ReturnPayoutSchema,
  RETURN_REASON_LABELS,
  type AdminReturn,
  type AdminReturnsInputSchema,
  type DecideReturnInputSchema,
  type MyReturns,
  type ReceiveReturnInputSchema,
  type RequestReturnInputSchema,
  type ResolveReturnInputSchema,
  type ReturnLine,
  type ReturnPolicies,
  type ReturnPolicy,
  type ReturnStatus,
  type ScheduleReturnPickupInputSchema,
  type ShopperReturn,
} from '../../../shared/schemas/returns';
import * as q from './returns.queries';
import type { ReturnRow } from './returns.queries';

// Returns, first slice (issue 31): the policy of each category (or the shop's default), a
// shopper's request for one delivered unit inside its window, and the owner's queue up to the
// unit received back (its serial or IMEI checked against the one delivered, its condition, the
// stock). Every transition is a compare-and-set on the request's status inside one transaction
// that also writes its timeline, the audit entry and the shopper's mail: two admins receiving the
// same return, or a shopper cancelling while an admin approves, leave exactly one winner and a
// 409 for the other.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-20' -> '20 Nov' */
function shortDate(date: string): string {
  const [, month = '1', day = '1'] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''}`;
}

/** The policy that applies to a line: its category's own, else the shop's default. */
const policyOf = (line: q.ReturnableLine, shopDefault: ReturnPolicy): ReturnPolicy => line.policy ?? shopDefault;

type Window = { lastDay: string | null; closedReason: string | null };

/**
 * Whether a request can be made today for a line delivered at `deliveredAt`: the delivery day on
 * the shop's clock plus the policy's days is the last day a request is taken (delivered 20 Nov,
 * 7 days: through 27 Nov; on 28 Nov, the 8th day after, it is refused).
 */
export function returnWindow(policy: ReturnPolicy, categoryLabel: string, deliveredAt: string | null, now: Date, timeZone: string): Window {
  if (policy.windowDays === 0) return { lastDay: null, closedReason: `${categoryLabel} cannot be returned: this shop takes no returns for them.` };
  if (deliveredAt === null) return { lastDay: null, closedReason: `Returns open once this item is delivered (${returnPolicyText(policy)}).` };
  const delivered = localDate(new Date(deliveredAt), timeZone);
  const lastDay = addDays(delivered, policy.windowDays);
  if (localDate(now, timeZone) > lastDay) {
    return {
      lastDay,
      closedReason: `Returns for ${categoryLabel} close ${policy.windowDays} ${policy.windowDays === 1 ? 'day' : 'days'} after delivery (delivered ${shortDate(delivered)})`,
    };
  }
  return { lastDay, closedReason: null };
}

function parsePhotos(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toShopperReturn(row: ReturnRow, events: Map<string, { status: string; at: string; note: string | null }[]>): ShopperReturn {
  return {
    id: row.id,
    orderId: row.order_id,
    itemId: row.order_item_id,
    unit: Number(row.unit_index),
    deliveredNumber: row.delivered_number,
    reason: row.reason,
    description: row.description,
    photos: parsePhotos(row.photos),
    resolution: row.resolution,
    status: row.status,
    ownerMessage: row.owner_message,
    pickup: row.pickup_courier && row.pickup_awb ? { courierName: row.pickup_courier, awb: row.pickup_awb } : null,
    requestedAt: row.requested_at,
    timeline: events.get(row.id) ?? [],
  };
}

/** Every category's policy as shoppers see it (/policies and the product page). */
export async function returnPolicies(deps: Deps): Promise<ReturnPolicies> {
  const settings = await loadSettings(deps.db, deps);
  const shopDefault = settings.returnPolicy;
  const categories = await q.listCategoryPolicies(deps.db);
  return {
    shopDefault: { policy: shopDefault, text: returnPolicyText(shopDefault) },
    categories: categories.map((c) => {
      const policy = c.policy ?? shopDefault;
      return { value: c.value, label: c.label, policy, text: returnPolicyText(policy), own: c.policy !== null };
    }),
  };
}

/** The shopper's order page: for each of their orders, each line's policy, window and units with their requests. */
export async function myReturns(deps: Deps, userId: string): Promise<MyReturns> {
  const orderIds = await orders.orderIdsOfUser(deps.db, userId);
  const settings = await loadSettings(deps.db, deps);
  const now = deps.clock();
  const [delivered, numbers, requests] = await Promise.all([q.deliveredAtOf(deps.db, orderIds), q.unitNumbersOf(deps.db, orderIds), q.returnsOfOrders(deps.db, orderIds)]);
  const events = await q.eventsOf(
    deps.db,
    requests.map((r) => r.id),
  );
  const result: MyReturns = {};
  for (const orderId of orderIds) {
    const deliveredAt = delivered.get(orderId) ?? null;
    // Only delivered orders have returns to show (or ones with a request already).
    if (deliveredAt === null && !requests.some((r) => r.order_id === orderId)) continue;
    const order = await orders.findOrderRecord(deps.db, orderId);
    if (!order) continue;
    const lines = await q.listReturnableLines(deps.db, orderId);
    result[orderId] = lines.map((line): ReturnLine => {
      const policy = policyOf(line, settings.returnPolicy);
      const window = returnWindow(policy, line.categoryLabel ?? 'this item', deliveredAt, now, settings.timeZone);
      const open = requests.filter((r) => r.order_item_id === line.itemId);
      return {
        itemId: line.itemId,
        policyText: returnPolicyText(policy),
        closedReason: window.closedReason,
        lastDay: window.lastDay,
        reasons: policy.reasons,
        resolutions: resolutionsOffered(policy),
        photosRequired: policy.photosRequired,
        payoutNeeded: order.provider === 'cod' && policy.resolutions !== 'replacement',
        units: Array.from({ length: line.quantity }, (_, unit) => {
          // The latest request for the unit (an earlier one may have been cancelled or rejected).
          const request = open.filter((r) => Number(r.unit_index) === unit).at(-1);
          return { unit, number: numbers.get(`${line.itemId}:${unit}`)?.value ?? null, request: request ? toShopperReturn(request, events) : null };
        }),
      };
    });
  }
  return result;
}

/** Stores a return photo through the image pipeline (decoded for real: not an image, 400). Returns its URL. */
export async function uploadReturnPhoto(deps: Deps, dataUrl: string): Promise<{ url: string }> {
  const stored = await storeProductImage(deps.images, decodeImageDataUrl(dataUrl));
  return { url: stored.url };
}

type ReturnContext = { orderNumber: string; email: string; customerName: string; itemName: string };

async function contextOf(db: DB, row: Pick<ReturnRow, 'order_id' | 'order_item_id' | 'unit_index'>): Promise<ReturnContext> {
  const order = await orders.findOrderRecord(db, row.order_id);
  const line = (await q.listReturnableLines(db, row.order_id)).find((l) => l.itemId === row.order_item_id);
  const label = line ? (line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name) : 'an item';
  const itemName = line && line.quantity > 1 ? `${label}, unit ${Number(row.unit_index) + 1} of ${line.quantity}` : label;
  return { orderNumber: order?.orderNumber ?? row.order_id, email: order?.email ?? '', customerName: order?.deliveryAddress?.name ?? 'there', itemName };
}

/** The timeline step, the audit entry and the shopper's mail of one transition, in its transaction. */
async function record(
  trx: DB,
  deps: Deps,
  row: Pick<ReturnRow, 'id' | 'order_id' | 'order_item_id' | 'unit_index'>,
  step: {
    from: ReturnStatus | null;
    status: ReturnNotice['status'] | 'resolved';
    note: string | null;
    actorId: string | null;
    now: string;
    pickup?: { courierName: string; awb: string } | null;
    mail: boolean;
  },
): Promise<void> {
  const context = await contextOf(trx, row);
  await q.addReturnEvent(trx, { returnId: row.id, status: step.status, at: step.now, actorId: step.actorId, note: step.note });
  await writeAudit(trx, {
    at: step.now,
    actorId: step.actorId,
    action: 'return.update',
    detail: { returnId: row.id, orderId: row.order_id, orderNumber: context.orderNumber, item: context.itemName, from: step.from, status: step.status, note: step.note },
  });
  if (step.mail && step.status !== 'resolved' && context.email) {
    const mail = returnStatusMail(await brandOf(trx, deps), {
      customerName: context.customerName,
      orderNumber: context.orderNumber,
      itemName: context.itemName,
      status: step.status,
      message: step.note,
      pickup: step.pickup ?? null,
    });
    await enqueueMail(trx, deps, `return-${step.status}`, context.email, mail);
  }
}

type RequestInput = z.output<typeof RequestReturnInputSchema>;

/**
 * A shopper asks to return one unit of a delivered line. Refused (409 INVALID_TRANSITION, with
 * the reason) outside the window or for a category without returns; 400 BAD_INPUT for a reason or
 * resolution the policy does not offer, missing photos where required, or a COD refund without
 * its payout details; 409 CONFLICT when the unit already has an open request.
 */
export async function requestReturn(deps: Deps, input: RequestInput, userId: string): Promise<ShopperReturn> {
  const settings = await loadSettings(deps.db, deps);
  const id = newId();
  for (const url of input.photos) {
    if (!(await deps.images.has(url.slice('/images/'.length))))
      throw new AppError('BAD_INPUT', 'photos: a photo was not uploaded here: upload it again', { fieldErrors: { photos: 'upload the photo again' } });
  }
  try {
    await transaction(
      deps.db,
      async (trx) => {
        const now = deps.clock();
        const order = await orders.findOrderRecord(trx, input.orderId);
        if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
        const line = (await q.listReturnableLines(trx, order.id)).find((l) => l.itemId === input.itemId);
        if (!line) throw new AppError('BAD_INPUT', 'itemId: not a line of this order', { fieldErrors: { itemId: 'not a line of this order' } });
        if (input.unit >= line.quantity)
          throw new AppError('BAD_INPUT', `unit: this line has ${line.quantity} unit(s)`, { fieldErrors: { unit: `this line has ${line.quantity} unit(s)` } });
        const policy = policyOf(line, settings.returnPolicy);
        const deliveredAt = (await q.deliveredAtOf(trx, [order.id])).get(order.id) ?? null;
        const window = returnWindow(policy, line.categoryLabel ?? 'this item', deliveredAt, now, settings.timeZone);
        if (window.closedReason) throw new AppError('INVALID_TRANSITION', window.closedReason);
        if (!policy.reasons.includes(input.reason)) {
          const message = `reason: “${RETURN_REASON_LABELS[input.reason]}” is not a reason this item can be returned for`;
          throw new AppError('BAD_INPUT', message, { fieldErrors: { reason: message } });
        }
        if (!resolutionsOffered(policy).includes(input.resolution)) {
          const message = `resolution: this item is offered ${returnPolicyText(policy)} only`;
          throw new AppError('BAD_INPUT', message, { fieldErrors: { resolution: message } });
        }
        if (policy.photosRequired && input.photos.length === 0) {
          throw new AppError('BAD_INPUT', 'photos: add at least one photo of the item and its box', { fieldErrors: { photos: 'add at least one photo of the item and its box' } });
        }
        const payoutNeeded = order.provider === 'cod' && input.resolution === 'refund';
        if (payoutNeeded && !input.payout) {
          throw new AppError('BAD_INPUT', 'payout: a cash-on-delivery order is refunded to a UPI id or bank account: give one', {
            fieldErrors: { payout: 'give a UPI id or a bank account for the refund' },
          });
        }
        const number = (await q.unitNumbersOf(trx, [order.id])).get(`${line.itemId}:${input.unit}`) ?? null;
        const at = now.toISOString();
        await q.insertReturn(trx, {
          id,
          order_id: order.id,
          order_item_id: line.itemId,
          unit_index: input.unit,
          shipment_unit_id: number?.id ?? null,
          delivered_number: number?.value ?? null,
          user_id: userId,
          reason: input.reason,
          description: input.description,
          photos: JSON.stringify(input.photos),
          resolution: input.resolution,
          payout: payoutNeeded && input.payout ? JSON.stringify(input.payout) : null,
          status: 'requested',
          owner_message: null,
          pickup_courier: null,
          pickup_awb: null,
          received_number: null,
          number_matches: null,
          resolve_note: null,
          condition: null,
          requested_at: at,
          decided_at: null,
          pickup_scheduled_at: null,
          picked_up_at: null,
          received_at: null,
          resolved_at: null,
          cancelled_at: null,
          updated_at: at,
        });
        await record(
          trx,
          deps,
          { id, order_id: order.id, order_item_id: line.itemId, unit_index: input.unit },
          { from: null, status: 'requested', note: null, actorId: userId, now: at, mail: true },
        );
      },
      { locks: [`order:${input.orderId}`] },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This unit already has a return request open.');
    throw error;
  }
  return shopperReturn(deps.db, id);
}

async function shopperReturn(db: DB, id: string): Promise<ShopperReturn> {
  const row = await q.findReturn(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Return request not found');
  return toShopperReturn(row, await q.eventsOf(db, [id]));
}

const conflict = (row: ReturnRow | null, wanted: string) =>
  new AppError('INVALID_TRANSITION', row ? `This return is ${row.status.replaceAll('-', ' ')}: it cannot be ${wanted} now.` : 'Return request not found');

/**
 * Runs one transition of a request: in a transaction holding the request's lock, the status is
 * moved from `from` only (compare-and-set); a request in another status, or one moved by someone
 * else first, is a 409 naming its status.
 */
async function transition(deps: Deps, returnId: string, work: (trx: DB, row: ReturnRow, now: string) => Promise<void>, opts: { userId?: string } = {}): Promise<void> {
  await transaction(
    deps.db,
    async (trx) => {
      const row = await q.findReturn(trx, returnId);
      if (!row || (opts.userId !== undefined && row.user_id !== opts.userId)) throw new AppError('NOT_FOUND', 'Return request not found');
      await work(trx, row, deps.clock().toISOString());
    },
    { locks: [`return:${returnId}`] },
  );
}

async function move(trx: DB, row: ReturnRow, from: readonly ReturnStatus[], wanted: string, set: Parameters<typeof q.moveReturn>[3]): Promise<void> {
  if (!from.includes(row.status) || !(await q.moveReturn(trx, row.id, from, set))) throw conflict(await q.findReturn(trx, row.id), wanted);
}

/** The shopper cancels their request while it is requested or approved. */
export async function cancelReturn(deps: Deps, returnId: string, userId: string): Promise<ShopperReturn> {
  await transition(
    deps,
    returnId,
    async (trx, row, now) => {
      await move(trx, row, ['requested', 'approved'], 'cancelled', { status: 'cancelled', cancelled_at: now, updated_at: now });
      await record(trx, deps, row, { from: row.status, status: 'cancelled', note: null, actorId: userId, now, mail: true });
    },
    { userId },
  );
  return shopperReturn(deps.db, returnId);
}

/** The owner approves or rejects (with a message) a request (ADMIN). */
export async function decideReturn(deps: Deps, input: z.output<typeof DecideReturnInputSchema>, actorId: string): Promise<AdminReturn> {
  const status = input.decision === 'approve' ? 'approved' : 'rejected';
  await transition(deps, input.returnId, async (trx, row, now) => {
    await move(trx, row, ['requested'], status, { status, owner_message: input.message || null, decided_at: now, updated_at: now });
    await record(trx, deps, row, { from: row.status, status, note: input.message || null, actorId, now, mail: true });
  });
  return adminReturn(deps, input.returnId);
}

/** The pickup is booked by hand with a courier: its name and AWB (ADMIN). */
export async function scheduleReturnPickup(deps: Deps, input: z.output<typeof ScheduleReturnPickupInputSchema>, actorId: string): Promise<AdminReturn> {
  await transition(deps, input.returnId, async (trx, row, now) => {
    await move(trx, row, ['approved'], 'scheduled for pickup', {
      status: 'pickup-scheduled',
      pickup_courier: input.courierName,
      pickup_awb: input.awb,
      pickup_scheduled_at: now,
      updated_at: now,
    });
    const pickup = { courierName: input.courierName, awb: input.awb };
    await record(trx, deps, row, { from: row.status, status: 'pickup-scheduled', note: `${input.courierName}, AWB ${input.awb}`, actorId, now, pickup, mail: true });
  });
  return adminReturn(deps, input.returnId);
}

/** The courier has the unit (ADMIN). */
export async function markReturnPickedUp(deps: Deps, returnId: string, actorId: string): Promise<AdminReturn> {
  await transition(deps, returnId, async (trx, row, now) => {
    await move(trx, row, ['pickup-scheduled'], 'marked picked up', { status: 'picked-up', picked_up_at: now, updated_at: now });
    await record(trx, deps, row, { from: row.status, status: 'picked-up', note: null, actorId, now, mail: true });
  });
  return adminReturn(deps, returnId);
}

const normalise = (number: string) => number.replace(/[\s-]/g, '').toUpperCase();

/** Takes the unit back: resaleable, one more of its variant on sale (a 'return' stock movement); either way its numbers are released. */
async function takeBack(trx: DB, row: ReturnRow, condition: 'resaleable' | 'damaged', actorId: string, now: string): Promise<void> {
  if (condition === 'resaleable') {
    const line = (await q.listReturnableLines(trx, row.order_id)).find((l) => l.itemId === row.order_item_id);
    if (line?.variantId) await putBackStock(trx, line.variantId, 1, { reason: 'return', at: now, orderId: row.order_id, actorId, note: `Return ${row.id}` });
  }
  await q.releaseUnitNumbers(trx, row.order_item_id, Number(row.unit_index), now);
}

/**
 * The unit is at the shop: the serial or IMEI scanned must be the unit's delivered (any of a
 * dual-SIM phone's two IMEIs). A match takes it back by its condition; a mismatch is recorded,
 * flagged and holds the request (no stock, no release) until the owner resolves it (ADMIN).
 */
export async function receiveReturn(deps: Deps, input: z.output<typeof ReceiveReturnInputSchema>, actorId: string): Promise<AdminReturn> {
  await transition(deps, input.returnId, async (trx, row, now) => {
    let matches: boolean | null = null;
    if (row.delivered_number !== null) {
      if (input.number === '')
        throw new AppError('BAD_INPUT', 'number: scan or type the serial or IMEI of the unit that came back', { fieldErrors: { number: 'scan or type its serial or IMEI' } });
      const delivered = new Set([row.delivered_number, ...(await q.numbersOfUnit(trx, row.shipment_unit_id))].map(normalise));
      matches = delivered.has(normalise(input.number));
    }
    await move(trx, row, ['picked-up'], 'received', {
      status: 'received',
      received_number: input.number || null,
      number_matches: matches === null ? null : matches ? 1 : 0,
      held: matches === false ? 1 : 0,
      condition: input.condition,
      received_at: now,
      updated_at: now,
    });
    if (matches !== false) await takeBack(trx, row, input.condition, actorId, now);
    const note =
      matches === false
        ? `Serial/IMEI mismatch: scanned ${input.number}, delivered ${row.delivered_number ?? '?'}; held for the owner (${input.condition})`
        : `${input.number ? `${input.number} matches; ` : ''}${input.condition}`;
    await record(trx, deps, row, { from: row.status, status: 'received', note, actorId, now, mail: true });
  });
  return adminReturn(deps, input.returnId);
}

/** The owner's decision on a request held by a mismatched number: accept (the condition applies) or refuse, with a note (ADMIN). */
export async function resolveReturn(deps: Deps, input: z.output<typeof ResolveReturnInputSchema>, actorId: string): Promise<AdminReturn> {
  await transition(deps, input.returnId, async (trx, row, now) => {
    if (row.status !== 'received' || Number(row.held) !== 1) throw new AppError('INVALID_TRANSITION', 'Only a return held by a serial/IMEI mismatch is resolved.');
    const result = await trx
      .updateTable('return_requests')
      .set({ held: 0, resolve_note: `${input.decision === 'accept' ? 'Accepted' : 'Refused'}: ${input.note}`, resolved_at: now, updated_at: now })
      .where('id', '=', row.id)
      .where('held', '=', 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('INVALID_TRANSITION', 'This return was just resolved by someone else.');
    if (input.decision === 'accept') await takeBack(trx, row, row.condition ?? 'damaged', actorId, now);
    await record(trx, deps, row, {
      from: row.status,
      status: 'resolved',
      note: `${input.decision === 'accept' ? 'Accepted' : 'Refused'}: ${input.note}`,
      actorId,
      now,
      mail: false,
    });
  });
  return adminReturn(deps, input.returnId);
}

function toAdminReturn(row: q.QueueRow, events: Map<string, { status: string; at: string; note: string | null }[]>): AdminReturn {
  let payoutMasked: string | null = null;
  if (row.payout) {
    try {
      const parsed = ReturnPayoutSchema.safeParse(JSON.parse(row.payout));
      payoutMasked = parsed.success ? maskPayout(parsed.data) : 'details on record';
    } catch {
      payoutMasked = 'details on record';
    }
  }
  return {
    ...toShopperReturn(row, events),
    orderNumber: row.orderNumber,
    itemName: row.itemName,
    variantLabel: row.variantLabel,
    customerEmail: row.email,
    payoutMasked,
    receivedNumber: row.received_number,
    numberMatches: row.number_matches === null ? null : Number(row.number_matches) === 1,
    held: Number(row.held) === 1,
    resolveNote: row.resolve_note,
    condition: row.condition,
    quantity: row.quantity,
  };
}

/** The owner's queue: open requests (those held by a mismatch too) or all, optionally of one reason (ADMIN). */
export async function adminReturns(deps: Deps, input: z.output<typeof AdminReturnsInputSchema>): Promise<AdminReturn[]> {
  const rows = await q.listQueue(deps.db, { open: input.show === 'open', reason: input.reason, limit: 200 });
  const events = await q.eventsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAdminReturn(r, events));
}

async function adminReturn(deps: Deps, id: string): Promise<AdminReturn> {
  const row = (await q.listQueue(deps.db, { open: false, limit: 1, id })).at(0);
  if (!row) throw new AppError('NOT_FOUND', 'Return request not found');
  return toAdminReturn(row, await q.eventsOf(deps.db, [id]));
}
