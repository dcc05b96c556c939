import crypto from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { DB } from '../db/database';
import { newId } from '../db/database';
import { startExclusiveJob } from '../db/exclusive';
import type { Deps } from '../deps';
import { loadSettings } from '../settings/shop-settings';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { invoiceDocument } from '../invoices/invoicing';
import { listStoredInvoices } from '../invoices/invoice.queries';
import * as q from './outbox.queries';
import { AppError } from '../errors';
import { decodeNewestFirst, newestFirstKey, toPage } from '../lib/cursor';
import type { Page } from '../../shared/schemas/admin';
import type { MailKind, MailMessage, MailSummary } from '../../shared/schemas/mail';
import type { Brand, RenderedMail } from './templates';

/**
 * The shop's mail (issue 15). A message is written to the outbox in the same transaction as
 * the event that causes it, so it exists exactly when the event does; the background sender
 * then delivers it through SMTP_URL with nodemailer, retrying with backoff. Without SMTP_URL
 * the messages stay in the outbox (the admin's Mail page shows them) and each is logged once.
 *
 * Delivery is at least once: a message leaves the outbox only after the SMTP server accepted
 * it, and carries the same Message-ID on every attempt, so the one case a copy can arrive twice
 * (the process dies between the server's "250 OK" and recording it) is one a mail client
 * recognises as the same message.
 */

/** Waits between attempts; after the last one the message is marked failed. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000] as const;
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
export const MAIL_SEND_INTERVAL_MS = 2_000;

export type MailDeps = Pick<Deps, 'env' | 'log' | 'clock'>;

/** The shop's name (the seller's trade name once Settings has one), address and time zone, for every message. */
export async function brandOf(db: DB, deps: MailDeps): Promise<Brand> {
  const settings = await loadSettings(db, deps);
  return { shopName: settings.seller?.tradeName ?? 'Voltmart', publicUrl: deps.env.PUBLIC_URL.replace(/\/+$/, ''), timeZone: settings.timeZone };
}

/** The domain of the shop's own addresses: PUBLIC_URL's host name, or localhost for a bare IP. */
function mailDomain(env: { PUBLIC_URL: string }): string {
  const host = new URL(env.PUBLIC_URL).hostname;
  return /[a-z]/i.test(host) && !host.includes(':') ? host : 'localhost';
}

/** MAIL_FROM, or "Voltmart" <no-reply@PUBLIC_URL's host>. */
export function senderOf(env: { MAIL_FROM?: string | undefined; PUBLIC_URL: string }): string {
  return env.MAIL_FROM ?? `"Voltmart" <no-reply@${mailDomain(env)}>`;
}

/** Writes a message to the outbox; call it inside the transaction of the event that causes it. */
export async function enqueueMail(db: DB, deps: MailDeps, kind: MailKind, to: string, mail: RenderedMail, attachments: q.MailAttachmentRef[] = []): Promise<string> {
  const id = newId();
  await q.insertMessage(db, { id, kind, to, ...mail, attachments, messageId: `<${id}@${mailDomain(deps.env)}>`, nowIso: deps.clock().toISOString() });
  if (!deps.env.SMTP_URL) deps.log.info({ mailId: id, kind, to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL set): see the admin panel’s Mail page');
  return id;
}

async function attachmentsFor(deps: Pick<Deps, 'db'>, refs: q.MailAttachmentRef[]): Promise<{ filename: string; content: Buffer; contentType: string }[]> {
  const files: { filename: string; content: Buffer; contentType: string }[] = [];
  for (const ref of refs) {
    const [stored] = await listStoredInvoices(deps.db, { orderId: ref.orderId });
    if (!stored) continue;
    const document = invoiceDocument(stored, 'invoice');
    files.push({ filename: `invoice-${document.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`, content: await renderInvoicePdf(document), contentType: 'application/pdf' });
  }
  return files;
}

/**
 * Sends what is due: leases up to a batch, sends each, records the outcome. A failed attempt is
 * retried after MAIL_RETRY_DELAYS_MS; after the last it is marked failed (the Mail page shows it).
 */
export async function sendDueMail(deps: Pick<Deps, 'db' | 'env' | 'log' | 'clock'>, transport: Pick<Transporter, 'sendMail'>): Promise<{ sent: number; failed: number }> {
  const now = deps.clock();
  const leased = await q.leaseDueMessages(deps.db, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString(), BATCH);
  let sent = 0;
  let failed = 0;
  for (const message of leased) {
    try {
      await transport.sendMail({
        from: senderOf(deps.env),
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        attachments: await attachmentsFor(deps, message.attachments),
      });
      await q.markSent(deps.db, message.id, deps.clock().toISOString());
      sent++;
    } catch (error) {
      const delay = MAIL_RETRY_DELAYS_MS[message.attempts];
      const retryAt = delay === undefined ? null : new Date(deps.clock().getTime() + delay).toISOString();
      await q.markAttemptFailed(deps.db, message.id, error instanceof Error ? error.message : String(error), retryAt);
      deps.log.warn({ err: error, mailId: message.id, attempt: message.attempts + 1, retryAt }, retryAt ? 'mail not sent; will retry' : 'mail not sent; giving up');
      failed++;
    }
  }
  return { sent, failed };
}

/**
 * Sends the outbox every couple of seconds until the returned function is called. One sender at
 * a time across app processes sharing a database; the timer never keeps the process alive.
 */
export function startMailSender(deps: Pick<Deps, 'db' | 'env' | 'log' | 'clock'>, transport: Pick<Transporter, 'sendMail'>, opts: { intervalMs?: number } = {}): () => void {
  return startExclusiveJob(deps.db, 'mail-sender', opts.intervalMs ?? MAIL_SEND_INTERVAL_MS, () => sendDueMail(deps, transport), {
    onError: (error) => deps.log.error({ err: error }, 'mail sender failed'),
  });
}

/** A random single-use token and the hash that is all the database keeps of it. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function summaryOf(m: q.OutboxMessage): MailSummary {
  const files = m.attachments.map((a) => ({ name: `Invoice of order ${a.orderNumber ?? a.orderId} (PDF)`, url: `/orders/${encodeURIComponent(a.orderId)}/invoice.pdf` }));
  return {
    _id: m.id,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    createdAt: m.createdAt,
    sentAt: m.sentAt,
    nextAttemptAt: m.nextAttemptAt,
    attachments: files.map((file) => file.name),
    // The invoice as the admin prints it (invoice.routes.ts): the same document, with the transporter's copy.
    attachmentFiles: files,
  };
}

/** The outbox for the admin's Mail page, newest first, keyset pages. */
export async function listMail(db: DB, input: { limit?: number | undefined; cursor?: string | undefined } | undefined): Promise<Page<MailSummary>> {
  const limit = input?.limit ?? 50;
  const after = decodeNewestFirst(input?.cursor);
  const rows = await q.listMessages(db, { limit: limit + 1, ...(after ? { after } : {}) });
  return toPage(rows.map(summaryOf), limit, newestFirstKey);
}

/** One message as it was (or will be) sent: HTML and plain text. */
export async function mailMessage(db: DB, id: string): Promise<MailMessage> {
  const message = await q.findMessage(db, id);
  if (!message) throw new AppError('NOT_FOUND', 'Message not found');
  return { ...summaryOf(message), html: message.html, text: message.text };
}
