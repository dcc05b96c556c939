import type { BuyXGetY, Coupon, OfferScope, PrepaidDiscount, SalePrice } from '../schemas/offers';
import { formatINR } from '../money';
import { allocate, assertBasisPoints, assertPaise, percentOf } from './allocate';
import { instantMs, isLive, istDayLabel } from './time';

/**
 * The offers engine (issue 30): one pure function that prices a cart, used by checkout, payment
 * settlement, invoices, credit notes, the owner's preview and the shopper's cart alike, so every
 * figure comes from one place. No database, no clock, no I/O: the caller passes `now` and the
 * offers it read. Rules, in order:
 *
 * 1. Sale price: a line's unit price is the lowest live sale price below its list price.
 * 2. Buy X get Y: on the units left after step 1, each offer in the order given; a unit takes
 *    part in one application of one offer at most (bought or free, never both).
 * 3. Coupon: on its eligible lines' value after steps 1–2 (its minimum measured on that value).
 * 4. Prepaid discount: when paying online, on every line's value after steps 1–3.
 *
 * Every order-level amount is spread over its lines with allocate(), so each line carries its
 * own share (the invoice taxes each line after its discount, CGST Act s.15(3)(a)) and no line's
 * discount passes its value.
 */

export type CartLineInput = {
  /** The caller's id for the line (the cart line's or order item's id); unique in the cart. */
  key: string;
  productId: string;
  variantId: string | null;
  category: string;
  brand: string | null;
  /** The database's selling price of one unit, GST-inclusive paise. */
  listUnitPrice: number;
  quantity: number;
  gstRateBp: number;
};

export type AutomaticOffers = {
  salePrices: readonly SalePrice[];
  buyXGetY: readonly BuyXGetY[];
  prepaid: readonly PrepaidDiscount[];
};

export const NO_OFFERS: AutomaticOffers = { salePrices: [], buyXGetY: [], prepaid: [] };

export type CouponUsage = { totalUsed: number; usedByShopper: number };

export type PriceCartInput = {
  now: string;
  lines: readonly CartLineInput[];
  /** The offers the database holds; the engine picks the ones live at `now`. */
  offers: AutomaticOffers;
  /** The code as the shopper typed it (any case); null: none entered. */
  couponCode: string | null;
  /** What the database knows of it: `definition` null when no coupon has that code. */
  coupon: { definition: Coupon | null; usage: CouponUsage; shopperPaidOrders: number } | null;
  payment: 'online' | 'cod' | null;
  /** The delivery charge (GST-inclusive paise) and its GST rate. */
  delivery: { amount: number; rateBp: number };
};

export type OfferKind = 'buy-x-get-y' | 'coupon' | 'prepaid';

export type LineDiscount = { offerId: string; kind: OfferKind; amount: number };

export type PricedLine = {
  key: string;
  productId: string;
  variantId: string | null;
  category: string;
  brand: string | null;
  quantity: number;
  gstRateBp: number;
  listUnitPrice: number;
  /** The sale price when one is live at `now`, else the list price. */
  unitPrice: number;
  saleOfferId: string | null;
  /** When the sale price ends (the first instant it no longer applies). */
  saleEndsAt: string | null;
  /** unitPrice × quantity. */
  gross: number;
  discounts: LineDiscount[];
  discount: number;
  /** gross − discount: what the line is charged, GST-inclusive. */
  net: number;
};

export type ComboUnits = { key: string; units: number };

export type AppliedOffer = {
  offerId: string;
  kind: OfferKind;
  code?: string;
  /** 'delivery': a free-delivery coupon, whose amount is the delivery charge waived. */
  on: 'lines' | 'delivery';
  amount: number;
  lines: { key: string; amount: number }[];
  /** A buy-X-get-Y's units: which were bought and which were free or discounted, and the owner's cancelling rule. */
  combo?: { applications: number; cancelRule: BuyXGetY['cancelRule']; buy: ComboUnits[]; get: ComboUnits[] };
};

export type CouponRefusal = 'unknown' | 'paused' | 'not-started' | 'expired' | 'used-up' | 'already-used' | 'first-order-only' | 'not-applicable' | 'not-combinable' | 'min-cart';

export type CouponStatus = { code: string; applied: true; saving: number } | { code: string; applied: false; reason: CouponRefusal; message: string };

export type PricedCart = {
  now: string;
  lines: PricedLine[];
  applied: AppliedOffer[];
  coupon: CouponStatus | null;
  /** The live prepaid discount this cart gets when paid online (whatever `payment` is: checkout shows "Save ₹100 by paying online"); null: none. */
  prepaid: { offerId: string; saving: number; applied: boolean } | null;
  delivery: { listAmount: number; amount: number; free: boolean; rateBp: number };
  totals: {
    /** Σ list price × quantity. */
    listTotal: number;
    /** Σ (list − sale price) × quantity. */
    saleSavings: number;
    /** Σ line discounts (buy X get Y, coupon, prepaid); a free-delivery coupon's saving is in `delivery`. */
    discountTotal: number;
    deliveryAmount: number;
    /** listTotal − saleSavings − discountTotal + deliveryAmount = Σ line nets + delivery. */
    total: number;
  };
};

const normal = (text: string) => text.trim().toLowerCase();

function scopeIsEmpty(scope: OfferScope): boolean {
  return scope.categories.length + scope.brands.length + scope.productIds.length + scope.variantIds.length === 0;
}

/** Whether a line is named by the scope (by category, brand, product or variant); an empty scope names nothing. */
function named(scope: OfferScope, line: CartLineInput): boolean {
  return (
    scope.categories.some((c) => normal(c) === normal(line.category)) ||
    (line.brand !== null && scope.brands.some((b) => normal(b) === normal(line.brand!))) ||
    scope.productIds.includes(line.productId) ||
    (line.variantId !== null && scope.variantIds.includes(line.variantId))
  );
}

/** An include scope: empty is everything. */
function included(scope: OfferScope, line: CartLineInput): boolean {
  return scopeIsEmpty(scope) || named(scope, line);
}

function checkInput(input: PriceCartInput): void {
  instantMs('now', input.now);
  const keys = new Set<string>();
  input.lines.forEach((line, i) => {
    if (keys.has(line.key)) throw new RangeError(`lines[${i}].key ${line.key} appears twice`);
    keys.add(line.key);
    assertPaise(`lines[${i}].listUnitPrice`, line.listUnitPrice);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`lines[${i}].quantity must be a whole number, 1 or more`);
    assertPaise(`lines[${i}].gross`, line.listUnitPrice * line.quantity);
    assertBasisPoints(`lines[${i}].gstRateBp`, line.gstRateBp);
  });
  assertPaise('delivery.amount', input.delivery.amount);
  assertBasisPoints('delivery.rateBp', input.delivery.rateBp);
  input.offers.salePrices.forEach((sale, i) => assertPaise(`salePrices[${i}].pricePaise`, sale.pricePaise));
  if (input.coupon) {
    const { usage, shopperPaidOrders } = input.coupon;
    [usage.totalUsed, usage.usedByShopper, shopperPaidOrders].forEach((n) => {
      if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('coupon usage counts must be whole numbers, 0 or more');
    });
  }
}

/** Step 1: the lowest live sale price below the list price (ties: the earlier sale). */
function salePriceOf(line: CartLineInput, sales: readonly SalePrice[], now: string): SalePrice | null {
  let best: SalePrice | null = null;
  for (const sale of sales) {
    const target = sale.variantId !== null ? sale.variantId === line.variantId : sale.productId === line.productId;
    if (!target || !isLive(sale, now) || sale.pricePaise >= line.listUnitPrice) continue;
    if (best === null || sale.pricePaise < best.pricePaise) best = sale;
  }
  return best;
}

type Unit = { line: number; price: number; used: boolean };

/**
 * Step 2, one offer: as many applications as the units left allow, up to the limit. The free
 * (or discounted) units are the cheapest qualifying ones; a unit both scopes name is free only
 * when enough others remain to be bought.
 */
function applyBuyXGetY(offer: BuyXGetY, lines: PricedLine[], inputs: readonly CartLineInput[], units: Unit[]): AppliedOffer | null {
  const inBuy = inputs.map((line) => included(offer.buy.scope, line));
  const inGet = inputs.map((line) => included(offer.get.scope, line));
  const free = units.filter((u) => !u.used);
  const getOnly = free.filter((u) => inGet[u.line] && !inBuy[u.line]).length;
  const buyOnly = free.filter((u) => inBuy[u.line] && !inGet[u.line]).length;
  const both = free.filter((u) => inBuy[u.line] && inGet[u.line]).length;
  const bq = offer.buy.quantity;
  const gq = offer.get.quantity;
  // n applications need n×gq get units and n×bq other buy units: the units only one scope names
  // go first, and those both name fill what is missing on either side.
  const n = Math.min(offer.limitPerOrder, Math.floor((getOnly + both) / gq), Math.floor((buyOnly + both) / bq), Math.floor((getOnly + buyOnly + both) / (gq + bq)));
  if (n === 0) return null;
  // How many units both scopes name may be free, leaving enough of them to be bought.
  let sharedAllowed = both - Math.max(0, n * bq - buyOnly);
  const getUnits: Unit[] = [];
  const candidates = free.filter((u) => inGet[u.line]).sort((a, b) => a.price - b.price || Number(inBuy[a.line]) - Number(inBuy[b.line]) || a.line - b.line);
  for (const unit of candidates) {
    if (getUnits.length === n * gq) break;
    if (inBuy[unit.line]) {
      if (sharedAllowed === 0) continue;
      sharedAllowed--;
    }
    getUnits.push(unit);
  }
  getUnits.forEach((u) => (u.used = true));
  // The bought units: the dearest the buy scope names among the rest.
  const buyUnits = free
    .filter((u) => !u.used && inBuy[u.line])
    .sort((a, b) => b.price - a.price || a.line - b.line)
    .slice(0, n * bq);
  buyUnits.forEach((u) => (u.used = true));

  const countByLine = (list: Unit[]) => {
    const counts = new Map<number, number>();
    for (const u of list) counts.set(u.line, (counts.get(u.line) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0] - b[0]);
  };
  const applied: AppliedOffer = {
    offerId: offer.id,
    kind: 'buy-x-get-y',
    on: 'lines',
    amount: 0,
    lines: [],
    combo: {
      applications: n,
      cancelRule: offer.cancelRule,
      buy: countByLine(buyUnits).map(([line, count]) => ({ key: lines[line]!.key, units: count })),
      get: countByLine(getUnits).map(([line, count]) => ({ key: lines[line]!.key, units: count })),
    },
  };
  for (const [index, count] of countByLine(getUnits)) {
    const line = lines[index]!;
    const amount = Math.min(percentOf(line.unitPrice * count, offer.get.percentOffBp), line.net);
    if (amount === 0) continue;
    addDiscount(line, { offerId: offer.id, kind: 'buy-x-get-y', amount });
    applied.lines.push({ key: line.key, amount });
    applied.amount += amount;
  }
  return applied;
}

function addDiscount(line: PricedLine, discount: LineDiscount): void {
  if (discount.amount > line.net) throw new RangeError(`a discount of ${discount.amount} on line ${line.key} exceeds its value ${line.net}`);
  line.discounts.push(discount);
  line.discount += discount.amount;
  line.net -= discount.amount;
}

/** Spreads an order-level amount over `targets` by their value now, and records it on each line. */
function spread(amount: number, targets: PricedLine[], offerId: string, kind: OfferKind): { key: string; amount: number }[] {
  const shares = allocate(
    amount,
    targets.map((line) => line.net),
  );
  const out: { key: string; amount: number }[] = [];
  targets.forEach((line, i) => {
    const share = shares[i]!;
    if (share === 0) return;
    addDiscount(line, { offerId, kind, amount: share });
    out.push({ key: line.key, amount: share });
  });
  return out;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function refusal(code: string, reason: CouponRefusal, message: string): CouponStatus {
  return { code, applied: false, reason, message };
}

/** The shopper's code as shown back: trimmed, upper-case. */
export function normaliseCouponCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/**
 * Step 3. Checks run in the order a shopper can act on them: whether the code exists and is
 * open to them at all, then whether their cart holds something it covers, then the minimum.
 * A coupon that is not combinable skips lines an automatic offer already discounts (a sale price
 * is the item's price, not a discount: sale-priced lines stay eligible).
 */
function applyCoupon(input: PriceCartInput, lines: PricedLine[], delivery: PricedCart['delivery'], applied: AppliedOffer[]): CouponStatus | null {
  if (input.couponCode === null || input.couponCode.trim() === '') return null;
  const definition = input.coupon?.definition ?? null;
  const code = definition?.code ?? normaliseCouponCode(input.couponCode);
  if (!input.coupon || !definition) return refusal(code, 'unknown', `${code} is not a valid code`);
  const { usage, shopperPaidOrders } = input.coupon;
  const at = instantMs('now', input.now);
  if (definition.paused) return refusal(code, 'paused', `${code} is not available right now`);
  if (at < instantMs('validFrom', definition.validFrom)) return refusal(code, 'not-started', `This code starts on ${istDayLabel(definition.validFrom, input.now)}`);
  if (definition.validTo !== null && at >= instantMs('validTo', definition.validTo)) return refusal(code, 'expired', 'This code has expired');
  if (definition.totalUses !== null && usage.totalUsed >= definition.totalUses) return refusal(code, 'used-up', `${code} has been used up`);
  if (definition.usesPerShopper !== null && usage.usedByShopper >= definition.usesPerShopper) return refusal(code, 'already-used', `You have already used ${code}`);
  if (definition.firstOrderOnly && shopperPaidOrders > 0) return refusal(code, 'first-order-only', `${code} is only for your first order`);

  const inScope = lines.filter((_, i) => included(definition.include, input.lines[i]!) && !named(definition.exclude, input.lines[i]!));
  if (inScope.length === 0) return refusal(code, 'not-applicable', `${code} doesn’t apply to anything in your cart`);
  const eligible = definition.combinable ? inScope : inScope.filter((line) => line.discount === 0);
  if (eligible.length === 0) return refusal(code, 'not-combinable', `${code} can’t be combined with other offers on these items`);
  const value = sum(eligible.map((line) => line.net));
  if (value < definition.minCartPaise) return refusal(code, 'min-cart', `Add ${formatINR(definition.minCartPaise - value)} more to use ${code}`);

  if (definition.kind === 'free-delivery') {
    const saving = delivery.amount;
    delivery.amount = 0;
    delivery.free = true;
    applied.push({ offerId: definition.id, kind: 'coupon', code, on: 'delivery', amount: saving, lines: [] });
    return { code, applied: true, saving };
  }
  // Never more than the eligible lines are worth: a fixed ₹1,000 off a ₹600 cart takes ₹600.
  const wanted = definition.kind === 'percent' ? Math.min(percentOf(value, definition.percentBp), definition.capPaise ?? Infinity) : definition.amountPaise;
  const amount = Math.min(wanted, value);
  const shares = spread(amount, eligible, definition.id, 'coupon');
  applied.push({ offerId: definition.id, kind: 'coupon', code, on: 'lines', amount, lines: shares });
  return { code, applied: true, saving: amount };
}

/** Step 4's offer: of the live prepaid discounts the cart reaches, the one saving most (ties: the earlier). */
function bestPrepaid(offers: readonly PrepaidDiscount[], value: number, now: string): { offer: PrepaidDiscount; saving: number } | null {
  let best: { offer: PrepaidDiscount; saving: number } | null = null;
  for (const offer of offers) {
    if (!isLive(offer, now) || value < offer.minCartPaise) continue;
    const wanted = offer.kind === 'percent' ? Math.min(percentOf(value, offer.percentBp), offer.capPaise ?? Infinity) : offer.amountPaise;
    const saving = Math.min(wanted, value);
    if (saving > 0 && (best === null || saving > best.saving)) best = { offer, saving };
  }
  return best;
}

/**
 * Prices a cart: sale prices, buy X get Y, the coupon and the prepaid discount, each line's share
 * of each, the delivery charge and the totals, all in whole paise. Pure and deterministic: the
 * same input gives the same result on the server and in the browser. Throws a RangeError on
 * money that is not whole paise, a quantity below 1, a repeated line key or a `now` that is not an
 * ISO instant.
 */
export function priceCart(input: PriceCartInput): PricedCart {
  checkInput(input);
  const { now } = input;

  const lines: PricedLine[] = input.lines.map((line) => {
    const sale = salePriceOf(line, input.offers.salePrices, now);
    const unitPrice = sale?.pricePaise ?? line.listUnitPrice;
    const gross = unitPrice * line.quantity;
    return {
      key: line.key,
      productId: line.productId,
      variantId: line.variantId,
      category: line.category,
      brand: line.brand,
      quantity: line.quantity,
      gstRateBp: line.gstRateBp,
      listUnitPrice: line.listUnitPrice,
      unitPrice,
      saleOfferId: sale?.id ?? null,
      saleEndsAt: sale?.to ?? null,
      gross,
      discounts: [],
      discount: 0,
      net: gross,
    };
  });
  const applied: AppliedOffer[] = [];

  const units: Unit[] = lines.flatMap((line, index) => Array.from({ length: line.quantity }, () => ({ line: index, price: line.unitPrice, used: false })));
  for (const offer of input.offers.buyXGetY) {
    if (!isLive(offer, now)) continue;
    const done = applyBuyXGetY(offer, lines, input.lines, units);
    if (done) applied.push(done);
  }

  const delivery = { listAmount: input.delivery.amount, amount: input.delivery.amount, free: false, rateBp: input.delivery.rateBp };
  const coupon = applyCoupon(input, lines, delivery, applied);

  const best = bestPrepaid(input.offers.prepaid, sum(lines.map((line) => line.net)), now);
  const prepaidApplies = best !== null && input.payment === 'online';
  if (best && prepaidApplies) {
    const shares = spread(best.saving, lines, best.offer.id, 'prepaid');
    applied.push({ offerId: best.offer.id, kind: 'prepaid', on: 'lines', amount: best.saving, lines: shares });
  }

  const listTotal = sum(lines.map((line) => line.listUnitPrice * line.quantity));
  const saleSavings = sum(lines.map((line) => (line.listUnitPrice - line.unitPrice) * line.quantity));
  const discountTotal = sum(lines.map((line) => line.discount));
  return {
    now,
    lines,
    applied,
    coupon,
    prepaid: best ? { offerId: best.offer.id, saving: best.saving, applied: prepaidApplies } : null,
    delivery,
    totals: {
      listTotal,
      saleSavings,
      discountTotal,
      deliveryAmount: delivery.amount,
      total: listTotal - saleSavings - discountTotal + delivery.amount,
    },
  };
}

export type ComboCancellation = { allowed: true; keys: string[] } | { allowed: false; offerId: string; message: string };

/**
 * What cancelling whole lines (`keys`) of a priced order does to its buy-X-get-Y combos, by the
 * owner's rule for each: cancelling a bought line while its free lines stay is refused
 * ('refuse'), or cancels the free lines with it ('cancel-combo'; `keys` then lists them too).
 * Cancelling a free line alone is always allowed: the shopper only gives something up.
 */
export function comboCancellation(applied: readonly AppliedOffer[], keys: readonly string[]): ComboCancellation {
  const cancelled = new Set(keys);
  for (const offer of applied) {
    const combo = offer.combo;
    if (!combo || !combo.buy.some((b) => cancelled.has(b.key))) continue;
    const kept = combo.get.filter((g) => !cancelled.has(g.key));
    if (kept.length === 0) continue;
    if (combo.cancelRule === 'refuse') return { allowed: false, offerId: offer.offerId, message: 'This item came with a free item in the same offer: cancel them together' };
    kept.forEach((g) => cancelled.add(g.key));
  }
  return { allowed: true, keys: [...cancelled] };
}
