import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's planner guessed a spec filter's rows from each column alone: `key = 'battery'` and
// `num >= 5000` over every attribute's numbers ("most values are below 5,000") made 8,334 rows
// look like 18, so it probed products one by one (84 ms for a category page at 100,000
// products) instead of hashing the two sets (19 ms). Multivariate MCV statistics on the columns
// a filter names together give it the real counts; a large target, since a catalogue has many
// (category, attribute, value) combinations. ANALYZE (autovacuum, or the seed) fills them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create statistics spec_values_num_stats (mcv) on category, key, num from spec_values`.execute(db);
  await sql`alter statistics spec_values_num_stats set statistics 1000`.execute(db);
  await sql`create statistics spec_values_text_stats (mcv) on category, key, text from spec_values`.execute(db);
  await sql`alter statistics spec_values_text_stats set statistics 1000`.execute(db);
}
