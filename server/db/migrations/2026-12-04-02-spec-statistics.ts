import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Nothing on SQLite: its planner picks the spec filters' (category, key, …) indexes without
// statistics. The PostgreSQL form (postgres/) adds multivariate statistics for its planner.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(_db: Kysely<any>): Promise<void> {}
