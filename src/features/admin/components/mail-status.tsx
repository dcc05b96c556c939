import { Fragment, type ReactNode } from 'react';
import type { MailKind, MailStatus, MailSummary } from '../../../../shared/schemas/mail';
import { ShopTime } from '../../../components/ui/shop-time';

/** What each kind of message is, in the admin's words (every kind the server sends has one). */
const KIND_LABEL: Record<MailKind, string> = {
  'order-paid': 'Order confirmation',
  'order-shipped': 'Order shipped',
  'order-out-for-delivery': 'Out for delivery',
  'order-delivery-failed': 'Delivery failed',
  'order-delivered': 'Order delivered',
  'order-cancelled': 'Order cancelled',
  'order-returned': 'Order returned',
  'order-refund': 'Order refund',
  'password-reset': 'Password reset',
  'admin-sign-in': 'Admin sign-in notice',
  'new-admin': 'New admin notice',
  'email-change': 'Email change link',
  'email-changed': 'Email changed notice',
  'stock-low': 'Low stock alert',
  'return-requested': 'Return requested',
  'return-approved': 'Return approved',
  'return-rejected': 'Return rejected',
  'return-pickup-scheduled': 'Return pickup scheduled',
  'return-picked-up': 'Return picked up',
  'return-received': 'Return received',
  'return-cancelled': 'Return cancelled',
};

/** A kind in words; one this client does not know yet (a newer server) still reads as words, not a key. */
export function mailKindLabel(kind: string): string {
  if (Object.hasOwn(KIND_LABEL, kind)) return KIND_LABEL[kind as MailKind];
  const words = kind.replace(/[-_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const STATUS_LABEL: Record<MailStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };
const STATUS_CLASS: Record<MailStatus, string> = {
  pending: 'bg-amber-100 text-amber-950',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

/** The line under a status badge: when it went, or how the tries stand. */
function statusLine(mail: MailSummary): ReactNode {
  const attempts = mail.attempts === 1 ? '1 attempt' : `${mail.attempts} attempts`;
  switch (mail.status) {
    case 'sent':
      return mail.sentAt ? (
        <>
          Sent <ShopTime iso={mail.sentAt} />
        </>
      ) : null;
    case 'pending':
      return mail.attempts === 0 ? (
        'Not tried yet'
      ) : (
        <>
          {attempts} · next try <ShopTime iso={mail.nextAttemptAt} />
        </>
      );
    case 'failed':
      return `Gave up after ${attempts}`;
  }
}

/** A message's status as a badge, with what the admin needs to know next to it: attempts, the last error, the next try. */
export function MailStatusDetails({ mail }: { mail: MailSummary }) {
  const line = statusLine(mail);
  return (
    <div className="flex flex-col items-start gap-1" data-testid="mail-status">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_CLASS[mail.status]}`}>{STATUS_LABEL[mail.status]}</span>
      {line ? <span className="text-xs text-zinc-600">{line}</span> : null}
      {mail.lastError && mail.status !== 'sent' ? <span className="text-xs text-red-800 [overflow-wrap:anywhere]">{mail.lastError}</span> : null}
    </div>
  );
}

/**
 * The files attached when the message is sent, each a link that opens it (the order's invoice
 * PDF, which an admin may download). The click stays on the link: a table row opens the message.
 */
export function MailAttachments({ mail, label, className }: { mail: MailSummary; label: string; className: string }) {
  if (mail.attachmentFiles.length === 0) return null;
  return (
    <span className={className} data-testid="mail-attachments">
      {label}{' '}
      {mail.attachmentFiles.map((file, i) => (
        <Fragment key={file.url}>
          {i > 0 ? ', ' : null}
          <a href={file.url} className="font-medium text-brand-700 underline underline-offset-2 [overflow-wrap:anywhere]" onClick={(event) => event.stopPropagation()}>
            {file.name}
          </a>
        </Fragment>
      ))}
    </span>
  );
}
