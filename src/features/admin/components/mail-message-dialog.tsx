import type { MailSummary } from '../../../../shared/schemas/mail';
import { ShopTime } from '../../../components/ui/shop-time';
import { errorMessage } from '../../../lib/trpc';
import { useId } from 'react';
import { useMailMessage } from '../api/use-mail';
import { MailAttachments, mailKindLabel, MailStatusDetails } from './mail-status';
import { MailHtmlFrame, MailPlainText } from './mail-text';
import { ModalDialog } from './modal-dialog';

/**
 * One message of the outbox as it was (or will be) sent: who to, its status, and both its parts,
 * the plain text (addresses made links) and the HTML (in a sandboxed frame). The row's summary
 * shows at once; the parts arrive with the message.
 */
export function MailMessageDialog({ mail, onClose }: { mail: MailSummary; onClose: () => void }) {
  const message = useMailMessage(mail._id);
  const shown = message.data ?? mail;
  const textHeadingId = useId();
  const htmlHeadingId = useId();

  return (
    <ModalDialog
      title={shown.subject}
      onClose={onClose}
      widthClassName="max-w-3xl"
      description={
        <>
          To <span className="font-medium text-zinc-800">{shown.to}</span> · {mailKindLabel(shown.kind)} · <ShopTime iso={shown.createdAt} />
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <MailStatusDetails mail={shown} />
          <MailAttachments mail={shown} label="Attached when sent:" className="text-sm text-zinc-700" />
        </div>
        {message.isPending ? (
          <p role="status" className="py-6 text-center text-zinc-600">
            Loading the message ...
          </p>
        ) : message.isError ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-4 text-center text-red-800">
            {errorMessage(message.error)}
          </p>
        ) : (
          <>
            <section aria-labelledby={textHeadingId} className="flex flex-col gap-2">
              <h3 id={textHeadingId} className="font-semibold">
                Plain text
              </h3>
              <MailPlainText text={message.data.text} />
            </section>
            <section aria-labelledby={htmlHeadingId} className="flex flex-col gap-2">
              <h3 id={htmlHeadingId} className="font-semibold">
                As HTML
              </h3>
              <MailHtmlFrame html={message.data.html} />
            </section>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
