import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { jsonText, lastCharacters } from '../../db/json-field';
import { containsText } from '../../db/text-match';
import { orderNumberCandidates } from '../../../shared/order-number';

// The admin's order search: one box, one term, every matcher that can read the term adds the
// orders it finds (OR). A matcher reads the term into what it looks for (or null: not its
// kind of term) and says which orders match that: the number, the shopper's email or phone, the
// delivery PIN. A parcel's AWB and a unit's serial or IMEI are looked up first (parcelOrderIds).

type OrdersBuilder = ExpressionBuilder<Database, 'orders' | 'users'>;

export type OrderMatcher<T> = {
  /** What it matches, for logs and tests. */
  key: string;
  /** What to look for in `term` (trimmed, at most 100 characters, one line), or null when the term is not of this kind. */
  read: (term: string) => T | null;
  /** Orders matching it; the query joins the customer's account (`users`). */
  where: (db: DB, eb: OrdersBuilder, value: T) => Expression<SqlBool>;
};

/** The order number, exact after normalising: any case, with or without dashes or spaces (VM-2026-000123, vm 2026 000123, vm2026000123). */
const orderNumber: OrderMatcher<string[]> = {
  key: 'orderNumber',
  read: (term) => {
    const candidates = orderNumberCandidates(term);
    return candidates.length > 0 ? candidates : null;
  },
  where: (_db, eb, candidates) => eb('orders.order_number', 'in', candidates),
};

/** The shopper's email, contained, ignoring case: the one given at checkout or the account's current one. Any term with a letter or an @. */
const email: OrderMatcher<string> = {
  key: 'email',
  read: (term) => (/[\p{L}@]/u.test(term) ? term : null),
  where: (db, eb, text) => eb.or([containsText(db, 'orders.email', text), containsText(db, 'users.email', text)]),
};

/** The delivery address's phone, by its last 10 digits: a term of 10 to 13 digits once spaces, dashes, dots, brackets and a + are dropped (98450 11111, +91 98450-11111, 098450 11111). */
const phone: OrderMatcher<string> = {
  key: 'phone',
  read: (term) => {
    const digits = term.replace(/[\s\-.()+]/g, '');
    return /^\d{10,13}$/.test(digits) ? digits.slice(-10) : null;
  },
  where: (db, eb, last10) => eb(lastCharacters(db, jsonText(db, 'orders.delivery_address', 'phone'), 10), '=', last10),
};

/** The delivery address's PIN: six digits (spaces ignored: 560 001). */
const pin: OrderMatcher<string> = {
  key: 'pin',
  read: (term) => {
    const digits = term.replace(/\s/g, '');
    return /^[1-9]\d{5}$/.test(digits) ? digits : null;
  },
  where: (db, eb, value) => eb(jsonText(db, 'orders.delivery_address', 'pin'), '=', value),
};

/** A matcher with what it reads hidden, so matchers of every kind sit in one list. */
type AnyMatcher = { key: string; match: (term: string) => ((db: DB, eb: OrdersBuilder) => Expression<SqlBool>) | null };

function erased<T>(matcher: OrderMatcher<T>): AnyMatcher {
  return {
    key: matcher.key,
    match: (term) => {
      const value = matcher.read(term);
      return value === null ? null : (db, eb) => matcher.where(db, eb, value);
    },
  };
}

/** Every matcher; a term is looked for by each that reads it. */
export const ORDER_MATCHERS: readonly AnyMatcher[] = [erased(orderNumber), erased(email), erased(phone), erased(pin)];

/** The keys of the matchers that read `term` ([] when none does: the search then finds nothing). */
export function matcherKeysFor(term: string): string[] {
  return ORDER_MATCHERS.filter((m) => m.match(term) !== null).map((m) => m.key);
}

/** Orders the search term finds (any matcher's), as a condition on a query over orders joined to the customer's account. */
export function searchCondition(db: DB, term: string, parcelOrderIds: readonly string[] = []): (eb: OrdersBuilder) => Expression<SqlBool> {
  const found = ORDER_MATCHERS.flatMap((m) => m.match(term) ?? []);
  return (eb) => {
    const arms = found.map((where) => where(db, eb));
    // Orders found through their parcels, by id: an arm PostgreSQL can OR with the index scans.
    if (parcelOrderIds.length > 0) arms.push(eb('orders.id', 'in', parcelOrderIds));
    return arms.length === 0 ? sql<SqlBool>`1 = 0` : eb.or(arms);
  };
}

/**
 * Orders whose parcel carries the term as its AWB (6 to 30 letters, digits or dashes, spaces
 * dropped, any case), or one of whose units was packed with it as a serial number or IMEI (6 to
 * 40 characters with a digit; an IMEI typed with spaces or dashes too). Looked up first, each on
 * its own index, so the search itself stays a set of index scans.
 */
export async function parcelOrderIds(db: DB, term: string): Promise<string[]> {
  const text = term.trim().toUpperCase();
  const ids = new Set<string>();
  const awb = text.replace(/\s/g, '');
  if (/^[A-Z0-9-]{6,30}$/.test(awb)) {
    for (const row of await db.selectFrom('shipments').select('order_id').where('awb', '=', awb).execute()) ids.add(row.order_id);
  }
  if (/^[A-Z0-9][A-Z0-9./ -]{5,39}$/.test(text) && /\d/.test(text)) {
    const values = [...new Set([text, text.replace(/[\s-]/g, '')])];
    for (const row of await db.selectFrom('shipment_units').select('order_id').where('value', 'in', values).execute()) ids.add(row.order_id);
  }
  return [...ids];
}
