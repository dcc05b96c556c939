import { useState } from 'react';
import type { MailSummary } from '../../../../shared/schemas/mail';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ShopTime } from '../../../components/ui/shop-time';
import { errorMessage } from '../../../lib/trpc';
import { useMailOutbox } from '../api/use-mail';
import { MailMessageDialog } from './mail-message-dialog';
import { MailAttachments, mailKindLabel, MailStatusDetails } from './mail-status';

export const OUTBOX_NOTE = 'Messages wait here until they are sent. Without SMTP_URL set, none are sent: read them here.';

/**
 * The shop's outbox (admin Mail page): every message newest first, a table on a wide panel and
 * cards on a narrow one, and the message itself (text and HTML) in a dialog. Without SMTP_URL
 * nothing leaves the outbox, and this page is where an owner reads, say, a password reset link.
 */
export function MailOutbox() {
  const outbox = useMailOutbox();
  const [openId, setOpenId] = useState<string | null>(null);
  const items = outbox.data?.pages.flatMap((page) => page.items) ?? [];
  const open = items.find((mail) => mail._id === openId);
  // A hint, not a verdict (the client cannot read the server's environment): messages waiting
  // for a while and none ever sent is what a shop without SMTP_URL looks like.
  const looksUnsent = items.length > 0 && !items.some((mail) => mail.status === 'sent') && items.some((mail) => mail.status === 'pending' && mail.attempts === 0);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Mail</h1>
        <button type="button" className="btn-outline" disabled={outbox.isFetching} onClick={() => void outbox.refetch()}>
          {outbox.isFetching && !outbox.isPending ? 'Refreshing ...' : 'Refresh'}
        </button>
      </div>
      <p
        role="note"
        className={`rounded-2xl border-2 px-4 py-3 text-sm ${looksUnsent ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-zinc-200 bg-zinc-50 text-zinc-800'}`}
      >
        {OUTBOX_NOTE}
      </p>

      {outbox.isPending ? (
        <PageSpinner label="Loading mail" />
      ) : outbox.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(outbox.error)}
        </p>
      ) : items.length === 0 ? (
        <div className="card px-4 py-10 text-center" data-testid="no-mail">
          <p className="text-lg font-semibold text-zinc-800">No messages yet.</p>
          <p className="mt-1 text-sm text-zinc-600">Order confirmations, shipping notices and password reset links appear here as the shop sends them.</p>
        </div>
      ) : (
        <MailRows items={items} onOpen={setOpenId} />
      )}

      {outbox.hasNextPage ? (
        <button type="button" className="btn-outline self-center" disabled={outbox.isFetchingNextPage} onClick={() => void outbox.fetchNextPage()}>
          {outbox.isFetchingNextPage ? 'Loading ...' : 'Load more'}
        </button>
      ) : null}

      {open ? <MailMessageDialog mail={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

/** The subject as the button that opens the message: the one control per row, for keyboards and screen readers. */
function OpenButton({ mail, onOpen }: { mail: MailSummary; onOpen: (id: string) => void }) {
  return (
    <button type="button" className="text-left font-semibold text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]" onClick={() => onOpen(mail._id)}>
      {mail.subject}
    </button>
  );
}

function MailRows({ items, onOpen }: { items: readonly MailSummary[]; onOpen: (id: string) => void }) {
  const caption = 'Messages of the shop, newest first (times in India Standard Time)';
  return (
    <div className="@container">
      {/* Wide panel: the table; a click anywhere on a row opens it too. */}
      <div className="card hidden overflow-x-auto @3xl:block">
        <table className="w-full text-left text-sm" data-testid="mail-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-xs text-zinc-600">
              <th scope="col" className="px-3 py-2 font-medium">
                When
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                To
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Subject
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Kind
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((mail) => (
              <tr
                key={mail._id}
                className="cursor-pointer border-b border-zinc-100 align-top last:border-b-0 hover:bg-zinc-50"
                data-testid="mail-row"
                onClick={() => onOpen(mail._id)}
              >
                <td className="px-3 py-2 whitespace-nowrap text-zinc-700">
                  <ShopTime iso={mail.createdAt} />
                </td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{mail.to}</td>
                <td className="px-3 py-2">
                  <OpenButton mail={mail} onOpen={onOpen} />
                  <MailAttachments mail={mail} label="Attached:" className="mt-0.5 block text-xs text-zinc-600" />
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-zinc-700">{mailKindLabel(mail.kind)}</td>
                <td className="px-3 py-2">
                  <MailStatusDetails mail={mail} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Narrow panel: one card per message. */}
      <ul className="flex flex-col gap-3 @3xl:hidden" aria-label={caption} data-testid="mail-cards">
        {items.map((mail) => (
          <li key={mail._id} className="card flex flex-col gap-2 p-4">
            <OpenButton mail={mail} onOpen={onOpen} />
            <p className="text-xs text-zinc-600">
              <ShopTime iso={mail.createdAt} /> · {mailKindLabel(mail.kind)}
            </p>
            <p className="text-sm [overflow-wrap:anywhere]">To {mail.to}</p>
            <MailAttachments mail={mail} label="Attached:" className="text-xs text-zinc-600" />
            <MailStatusDetails mail={mail} />
          </li>
        ))}
      </ul>
    </div>
  );
}
