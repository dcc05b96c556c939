import { AppError } from '../../errors';
import { newId, nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { changedFields, writeAudit } from '../../audit/audit';
import { loadSettings } from '../../settings/shop-settings';
import { formatINR } from '../../../shared/money';
import { stateOfPin } from '../../../shared/pin-zones';
import { priceCart, taxLines, type CartLineInput, type PriceCartInput } from '../../../shared/offers';
import { BuyXGetYSchema, CouponSchema, OFFER_NAME_MAX, PrepaidDiscountSchema, SalePriceSchema } from '../../../shared/schemas/offers';
import type { AdminOffer, OfferFields, OfferPreview, OfferStatus, OfferUsage } from '../../../shared/schemas/offers-admin';
import type { z } from 'zod';
import type { OfferListInputSchema, OfferPreviewInputSchema } from '../../../shared/schemas/offers-admin';
import * as q from './offers.queries';
import { loadAutomaticOffers, loadCoupon } from './pricing.service';

/**
 * The owner's offers (issue 30): create, edit, pause, duplicate and list coupons, sale prices,
 * buy X get Y and the prepaid discount, with what each brought in, and preview what a cart gets.
 * Each change is one transaction with its audit entry. Every time is read from the shop's clock
 * (deps.clock), so the list's statuses and the preview follow it.
 */

const NO_USAGE: OfferUsage = { orders: 0, discountPaise: 0, revenuePaise: 0 };

/** A row's definition, parsed by its kind's schema (the row's paused kept on a coupon). */
function fieldsOf(row: q.OfferRow): OfferFields {
  const json: unknown = JSON.parse(row.definition);
  switch (row.kind) {
    case 'coupon':
      return { kind: 'coupon', name: row.name, definition: CouponSchema.parse({ ...(json as object), paused: row.paused === 1 }) };
    case 'sale-price':
      return { kind: 'sale-price', name: row.name, definition: SalePriceSchema.parse(json) };
    case 'buy-x-get-y':
      return { kind: 'buy-x-get-y', name: row.name, definition: BuyXGetYSchema.parse(json) };
    case 'prepaid':
      return { kind: 'prepaid', name: row.name, definition: PrepaidDiscountSchema.parse(json) };
  }
}

/** Where an offer stands at `now`: paused wins; else scheduled before its start, ended from its end, live between. */
export function offerStatus(row: Pick<q.OfferRow, 'paused' | 'valid_from' | 'valid_to'>, now: string): OfferStatus {
  if (row.paused === 1) return 'paused';
  if (row.valid_from !== null && now < row.valid_from) return 'scheduled';
  if (row.valid_to !== null && now >= row.valid_to) return 'ended';
  return 'live';
}

function toAdminOffer(row: q.OfferRow, now: string, usage: OfferUsage, product: AdminOffer['product']): AdminOffer {
  return {
    ...fieldsOf(row),
    _id: row.id,
    code: row.code,
    paused: row.paused === 1,
    status: offerStatus(row, now),
    validFrom: row.valid_from,
    validTo: row.valid_to,
    usesCount: Number(row.uses_count),
    usesLimit: row.uses_limit === null ? null : Number(row.uses_limit),
    usage,
    product,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function describeRows(deps: Pick<Deps, 'db' | 'clock'>, rows: q.OfferRow[]): Promise<AdminOffer[]> {
  const now = nowIso(deps.clock);
  const usage = await q.offerUsage(deps.db);
  const sales = rows.filter((row) => row.kind === 'sale-price');
  const targets = await q.saleTargets(
    deps.db,
    sales.flatMap((row) => (row.variant_id ? [row.variant_id] : [])),
    sales.flatMap((row) => (row.product_id ? [row.product_id] : [])),
  );
  return rows.map((row) => {
    const options = row.variant_id ? targets.variants.get(row.variant_id) : undefined;
    const product =
      row.kind === 'sale-price' && row.product_id
        ? { name: targets.products.get(row.product_id) ?? 'A product no longer in the catalogue', variantLabel: options && options.length > 0 ? options.join(', ') : null }
        : null;
    return toAdminOffer(row, now, usage.get(row.id) ?? NO_USAGE, product);
  });
}

export async function listOffers(deps: Pick<Deps, 'db' | 'clock'>, filter: z.output<typeof OfferListInputSchema>): Promise<AdminOffer[]> {
  const offers = await describeRows(deps, await q.listOfferRows(deps.db, filter?.kind));
  return filter?.status ? offers.filter((offer) => offer.status === filter.status) : offers;
}

export async function getOffer(deps: Pick<Deps, 'db' | 'clock'>, offerId: string): Promise<AdminOffer> {
  const row = await q.findOfferRow(deps.db, offerId);
  if (!row) throw new AppError('NOT_FOUND', 'That offer no longer exists.');
  const [offer] = await describeRows(deps, [row]);
  return offer!;
}

/** The definition as stored (with the offer's id) and the columns mirrored from it. */
function columnsOf(fields: OfferFields, id: string, paused: boolean): q.OfferColumns {
  const base = { kind: fields.kind, name: fields.name, code: null, productId: null, variantId: null, usesLimit: null, paused };
  switch (fields.kind) {
    case 'coupon': {
      const definition = { ...fields.definition, id, paused };
      return {
        ...base,
        code: definition.code,
        definition: JSON.stringify(definition),
        validFrom: definition.validFrom,
        validTo: definition.validTo,
        usesLimit: definition.totalUses,
      };
    }
    case 'sale-price': {
      const definition = { ...fields.definition, id };
      return {
        ...base,
        productId: definition.productId,
        variantId: definition.variantId,
        definition: JSON.stringify(definition),
        validFrom: definition.from,
        validTo: definition.to,
      };
    }
    case 'buy-x-get-y': {
      const definition = { ...fields.definition, id, name: fields.name };
      return { ...base, definition: JSON.stringify(definition), validFrom: definition.from, validTo: definition.to };
    }
    case 'prepaid': {
      const definition = { ...fields.definition, id };
      return { ...base, definition: JSON.stringify(definition), validFrom: definition.from, validTo: definition.to };
    }
  }
}

const taken = (code: string) => new AppError('CONFLICT', `${code} is already a coupon`, { fieldErrors: { 'definition.code': `${code} is already a coupon: choose another code` } });

/** SQLite's or PostgreSQL's unique index refusal (two owners saving one code at once). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The checks the schemas cannot make: a free code, a sale price on a variant of its product below its selling price. */
async function checkFields(db: Deps['db'], fields: OfferFields, exceptId: string | null): Promise<void> {
  if (fields.kind === 'coupon' && (await q.codeTaken(db, fields.definition.code, exceptId))) throw taken(fields.definition.code);
  if (fields.kind !== 'sale-price') return;
  const sale = fields.definition;
  const { productFound, variants } = await q.productVariantPrices(db, sale.productId);
  if (!productFound)
    throw new AppError('BAD_INPUT', 'productId: no such product in the catalogue', { fieldErrors: { 'definition.productId': 'no such product in the catalogue' } });
  const targets = sale.variantId === null ? variants : variants.filter((v) => v.id === sale.variantId);
  if (targets.length === 0) {
    throw new AppError('BAD_INPUT', 'variantId: no such variant of this product', { fieldErrors: { 'definition.variantId': 'no such variant of this product' } });
  }
  const lowest = Math.min(...targets.map((v) => v.sellingPrice));
  if (sale.pricePaise >= lowest) {
    const message = `pricePaise must be below the selling price ${formatINR(lowest)}`;
    throw new AppError('BAD_INPUT', message, { fieldErrors: { 'definition.pricePaise': message } });
  }
}

/** The fields an audit entry compares: the name and each of the definition's fields. */
function auditable(fields: OfferFields): Record<string, unknown> {
  const { id: _id, ...definition } = fields.definition as { id: string } & Record<string, unknown>;
  return { name: fields.name, ...definition };
}

export async function createOffer(deps: Pick<Deps, 'db' | 'clock'>, fields: OfferFields, actorId: string | null = null): Promise<AdminOffer> {
  const id = newId();
  const at = nowIso(deps.clock);
  const paused = fields.kind === 'coupon' ? fields.definition.paused : false;
  try {
    await transaction(deps.db, async (trx) => {
      await checkFields(trx, fields, null);
      await q.insertOffer(trx, { ...columnsOf(fields, id, paused), id, at });
      await writeAudit(trx, { at, actorId, action: 'offer.create', detail: { offerId: id, kind: fields.kind, name: fields.name, ...auditable(fields) } });
    });
  } catch (error) {
    if (fields.kind === 'coupon' && isUniqueViolation(error)) throw taken(fields.definition.code);
    throw error;
  }
  return getOffer(deps, id);
}

export async function updateOffer(deps: Pick<Deps, 'db' | 'clock'>, input: OfferFields & { offerId: string }, actorId: string | null = null): Promise<AdminOffer> {
  const { offerId, ...fields } = input;
  const at = nowIso(deps.clock);
  try {
    await transaction(deps.db, async (trx) => {
      const row = await q.findOfferRow(trx, offerId);
      if (!row) throw new AppError('NOT_FOUND', 'That offer no longer exists.');
      if (row.kind !== fields.kind)
        throw new AppError('BAD_INPUT', `kind: this offer is a ${row.kind} and stays one`, { fieldErrors: { kind: `this offer is a ${row.kind} and stays one` } });
      await checkFields(trx, fields, offerId);
      const next = fields;
      const paused = next.kind === 'coupon' ? next.definition.paused : row.paused === 1;
      if (next.kind === 'coupon' && next.definition.totalUses !== null && next.definition.totalUses < Number(row.uses_count)) {
        const message = `totalUses cannot go below the ${Number(row.uses_count)} uses already taken`;
        throw new AppError('BAD_INPUT', message, { fieldErrors: { 'definition.totalUses': message } });
      }
      const before = auditable(fieldsOf(row));
      const after = auditable(next);
      await q.updateOffer(trx, offerId, { ...columnsOf(next, offerId, paused), at });
      const changes = changedFields(before, after, [...new Set([...Object.keys(before), ...Object.keys(after)])]);
      if (changes.length > 0) await writeAudit(trx, { at, actorId, action: 'offer.update', detail: { offerId, kind: row.kind, name: next.name, changes } });
    });
  } catch (error) {
    if (input.kind === 'coupon' && isUniqueViolation(error)) throw taken(input.definition.code);
    throw error;
  }
  return getOffer(deps, offerId);
}

export async function setOfferPaused(deps: Pick<Deps, 'db' | 'clock'>, offerId: string, paused: boolean, actorId: string | null = null): Promise<AdminOffer> {
  const at = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const row = await q.findOfferRow(trx, offerId);
    if (!row) throw new AppError('NOT_FOUND', 'That offer no longer exists.');
    if ((row.paused === 1) === paused) return;
    const fields = fieldsOf(row);
    await q.updateOffer(trx, offerId, { ...columnsOf(fields, offerId, paused), usesLimit: row.uses_limit, at });
    await writeAudit(trx, { at, actorId, action: paused ? 'offer.pause' : 'offer.resume', detail: { offerId, kind: row.kind, name: row.name, code: row.code } });
  });
  return getOffer(deps, offerId);
}

/** The coupon code a copy gets: SAVE1000-2, -3, … (the base shortened to keep 20 characters), the first no coupon has. */
async function freeCopyCode(db: Deps['db'], code: string): Promise<string> {
  const base = code.replace(/-\d+$/, '');
  for (let n = 2; n < 10_000; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 20 - suffix.length)}${suffix}`;
    if (!(await q.codeTaken(db, candidate))) return candidate;
  }
  throw new AppError('CONFLICT', `No free code is left for a copy of ${code}`);
}

/** A copy of an offer, paused, named "… (copy)"; a coupon's copy gets the next free code and no uses. */
export async function duplicateOffer(deps: Pick<Deps, 'db' | 'clock'>, offerId: string, actorId: string | null = null): Promise<AdminOffer> {
  const id = newId();
  const at = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const row = await q.findOfferRow(trx, offerId);
    if (!row) throw new AppError('NOT_FOUND', 'That offer no longer exists.');
    const original = fieldsOf(row);
    const suffix = ' (copy)';
    const name = `${original.name.slice(0, OFFER_NAME_MAX - suffix.length)}${suffix}`;
    const copy: OfferFields =
      original.kind === 'coupon'
        ? { kind: 'coupon', name, definition: { ...original.definition, code: await freeCopyCode(trx, original.definition.code), paused: true } }
        : { ...original, name };
    await q.insertOffer(trx, { ...columnsOf(copy, id, true), id, at });
    await writeAudit(trx, {
      at,
      actorId,
      action: 'offer.duplicate',
      detail: { offerId: id, from: offerId, kind: row.kind, name, code: copy.kind === 'coupon' ? copy.definition.code : null },
    });
  });
  return getOffer(deps, id);
}

/**
 * What a cart gets, priced by the engine as checkout prices it: the database's prices, the
 * offers not paused (live at `at`, or now), the coupon by its code as a shopper with no orders
 * would use it, delivery at the standard fee (free from the owner's threshold, measured on the
 * lines after their discounts), GST per line after its discount (intra-state unless the PIN is
 * in another state than the seller's).
 */
export async function previewCart(deps: Pick<Deps, 'db' | 'clock' | 'env' | 'log'>, input: z.output<typeof OfferPreviewInputSchema>): Promise<OfferPreview> {
  const now = input.at ?? nowIso(deps.clock);
  const variants = await q.previewVariants(
    deps.db,
    input.lines.map((line) => line.variantId),
  );
  const seen = new Set<string>();
  const lines: CartLineInput[] = input.lines.map((line, i) => {
    const variant = variants.get(line.variantId);
    if (!variant) throw new AppError('BAD_INPUT', `lines.${i}.variantId: no such product for sale`, { fieldErrors: { [`lines.${i}.variantId`]: 'no such product for sale' } });
    if (seen.has(line.variantId)) {
      throw new AppError('BAD_INPUT', `lines.${i}.variantId: this product is in the cart already`, {
        fieldErrors: { [`lines.${i}.variantId`]: 'this product is in the cart already' },
      });
    }
    seen.add(line.variantId);
    return {
      key: line.variantId,
      productId: variant.productId,
      variantId: variant.variantId,
      category: variant.category,
      brand: variant.brand,
      listUnitPrice: variant.sellingPrice,
      quantity: line.quantity,
      gstRateBp: variant.gstRateBp,
    };
  });

  // The same readers as the shopper's cart, as a shopper with no orders (first order only passes, no uses of their own).
  const offers = await loadAutomaticOffers(
    deps.db,
    now,
    lines.map((line) => line.productId),
  );
  const names = new Map<string, string>((await q.listOfferRows(deps.db)).map((row) => [row.id, row.name]));
  const code = input.couponCode && input.couponCode !== '' ? input.couponCode : null;
  const coupon: PriceCartInput['coupon'] = code === null ? null : await loadCoupon(deps.db, code, null);

  const settings = await loadSettings(deps.db, deps);
  const price = (deliveryAmount: number) =>
    priceCart({ now, lines, offers, couponCode: code, coupon, payment: input.payment, delivery: { amount: deliveryAmount, rateBp: settings.tax.shippingRateBp } });
  let priced = price(settings.shipping.standardPaise);
  const goods = priced.lines.reduce((sum, line) => sum + line.net, 0);
  if (settings.shipping.freeAbovePaise !== null && goods >= settings.shipping.freeAbovePaise) priced = price(0);

  const sellerState = settings.seller?.address.stateCode ?? null;
  const shopperState = input.pin ? stateOfPin(input.pin) : null;
  const intraState = sellerState === null || shopperState === null || sellerState === shopperState;
  const taxed = taxLines(priced, intraState);

  return {
    at: now,
    intraState,
    lines: priced.lines.map((line, i) => {
      const variant = variants.get(line.variantId ?? '')!;
      return {
        ...line,
        name: variant.name,
        variantLabel: variant.optionValues.length > 0 ? variant.optionValues.join(', ') : null,
        discountNames: line.discounts.map((d) => ({ offerId: d.offerId, name: names.get(d.offerId) ?? d.kind, amount: d.amount })),
        tax: taxed.lines[i]!,
      };
    }),
    coupon: priced.coupon,
    prepaid: priced.prepaid,
    delivery: { ...priced.delivery, tax: taxed.delivery },
    totals: { ...priced.totals, taxable: taxed.totals.taxable, cgst: taxed.totals.cgst, sgst: taxed.totals.sgst, igst: taxed.totals.igst },
  };
}
