import type { DB } from '../db/database';
import { newId } from '../db/database';
import { BuyXGetYSchema, CouponSchema, PrepaidDiscountSchema, SalePriceSchema, type CouponInput } from '../../shared/schemas/offers';
import type { z } from 'zod';

/**
 * Inserts an offer as the owner's screens will (issue 30): the definition parsed by its kind's
 * schema and kept as JSON, with the columns the queries read mirrored from it. For tests only;
 * the offers admin writes the same rows.
 */
type Input =
  | { kind: 'coupon'; name?: string; definition: Omit<CouponInput, 'id'> }
  | { kind: 'sale-price'; name?: string; definition: Omit<z.input<typeof SalePriceSchema>, 'id'> }
  | { kind: 'buy-x-get-y'; definition: Omit<z.input<typeof BuyXGetYSchema>, 'id'> }
  | { kind: 'prepaid'; name?: string; definition: Omit<z.input<typeof PrepaidDiscountSchema>, 'id'> };

/** The last creation time given, so offers inserted within one millisecond still list in the order they were made. */
let lastCreated = 0;

export async function insertOffer(db: DB, input: Input, opts: { usesCount?: number } = {}): Promise<string> {
  const id = newId();
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  const now = new Date(lastCreated).toISOString();
  const base = { id, kind: input.kind, created_at: now, updated_at: now, uses_count: opts.usesCount ?? 0 };
  if (input.kind === 'coupon') {
    const c = CouponSchema.parse({ ...input.definition, id });
    await db
      .insertInto('offers')
      .values({
        ...base,
        name: input.name ?? c.code,
        code: c.code,
        definition: JSON.stringify(c),
        paused: c.paused ? 1 : 0,
        valid_from: c.validFrom,
        valid_to: c.validTo,
        uses_limit: c.totalUses,
      })
      .execute();
  } else if (input.kind === 'sale-price') {
    const s = SalePriceSchema.parse({ ...input.definition, id });
    await db
      .insertInto('offers')
      .values({ ...base, name: input.name ?? 'Sale', product_id: s.productId, variant_id: s.variantId, definition: JSON.stringify(s), valid_from: s.from, valid_to: s.to })
      .execute();
  } else if (input.kind === 'buy-x-get-y') {
    const b = BuyXGetYSchema.parse({ ...input.definition, id });
    await db
      .insertInto('offers')
      .values({ ...base, name: b.name, definition: JSON.stringify(b), valid_from: b.from, valid_to: b.to })
      .execute();
  } else {
    const p = PrepaidDiscountSchema.parse({ ...input.definition, id });
    await db
      .insertInto('offers')
      .values({ ...base, name: input.name ?? 'Prepaid', definition: JSON.stringify(p), valid_from: p.from, valid_to: p.to })
      .execute();
  }
  return id;
}

/** SAVE1000 as issue 30 describes it: ₹1,000 off above ₹20,000, on phones only, once per shopper, 50 in all. */
export function save1000(overrides: Partial<Omit<CouponInput, 'id'>> = {}): Input {
  return {
    kind: 'coupon',
    definition: {
      code: 'SAVE1000',
      kind: 'amount',
      amountPaise: 100_000,
      minCartPaise: 2_000_000,
      validFrom: '2026-01-01T00:00:00Z',
      validTo: null,
      totalUses: 50,
      usesPerShopper: 1,
      include: { categories: ['mobiles'] },
      ...overrides,
    } as Omit<CouponInput, 'id'>,
  };
}
