import { sql, type RawBuilder } from 'kysely';
import type { DB } from './database';
import { dialectOf } from './database';

/**
 * `column` contains `text`, ignoring case, with `%`, `_` and `\` in the text taken literally:
 * what an admin typing part of a name or an email expects. SQLite's LIKE ignores ASCII case;
 * PostgreSQL's LIKE does not, so there it is ILIKE (which also folds non-ASCII letters).
 */
export function containsText(db: DB, column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`;
  return sql<boolean>`${sql.ref(column)} ${like} ${pattern} escape '\\'`;
}
