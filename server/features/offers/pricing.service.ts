import type { DB } from '../../db/database';
import { AppError } from '../../errors';
import { BuyXGetYSchema, CouponCodeSchema, CouponSchema, PrepaidDiscountSchema, SalePriceSchema, type Coupon, type SalePrice } from '../../../shared/schemas/offers';
import {
  emiOptions,
  isLive,
  liveBankOffers,
  normaliseCouponCode,
  priceCart,
  type AutomaticOffers,
  type CartLineInput,
  type CouponStatus,
  type PriceCartInput,
  type PricedCart,
} from '../../../shared/offers';
import type { Shopper } from '../../sessions/session';
import type { ProductSale } from '../../../shared/schemas/catalog';
import type { EmiTable } from '../../../shared/schemas/offers';
import type { PanelCoupon, ProductOffers, VariantOffers } from '../../../shared/schemas/offers-panel';
import * as q from './pricing.queries';

/**
 * The shopper's side of offers (issue 30): reads what the database holds (the live automatic
 * offers, a coupon and its usage) at the shop's clock and prices a cart with the shared engine
 * (shared/offers, priceCart), so the cart, checkout and the product page get one set of figures.
 * A coupon's use is taken in the transaction that writes the order and given back when the order
 * expires or is cancelled. Other features reach offers through this file.
 */

export type { PricedCart, PricedLine, CouponStatus } from '../../../shared/offers';

function parsed<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, text: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The automatic offers the engine may apply at `now` to lines of these products (sale prices, buy X get Y, prepaid). */
export async function loadAutomaticOffers(db: DB, now: string, productIds: readonly string[]): Promise<AutomaticOffers> {
  const offers: { salePrices: SalePrice[]; buyXGetY: AutomaticOffers['buyXGetY'][number][]; prepaid: AutomaticOffers['prepaid'][number][] } = {
    salePrices: [],
    buyXGetY: [],
    prepaid: [],
  };
  for (const row of await q.listAutomaticOffers(db, now, [...new Set(productIds)])) {
    if (row.kind === 'sale-price') {
      const sale = parsed(SalePriceSchema, row.definition);
      if (sale) offers.salePrices.push(sale);
    } else if (row.kind === 'buy-x-get-y') {
      const offer = parsed(BuyXGetYSchema, row.definition);
      if (offer) offers.buyXGetY.push(offer);
    } else if (row.kind === 'prepaid') {
      const offer = parsed(PrepaidDiscountSchema, row.definition);
      if (offer) offers.prepaid.push(offer);
    }
  }
  return offers;
}

/** What the engine needs to know of a code: its definition (null: no such coupon) and its usage by everyone and by this shopper. */
export async function loadCoupon(db: DB, code: string, userId: string | null, exceptOrderId: string | null = null): Promise<NonNullable<PriceCartInput['coupon']>> {
  const row = await q.findCouponByCode(db, normaliseCouponCode(code));
  const definition = row ? parsed<Coupon>(CouponSchema, row.definition) : null;
  if (!row || !definition) return { definition: null, usage: { totalUsed: 0, usedByShopper: 0 }, shopperPaidOrders: 0 };
  return {
    // The row's flag is the one the owner's pause writes.
    definition: { ...definition, paused: definition.paused || row.paused === 1 },
    usage: { totalUsed: row.usesCount, usedByShopper: userId === null ? 0 : await q.countShopperUses(db, row.id, userId, exceptOrderId) },
    shopperPaidOrders: userId === null ? 0 : await q.countPaidOrders(db, userId),
  };
}

export type PriceLinesInput = {
  now: string;
  lines: readonly CartLineInput[];
  couponCode: string | null;
  userId: string | null;
  payment: 'online' | 'cod' | null;
  delivery?: { amount: number; rateBp: number };
  /** An open checkout's own coupon use, left out of the shopper's count while comparing it with the cart. */
  exceptOrderId?: string | null;
};

/** Prices lines from the database's offers at `now` (the shop's clock). */
export async function priceLines(db: DB, input: PriceLinesInput): Promise<PricedCart> {
  const offers = await loadAutomaticOffers(
    db,
    input.now,
    input.lines.map((l) => l.productId),
  );
  const coupon = input.couponCode === null ? null : await loadCoupon(db, input.couponCode, input.userId, input.exceptOrderId ?? null);
  return priceCart({
    now: input.now,
    lines: input.lines,
    offers,
    couponCode: input.couponCode,
    coupon,
    payment: input.payment,
    delivery: input.delivery ?? { amount: 0, rateBp: 0 },
  });
}

/** A refused coupon as an error: used up or already used are conflicts (409), the rest bad input (400) naming the field. */
export function couponRefusalError(status: Extract<CouponStatus, { applied: false }>): AppError {
  if (status.reason === 'used-up' || status.reason === 'already-used') return new AppError('CONFLICT', status.message, { fieldErrors: { code: status.message } });
  return new AppError('BAD_INPUT', status.message, { fieldErrors: { code: status.message } });
}

/**
 * Takes the priced cart's coupon use for a new order, inside the transaction that writes it
 * (after the order row; the caller holds the shopper's lock, so their own count cannot race):
 * the shopper's limit is checked, then uses_count goes up only while below the limit. Throws
 * CONFLICT "SAVE1000 has been used up" / "You have already used SAVE1000"; the caller's
 * transaction then rolls the order back.
 */
export async function takeCouponUse(trx: DB, priced: PricedCart, order: { id: string; userId: string; at: string }): Promise<void> {
  const applied = priced.applied.find((a) => a.kind === 'coupon');
  if (!applied) return;
  const code = applied.code ?? '';
  const row = await q.findCouponByCode(trx, code);
  const definition = row ? parsed<Coupon>(CouponSchema, row.definition) : null;
  if (!row || !definition) throw new AppError('BAD_INPUT', `${code} is not a valid code`, { fieldErrors: { code: `${code} is not a valid code` } });
  if (definition.usesPerShopper !== null && (await q.countShopperUses(trx, row.id, order.userId)) >= definition.usesPerShopper) {
    throw new AppError('CONFLICT', `You have already used ${code}`, { fieldErrors: { code: `You have already used ${code}` } });
  }
  if (!(await q.takeUse(trx, row.id, order.at))) throw new AppError('CONFLICT', `${code} has been used up`, { fieldErrors: { code: `${code} has been used up` } });
  await q.insertUse(trx, { offerId: row.id, orderId: order.id, userId: order.userId, at: order.at });
}

/** Gives back the coupon use an order holds (it expired or was cancelled), inside the transaction that cancels it. Idempotent. */
export async function releaseCouponUses(trx: DB, orderId: string, at: string): Promise<number> {
  const offers = await q.releaseUses(trx, orderId, at);
  for (const offerId of offers) await q.giveBackUse(trx, offerId, at);
  return offers.length;
}

/**
 * A payment that arrived after its order was released: the order keeps the price it was paid at,
 * and takes its coupon use back where one is left (where none is, the use stays given back and
 * the caller logs it: the shopper paid, the shop honours the price). Returns the offers not retaken.
 */
export async function retakeCouponUses(trx: DB, orderId: string, at: string): Promise<string[]> {
  const missed: string[] = [];
  for (const offerId of await q.listReleasedUses(trx, orderId)) {
    if (await q.takeUse(trx, offerId, at)) await q.unreleaseUse(trx, offerId, orderId);
    else missed.push(offerId);
  }
  return missed;
}

// ---- the code applied to a cart ----

const ownerKey = (owner: Shopper) => (owner.userId !== undefined ? `user:${owner.userId}` : `guest:${owner.guestId}`);

/** The code the owner applied to their cart, if any. */
export function cartCouponOf(db: DB, owner: Shopper): Promise<string | null> {
  return q.findCartCoupon(db, ownerKey(owner));
}

/**
 * Keeps a code with the owner's cart. The code's form is checked here (400 naming `code`);
 * whether it applies is the priced cart's coupon status, shown beside it.
 */
export async function setCartCoupon(db: DB, owner: Shopper, typed: string, at: string): Promise<string> {
  const result = CouponCodeSchema.safeParse(typed);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? 'code is not valid';
    throw new AppError('BAD_INPUT', message, { fieldErrors: { code: message } });
  }
  await q.setCartCoupon(db, ownerKey(owner), result.data, at);
  return result.data;
}

export async function removeCartCoupon(db: DB, owner: Shopper): Promise<void> {
  await q.deleteCartCoupon(db, ownerKey(owner));
}

/** A visitor's code moves to the user's cart at sign-in (the user's own code, if any, gives way to the one just typed). */
export async function moveGuestCoupon(db: DB, guestId: string, userId: string, at: string): Promise<void> {
  const code = await q.findCartCoupon(db, `guest:${guestId}`);
  if (code === null) return;
  await q.setCartCoupon(db, `user:${userId}`, code, at);
  await q.deleteCartCoupon(db, `guest:${guestId}`);
}

// ---- sale prices on the storefront ----

export type LiveSale = { offerId: string; productId: string; variantId: string | null; pricePaise: number; endsAt: string };

/**
 * The sale prices live at `now` for these products (every one: the caller picks the lowest below
 * a variant's own price, as priceCart does), and the instant their shown prices next change (a
 * sale ending or starting): a shared reply made now is good until then and not after.
 */
export async function salesFor(db: DB, now: string, productIds: readonly string[]): Promise<{ sales: LiveSale[]; nextChange: string | null }> {
  const unique = [...new Set(productIds)];
  const offers = await loadAutomaticOffers(db, now, unique);
  const sales = offers.salePrices
    .filter((sale) => isLive(sale, now))
    .map((sale) => ({ offerId: sale.id, productId: sale.productId, variantId: sale.variantId, pricePaise: sale.pricePaise, endsAt: sale.to }));
  return { sales, nextChange: salesValidUntil([...(await q.nextSaleChanges(db, now, unique)).values()].map((at) => ({ saleChangesAt: at }))) };
}

type SaleTarget = { _id: string; sellingPrice: number; sale?: ProductSale; saleChangesAt?: string; variants?: { _id: string; sellingPrice: number; sale?: ProductSale }[] };

/** The lowest live sale below `own` of those that cover the variant (null: a sale on every variant of the product). */
function bestSale(sales: readonly LiveSale[], productId: string, variantId: string, own: number): ProductSale | undefined {
  let best: LiveSale | undefined;
  for (const sale of sales) {
    if (sale.productId !== productId || (sale.variantId !== null && sale.variantId !== variantId) || sale.pricePaise >= own) continue;
    if (!best || sale.pricePaise < best.pricePaise) best = sale;
  }
  return best ? { offerId: best.offerId, pricePaise: best.pricePaise, endsAt: best.endsAt } : undefined;
}

/**
 * Storefront replies with their live sale prices (issue 30): each product (its card's price is
 * its own variant's, whose id is the product's for a product without options) and each of its
 * variants gets `sale` when one is live at `now`, and `saleChangesAt` when a sale of it next starts
 * or ends, so the shared reply is made again at that instant (validUntil) and never serves a sale
 * price past its end or before its start.
 */
export async function withSales<P extends SaleTarget>(db: DB, now: string, products: readonly P[]): Promise<P[]> {
  if (products.length === 0) return [...products];
  const { sales } = await salesFor(
    db,
    now,
    products.map((p) => p._id),
  );
  const changes = await q.nextSaleChanges(
    db,
    now,
    products.map((p) => p._id),
  );
  return products.map((product) => {
    const sale = bestSale(sales, product._id, product._id, product.sellingPrice);
    const changesAt = changes.get(product._id);
    return {
      ...product,
      ...(sale ? { sale } : {}),
      ...(changesAt ? { saleChangesAt: changesAt } : {}),
      ...(product.variants
        ? {
            variants: product.variants.map((v) => {
              const own = bestSale(sales, product._id, v._id, v.sellingPrice);
              return own ? { ...v, sale: own } : v;
            }),
          }
        : {}),
    };
  });
}

/** The earliest `saleChangesAt` of a reply's products: its validUntil. */
export function salesValidUntil(products: readonly { saleChangesAt?: string }[]): string | null {
  let earliest: string | null = null;
  for (const p of products) if (p.saleChangesAt && (earliest === null || p.saleChangesAt < earliest)) earliest = p.saleChangesAt;
  return earliest;
}

// ---- the offers panel on the product page ----

/** What the panel needs of a product: its own figures and each variant's (with its live sale, as withSales gives them). */
export type PanelProduct = {
  _id: string;
  category: string;
  brandName: string | null;
  sellingPrice: number;
  sale?: ProductSale;
  variants?: readonly { _id: string; sellingPrice: number; sale?: ProductSale }[];
};

const panelCoupon = (c: Coupon): PanelCoupon => ({
  code: c.code,
  kind: c.kind,
  amountPaise: c.kind === 'amount' ? c.amountPaise : null,
  percentBp: c.kind === 'percent' ? c.percentBp : null,
  capPaise: c.kind === 'percent' ? c.capPaise : null,
  minCartPaise: c.minCartPaise,
  firstOrderOnly: c.firstOrderOnly,
  usesPerShopper: c.usesPerShopper,
});

/**
 * The offers panel (issue 30): for each variant of `product` (with its live sales, as withSales
 * gives them), what applies to it at `now`: the coupons a shopper could use on it (live, not
 * paused, not used up, and the engine takes them on a cart holding just this variant, or only
 * asks for a bigger cart), its sale's end, what paying online takes off it, and the owner's
 * no-cost EMI plans its price reaches (the sale price while it lasts); with the live bank offers
 * and `validUntil`, the next instant any of these starts or ends, so a kept reply or a
 * server-rendered page never shows an offer past its end or misses one that has begun.
 */
export async function productOffers(db: DB, now: string, table: EmiTable, product: PanelProduct): Promise<ProductOffers> {
  const offers = await loadAutomaticOffers(db, now, [product._id]);
  const coupons = (await q.listShowableCoupons(db, now)).flatMap((row) => {
    const coupon = parsed<Coupon>(CouponSchema, row.definition);
    return coupon && !coupon.paused ? [coupon] : [];
  });
  const boundaries: string[] = [];
  const later = (at: string | null) => {
    if (at !== null && at > now) boundaries.push(at);
  };
  for (const c of coupons) [c.validFrom, c.validTo].forEach(later);
  for (const p of offers.prepaid) [p.from, p.to].forEach(later);
  for (const b of table.bankOffers) [b.from, b.to].forEach(later);
  later((await q.nextSaleChanges(db, now, [product._id])).get(product._id) ?? null);

  const variants = product.variants && product.variants.length > 0 ? product.variants : [{ _id: product._id, sellingPrice: product.sellingPrice, sale: product.sale }];
  const live = coupons.filter((c) => isLive({ from: c.validFrom, to: c.validTo }, now));
  const byVariant: Record<string, VariantOffers> = {};
  for (const variant of variants) {
    const line: CartLineInput = {
      key: variant._id,
      productId: product._id,
      variantId: variant._id,
      category: product.category,
      brand: product.brandName,
      listUnitPrice: variant.sellingPrice,
      quantity: 1,
      gstRateBp: 0,
    };
    const price = (coupon: Coupon | null) =>
      priceCart({
        now,
        lines: [line],
        offers,
        couponCode: coupon?.code ?? null,
        // As a shopper with no orders and no uses: the panel shows what a shopper could use, and says "first order only".
        coupon: coupon ? { definition: coupon, usage: { totalUsed: 0, usedByShopper: 0 }, shopperPaidOrders: 0 } : null,
        payment: 'online',
        delivery: { amount: 0, rateBp: 0 },
      });
    const plain = price(null);
    const unitPrice = plain.lines[0]?.unitPrice ?? variant.sellingPrice;
    const usable = live.filter((coupon) => {
      const status = price(coupon).coupon;
      return status !== null && (status.applied || status.reason === 'min-cart');
    });
    byVariant[variant._id] = {
      coupons: usable.map(panelCoupon),
      sale: variant.sale ? { pricePaise: variant.sale.pricePaise, endsAt: variant.sale.endsAt } : null,
      prepaidSavingPaise: plain.prepaid && plain.prepaid.saving > 0 ? plain.prepaid.saving : null,
      emi: emiOptions(unitPrice, table.plans).map((o) => ({ bank: o.bank, months: o.months, monthly: o.monthly, interestPaise: o.discount })),
    };
  }
  const validUntil = boundaries.reduce<string | null>((earliest, at) => (earliest === null || at < earliest ? at : earliest), null);
  return {
    productId: product._id,
    variants: byVariant,
    bankOffers: liveBankOffers(table.bankOffers, now).map((b) => ({ bank: b.bank, text: b.text, validTo: b.to })),
    validUntil,
  };
}

/**
 * Cart lines with their variant's live sale on the populated product (issue 30), as the spec's
 * /api cart replies read it: their `sellingPrice` is then the sale price, what /api/checkout charges.
 */
export async function withLineSales<L extends { productId: { _id: string; sellingPrice: number; sale?: ProductSale }; variant?: { _id: string } }>(
  db: DB,
  now: string,
  lines: readonly L[],
): Promise<L[]> {
  if (lines.length === 0) return [...lines];
  const { sales } = await salesFor(
    db,
    now,
    lines.map((l) => l.productId._id),
  );
  return lines.map((line) => {
    const sale = bestSale(sales, line.productId._id, line.variant?._id ?? line.productId._id, line.productId.sellingPrice);
    return sale ? { ...line, productId: { ...line.productId, sale } } : line;
  });
}
