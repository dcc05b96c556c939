import type { MailOutboxTable } from '../db/schema';
import type { Selectable } from 'kysely';
import type { DB } from '../db/database';
import type { MailStatus } from '../db/schema';

/** What to attach when the message is sent (made then, so the outbox holds no big blobs). */
/** `orderNumber`: the order's readable number, for the Mail page (absent on messages queued before numbers existed). */
export type MailAttachmentRef = { kind: 'invoice'; orderId: string; orderNumber?: string };

export type OutboxMessage = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachmentRef[];
  messageId: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

const columns = [
  'id',
  'kind',
  'to_address',
  'subject',
  'html',
  'text_body',
  'attachments',
  'message_id',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'sent_at',
] as const;

type Row = Pick<Selectable<MailOutboxTable>, (typeof columns)[number]>;

function toMessage(row: Row): OutboxMessage {
  let attachments: MailAttachmentRef[] = [];
  try {
    attachments = JSON.parse(row.attachments) as MailAttachmentRef[];
  } catch {
    attachments = [];
  }
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text_body,
    attachments,
    messageId: row.message_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

export async function insertMessage(
  db: DB,
  m: { id: string; kind: string; to: string; subject: string; html: string; text: string; attachments: MailAttachmentRef[]; messageId: string; nowIso: string },
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: m.id,
      kind: m.kind,
      to_address: m.to,
      subject: m.subject,
      html: m.html,
      text_body: m.text,
      attachments: JSON.stringify(m.attachments),
      message_id: m.messageId,
      next_attempt_at: m.nowIso,
      created_at: m.nowIso,
    })
    .execute();
}

/**
 * Takes up to `limit` pending messages that are due and not leased by another sender, and
 * leases them until `leaseUntil`: a sender that dies leaves them to the next one once the lease
 * ends. The UPDATE re-checks the lease on each row, so two senders never take the same one.
 */
export async function leaseDueMessages(db: DB, nowIso: string, leaseUntil: string, limit: number): Promise<OutboxMessage[]> {
  const due = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const leased: OutboxMessage[] = [];
  for (const { id } of due) {
    const row = await db
      .updateTable('mail_outbox')
      .set({ locked_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
      .returning(columns)
      .executeTakeFirst();
    if (row) leased.push(toMessage(row));
  }
  return leased;
}

export async function markSent(db: DB, id: string, nowIso: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: nowIso, locked_until: null, last_error: null }).where('id', '=', id).execute();
}

/** Records a failed attempt: tried again at `retryAt`, or given up on (`failed`) when that is null. */
export async function markAttemptFailed(db: DB, id: string, error: string, retryAt: string | null): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 1000),
      locked_until: null,
      status: retryAt === null ? 'failed' : 'pending',
      ...(retryAt === null ? {} : { next_attempt_at: retryAt }),
    }))
    .where('id', '=', id)
    .execute();
}

export async function findMessage(db: DB, id: string): Promise<OutboxMessage | null> {
  const row = await db.selectFrom('mail_outbox').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toMessage(row) : null;
}

/** Newest first, keyset pages. */
export async function listMessages(db: DB, opts: { limit: number; after?: { createdAt: string; id: string } }): Promise<OutboxMessage[]> {
  let query = db.selectFrom('mail_outbox').select(columns);
  if (opts.after) {
    const { createdAt, id } = opts.after;
    query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  return rows.map(toMessage);
}
