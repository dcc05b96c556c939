import { sql, type RawBuilder } from 'kysely';
import type { DB } from './database';
import { dialectOf } from './database';

// A field of a JSON text column, read in SQL: `json_extract` on SQLite, `::json ->>` on
// PostgreSQL. The key and the count are written into the SQL as literals, not bound, so that an
// expression index spelled the same way serves the query (both databases match an index's
// expression only when the query's is the same; migration 2026-12-08-01-order-numbers spells
// orders_delivery_pin and orders_delivery_phone so).

/** The text of `key` in the JSON object held by `column` (null when absent). `key` is a plain identifier. */
export function jsonText(db: DB, column: string, key: string): RawBuilder<string | null> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`not a plain JSON key: ${key}`);
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::json ->> ${sql.lit(key)})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
}

/** The last `n` characters of `text` (all of it when shorter). */
export function lastCharacters(db: DB, text: RawBuilder<string | null>, n: number): RawBuilder<string | null> {
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a count of characters: ${n}`);
  return dialectOf(db) === 'postgres' ? sql<string | null>`right(${text}, ${sql.lit(n)})` : sql<string | null>`substr(${text}, ${sql.lit(-n)})`;
}
