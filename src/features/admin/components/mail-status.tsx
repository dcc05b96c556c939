import type { ReactNode } from 'react';
import type { MailStatus, MailSummary } from '../../../../shared/schemas/mail';
import { ShopTime } from '../../../components/ui/shop-time';

/** What each kind of message is, in the admin's words; an unknown kind shows as it is. */
const KIND_LABEL: Record<string, string> = {
  'password-reset': 'Password reset',
  'order-paid': 'Order confirmation',
  'order-shipped': 'Order shipped',
  'order-delivered': 'Order delivered',
  'order-cancelled': 'Order cancelled',
};

export const mailKindLabel = (kind: string) => KIND_LABEL[kind] ?? kind;

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
