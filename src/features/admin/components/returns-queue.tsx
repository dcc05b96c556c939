import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { RETURN_REASONS, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type AdminReturn, type ReturnReason } from '../../../../shared/schemas/returns';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ShopTime } from '../../../components/ui/shop-time';
import { FieldError } from '../../../components/ui/field-error';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useReturnSteps, useReturnsQueue } from '../api/use-returns-queue';

const RESOLUTION_WORDS = { replacement: 'Replacement', refund: 'Refund' } as const;

/**
 * The owner's returns queue (admin "Returns"): each request with its order, item, the unit's
 * IMEI or serial as delivered, the reason, photos and preferred resolution, and the one next step:
 * approve or reject (with a message), schedule the pickup (courier and AWB), picked up, receive
 * (the scanned number checked against the delivered one; a mismatch shows in red and holds the
 * request until resolved). Cards on a phone, the same cards two to a row on a wide screen.
 */
export function ReturnsQueue() {
  const [show, setShow] = useState<'open' | 'all'>('open');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const queue = useReturnsQueue({ show, reason: reason || undefined });
  const id = useId();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Returns</h1>
      <div className="flex flex-wrap items-end gap-4" role="group" aria-label="Filters">
        <div>
          <label htmlFor={`${id}-show`} className="label">
            Show
          </label>
          <select id={`${id}-show`} className="field" value={show} onChange={(e) => setShow(e.target.value as 'open' | 'all')}>
            <option value="open">Open</option>
            <option value="all">All</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="label">
            Reason
          </label>
          <select id={`${id}-reason`} className="field" value={reason} onChange={(e) => setReason(e.target.value as ReturnReason | '')}>
            <option value="">Any reason</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {RETURN_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {queue.isPending ? (
        <PageSpinner label="Loading returns" />
      ) : queue.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(queue.error)}
        </p>
      ) : queue.data.length === 0 ? (
        <div className="card px-4 py-10 text-center" data-testid="no-returns">
          <p className="text-lg font-semibold text-zinc-800">No {show === 'open' ? 'open ' : ''}return requests.</p>
        </div>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2" aria-label="Return requests">
          {queue.data.map((request) => (
            <li key={request.id}>
              <ReturnCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReturnCard({ request }: { request: AdminReturn }) {
  const mismatch = request.numberMatches === false;
  return (
    <article
      className={`card flex flex-col gap-3 p-4 text-sm ${mismatch && request.held ? 'border-2 border-red-600' : ''}`}
      aria-label={`Return for order ${request.orderNumber}`}
      data-testid="return-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-zinc-900">
          Order {request.orderNumber} · <ShopTime iso={request.requestedAt} />
        </p>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950" data-testid="return-card-status">
          {RETURN_STATUS_LABELS[request.status]}
          {request.held ? ' · held' : ''}
        </span>
      </div>
      <p className="text-base font-medium text-zinc-900">
        {request.itemName}
        {request.variantLabel ? ` (${request.variantLabel})` : ''}
        {request.quantity > 1 ? `, unit ${request.unit + 1} of ${request.quantity}` : ''}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-zinc-600">Delivered</dt>
        <dd className="font-mono [overflow-wrap:anywhere]" data-testid="delivered-number">
          {request.deliveredNumber ?? 'no serial (counted unit)'}
        </dd>
        <dt className="text-zinc-600">Reason</dt>
        <dd>{RETURN_REASON_LABELS[request.reason]}</dd>
        <dt className="text-zinc-600">Wants</dt>
        <dd>{RESOLUTION_WORDS[request.resolution]}</dd>
        {request.payoutMasked ? (
          <>
            <dt className="text-zinc-600">Refund to</dt>
            <dd>{request.payoutMasked}</dd>
          </>
        ) : null}
        <dt className="text-zinc-600">Shopper</dt>
        <dd className="[overflow-wrap:anywhere]">{request.customerEmail}</dd>
        {request.pickup ? (
          <>
            <dt className="text-zinc-600">Pickup</dt>
            <dd>
              {request.pickup.courierName} · AWB <span className="font-mono">{request.pickup.awb}</span>
            </dd>
          </>
        ) : null}
        {request.receivedNumber ? (
          <>
            <dt className="text-zinc-600">Received</dt>
            <dd className={`font-mono ${mismatch ? 'font-bold text-red-700' : 'text-brand-800'}`} data-testid="received-number">
              {request.receivedNumber} {mismatch ? '≠ delivered: mismatch' : '✓ matches'}
            </dd>
          </>
        ) : null}
        {request.condition ? (
          <>
            <dt className="text-zinc-600">Condition</dt>
            <dd>{request.condition === 'resaleable' ? 'Resaleable' : 'Damaged'}</dd>
          </>
        ) : null}
      </dl>
      <p className="rounded-lg bg-zinc-50 px-3 py-2 text-zinc-800 [overflow-wrap:anywhere]">{request.description}</p>
      {request.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {request.photos.map((url) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt="Shopper’s photo" width={80} height={80} className="size-20 rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {request.ownerMessage ? <p className="text-zinc-700">Message sent: {request.ownerMessage}</p> : null}
      {request.resolveNote ? <p className="text-zinc-700">Resolved: {request.resolveNote}</p> : null}
      <NextStep request={request} />
    </article>
  );
}

function NextStep({ request }: { request: AdminReturn }) {
  const steps = useReturnSteps();
  const id = useId();
  const [message, setMessage] = useState('');
  const [courierName, setCourierName] = useState('');
  const [awb, setAwb] = useState('');
  const [number, setNumber] = useState('');
  const [condition, setCondition] = useState<'resaleable' | 'damaged'>('resaleable');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const handlers = {
    onSuccess: () => {
      setErrors({});
      toast.success('Return updated');
    },
    onError: (error: unknown) => {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
    },
  };
  const busy = Object.values(steps).some((m) => m.isPending);
  const submit = (event: FormEvent, run: () => void) => {
    event.preventDefault();
    run();
  };

  if (request.status === 'requested') {
    return (
      <form className="flex flex-col gap-2" onSubmit={(e) => submit(e, () => steps.decide.mutate({ returnId: request.id, decision: 'approve', message }, handlers))}>
        <label htmlFor={`${id}-message`} className="label">
          Message to the shopper (needed to reject)
        </label>
        <textarea id={`${id}-message`} className="field min-h-16" value={message} onChange={(e) => setMessage(e.target.value)} />
        <FieldError id={`${id}-message-error`} message={errors.message} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary min-h-10" disabled={busy}>
            Approve
          </button>
          <button
            type="button"
            className="btn-outline min-h-10 border-red-700 text-red-800"
            disabled={busy}
            onClick={() => steps.decide.mutate({ returnId: request.id, decision: 'reject', message }, handlers)}
          >
            Reject
          </button>
        </div>
      </form>
    );
  }
  if (request.status === 'approved') {
    return (
      <form className="flex flex-col gap-2" onSubmit={(e) => submit(e, () => steps.schedulePickup.mutate({ returnId: request.id, courierName, awb }, handlers))}>
        <div className="grid gap-2 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-courier`} className="label">
              Pickup courier
            </label>
            <input id={`${id}-courier`} className="field" value={courierName} onChange={(e) => setCourierName(e.target.value)} placeholder="Delhivery" />
            <FieldError id={`${id}-courier-error`} message={errors.courierName} />
          </div>
          <div>
            <label htmlFor={`${id}-awb`} className="label">
              Pickup AWB
            </label>
            <input id={`${id}-awb`} className="field font-mono" value={awb} onChange={(e) => setAwb(e.target.value)} />
            <FieldError id={`${id}-awb-error`} message={errors.awb} />
          </div>
        </div>
        <button type="submit" className="btn-primary min-h-10 self-start" disabled={busy}>
          Schedule pickup
        </button>
      </form>
    );
  }
  if (request.status === 'pickup-scheduled') {
    return (
      <button type="button" className="btn-primary min-h-10 self-start" disabled={busy} onClick={() => steps.pickedUp.mutate({ returnId: request.id }, handlers)}>
        Mark picked up
      </button>
    );
  }
  if (request.status === 'picked-up') {
    return (
      <form className="flex flex-col gap-2" onSubmit={(e) => submit(e, () => steps.receive.mutate({ returnId: request.id, number, condition }, handlers))}>
        {request.deliveredNumber ? (
          <div>
            <label htmlFor={`${id}-number`} className="label">
              Scan the serial / IMEI of the unit that came back
            </label>
            <input id={`${id}-number`} className="field font-mono" value={number} onChange={(e) => setNumber(e.target.value)} autoComplete="off" />
            <FieldError id={`${id}-number-error`} message={errors.number} />
          </div>
        ) : null}
        <fieldset>
          <legend className="label">Condition</legend>
          <div className="flex flex-wrap gap-4">
            {(['resaleable', 'damaged'] as const).map((c) => (
              <label key={c} className="flex min-h-10 items-center gap-2">
                <input type="radio" name={`${id}-condition`} checked={condition === c} onChange={() => setCondition(c)} />
                {c === 'resaleable' ? 'Resaleable (back to stock)' : 'Damaged (not back to stock)'}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-primary min-h-10 self-start" disabled={busy}>
          Receive
        </button>
      </form>
    );
  }
  if (request.status === 'received' && request.held) {
    return (
      <form className="flex flex-col gap-2 rounded-lg bg-red-50 p-3" onSubmit={(e) => e.preventDefault()}>
        <p className="font-semibold text-red-800">Serial / IMEI mismatch: resolve before anything else happens to this return.</p>
        <label htmlFor={`${id}-note`} className="label">
          Your decision and why
        </label>
        <textarea id={`${id}-note`} className="field min-h-16" value={message} onChange={(e) => setMessage(e.target.value)} />
        <FieldError id={`${id}-note-error`} message={errors.note} />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary min-h-10"
            disabled={busy}
            onClick={() => steps.resolve.mutate({ returnId: request.id, decision: 'accept', note: message }, handlers)}
          >
            Accept the unit
          </button>
          <button
            type="button"
            className="btn-outline min-h-10 border-red-700 text-red-800"
            disabled={busy}
            onClick={() => steps.resolve.mutate({ returnId: request.id, decision: 'refuse', note: message }, handlers)}
          >
            Refuse it
          </button>
        </div>
      </form>
    );
  }
  return null;
}
