import { z } from 'zod';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Every kind of message the shop sends (the outbox's `kind`). */
export const MAIL_KINDS = [
  'order-paid',
  'order-shipped',
  'order-out-for-delivery',
  'order-delivery-failed',
  'order-delivered',
  'order-cancelled',
  'order-returned',
  'order-refund',
  'password-reset',
  'admin-sign-in',
  'new-admin',
  'email-change',
  'email-changed',
  'stock-low',
  'return-requested',
  'return-approved',
  'return-rejected',
  'return-pickup-scheduled',
  'return-picked-up',
  'return-received',
  'return-cancelled',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MailListInputSchema = z
  .object({
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().max(500, { error: 'cursor is not valid' }).optional(),
  })
  .optional();

export const MailIdInputSchema = z.object({ mailId: z.string({ error: 'mailId is required' }).trim().min(1, { error: 'mailId is required' }).max(64) });

/** A message in the admin's Mail page (the outbox). */
export type MailSummary = {
  _id: string;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** When the next attempt is due (pending messages). */
  nextAttemptAt: string;
  /** Names of the files attached when it is sent. */
  attachments: string[];
  /** The same files, each with the address an admin opens it at (the invoice PDF route). */
  attachmentFiles: { name: string; url: string }[];
};

export type MailMessage = MailSummary & { html: string; text: string };
