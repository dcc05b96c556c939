import { AppError } from '../errors';

/**
 * Opaque keyset cursors: the sort key values of the last row a page showed, base64url JSON.
 * Callers check the decoded tuple's types themselves.
 */
export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Throws BAD_INPUT ('cursor is not valid') for anything that is not a cursor we made with `arity` values. */
export function decodeCursor(cursor: string, arity: number): (string | number)[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === arity && parsed.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return parsed;
    }
  } catch {
    // fall through to the one error below
  }
  throw new AppError('BAD_INPUT', 'cursor is not valid', { fieldErrors: { cursor: 'not valid' } });
}

/** A keyset position in a newest-first list: the last row's time and id. */
export type After = { createdAt: string; id: string };

/** The position a newest-first cursor (`[createdAt, id]`, as newestFirstKey makes it) continues from; BAD_INPUT for anything else. */
export function decodeNewestFirst(cursor: string | null | undefined): After | undefined {
  if (!cursor) return undefined;
  const [createdAt, id] = decodeCursor(cursor, 2);
  return { createdAt: String(createdAt), id: String(id) };
}

/** The sort key of a row in a newest-first list. */
export const newestFirstKey = (row: { createdAt: string; _id: string }): readonly [string, string] => [row.createdAt, row._id];

/**
 * One page out of rows fetched with one row too many (`limit + 1`), which tells whether more
 * follow without a count: the first `limit` rows, and a cursor made of the last one's sort key.
 */
export function toPage<T>(rows: readonly T[], limit: number, keyOf: (row: NoInfer<T>) => readonly (string | number)[]): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
