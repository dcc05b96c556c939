import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// The account page and two-factor sign-in (issue 15), the same SQL on SQLite and PostgreSQL.
// - sessions gain the browser's User-Agent, the IP it signed in from and when it was last seen,
//   for the account page's list of signed-in devices.
// - users gain two-factor sign-in: `totp_secret` (base32; set at enrolment's first step, in force
//   once `totp_enabled_at` is set), `totp_last_step` (the last accepted 30-second step, so a code
//   works once), and `deleted_at` (a deleted account keeps an anonymous row: orders point at it).
// - recovery_codes: ten single-use codes per account, kept as SHA-256 of user id and code.
// - email_changes: links confirming a new email address, kept as the SHA-256 of their token.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
}
