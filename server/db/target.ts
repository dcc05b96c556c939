/**
 * Where the shop keeps its data: the embedded SQLite file (the zero-setup default), or a
 * PostgreSQL server once the shop outgrows one machine (DATABASE_URL=postgres://...).
 */
export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; poolSize: number };

export type Dialect = DatabaseTarget['dialect'];

/** A target's address for logs and messages, without a password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.dialect === 'sqlite') return target.file;
  try {
    const url = new URL(target.url);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}
