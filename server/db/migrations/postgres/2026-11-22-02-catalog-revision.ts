import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Nothing on PostgreSQL: SQLite's form made a catalogue revision counter that
// 2026-11-25-01-cache-invalidations removes again. No PostgreSQL database ever had it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(_db: Kysely<any>): Promise<void> {}
