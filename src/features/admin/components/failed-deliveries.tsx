import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/format-address';
import { errorMessage, type RouterOutputs } from '../../../lib/trpc';
import { useShopTimeZone } from '../../../lib/use-shop-time-zone';
import { useAnswerNdr, useNdrQueue } from '../api/use-ndr';
import { ModalDialog } from './modal-dialog';

type NdrEntry = RouterOutputs['shipping']['ndrQueue'][number];
type Action = 're-attempt' | 'return';

/**
 * The failed-delivery (NDR) queue at the top of All orders: each parcel the courier could not
 * deliver, oldest first (order, customer and phone, PIN, the courier's reason, attempts, when),
 * with Deliver again (a note for the courier's agent) or Return to shop (asked twice). Nothing is
 * shown while the queue is empty: the panel is there only when something waits for an answer.
 */
export function FailedDeliveries() {
  const queue = useNdrQueue();
  const timeZone = useShopTimeZone();
  const headingId = useId();
  const [answering, setAnswering] = useState<{ entry: NdrEntry; action: Action } | null>(null);
  if (queue.isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
        The failed deliveries could not be read: {errorMessage(queue.error)}
      </p>
    );
  }
  const entries = queue.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 border-2 border-red-600 p-4" data-testid="failed-deliveries">
      <div>
        <h2 id={headingId} className="text-xl font-bold text-red-900">
          Failed deliveries <span className="text-base font-semibold">({entries.length})</span>
        </h2>
        <p className="text-sm text-zinc-700">
          The courier could not deliver these parcels. Ask for another attempt, with a note for its agent, or have the parcel returned to the shop.
        </p>
      </div>
      <ul className="flex flex-col divide-y divide-zinc-200">
        {entries.map((entry) => (
          <li key={entry.orderId} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 md:flex-row md:items-center md:justify-between" data-testid="ndr-entry">
            <div className="min-w-0 text-sm text-zinc-800">
              <p className="font-semibold text-zinc-900 [overflow-wrap:anywhere]">
                Order {entry.orderNumber} · {entry.customer}
              </p>
              <p className="[overflow-wrap:anywhere]">
                {entry.phone ? (
                  <a href={`tel:${entry.phone}`} className="text-brand-700 underline hover:text-brand-800">
                    {formatPhone(entry.phone)}
                  </a>
                ) : (
                  'No phone'
                )}
                {entry.pin ? ` · PIN ${entry.pin}` : null}
                {entry.awb ? (
                  <>
                    {' '}
                    · {entry.courierName ?? 'Courier'} AWB <span className="font-mono">{entry.awb}</span>
                  </>
                ) : null}
              </p>
              <p className="font-semibold text-red-800" data-testid="ndr-reason">
                {entry.reason ?? 'No reason given'}
              </p>
              <p className="text-xs text-zinc-600">
                {entry.attempts === 1 ? '1 attempt' : `${entry.attempts} attempts`}, last <time dateTime={entry.failedAt}>{formatDateTime(entry.failedAt, timeZone)}</time>
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={() => setAnswering({ entry, action: 're-attempt' })} aria-label={`Deliver again: order ${entry.orderNumber}`}>
                Deliver again
              </button>
              <button type="button" className="btn-outline" onClick={() => setAnswering({ entry, action: 'return' })} aria-label={`Return to shop: order ${entry.orderNumber}`}>
                Return to shop
              </button>
            </div>
          </li>
        ))}
      </ul>
      {answering ? <AnswerDialog entry={answering.entry} action={answering.action} onClose={() => setAnswering(null)} /> : null}
    </section>
  );
}

/** Deliver again (its note for the courier's agent) or Return to shop (what happens when it is back), then the answer. */
function AnswerDialog({ entry, action, onClose }: { entry: NdrEntry; action: Action; onClose: () => void }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const answer = useAnswerNdr();
  const again = action === 're-attempt';
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    try {
      await answer.mutateAsync({ orderId: entry.orderId, action, note: note.trim() });
      toast.success(again ? `Order ${entry.orderNumber}: the courier will deliver again` : `Order ${entry.orderNumber}: returning to the shop`);
      onClose();
    } catch (failure) {
      setRefusal(errorMessage(failure));
    }
  };
  return (
    <ModalDialog title={again ? 'Deliver again' : 'Return to shop?'} description={`Order ${entry.orderNumber} · ${entry.customer}`} onClose={onClose} widthClassName="max-w-md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-zinc-700">
          {again
            ? 'The courier is asked to try again. Call the shopper first if you can: a note tells its agent what they said.'
            : 'The courier brings the parcel back. When it arrives, a cash-on-delivery order is marked returned (no cash collected) and one paid online cancelled for its refund; its credit note is issued and its units go back on sale unless they came back damaged.'}
        </p>
        <div>
          <label htmlFor={noteId} className="label">
            {again ? 'Note for the courier’s agent' : 'Reason'} <span className="font-normal text-zinc-600">(optional)</span>
          </label>
          <input
            id={noteId}
            className="field"
            value={note}
            maxLength={250}
            autoComplete="off"
            placeholder={again ? 'Shopper at home after 6 pm' : 'Shopper refused the parcel'}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {refusal ? (
          <p role="alert" className="rounded-xl border-2 border-red-600 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
            {refusal}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            {again ? 'Cancel' : 'Keep waiting'}
          </button>
          <button type="submit" className={again ? 'btn-primary' : 'btn bg-red-700 text-white hover:bg-red-800'} disabled={answer.isPending}>
            {answer.isPending ? 'Sending…' : again ? 'Deliver again' : 'Return to shop'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
