import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  RequestReturnInputSchema,
  type ReturnLine,
  type ReturnReason,
  type ReturnResolution,
  type ReturnUnit,
  type ShopperReturn,
} from '../../../../shared/schemas/returns';
import { FieldError } from '../../../components/ui/field-error';
import { formatDateTime } from '../../../lib/format-date';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useCancelReturn, useRequestReturn, useUploadReturnPhoto } from '../api/use-returns';

export const RETURN_REQUESTED_MESSAGE = 'Return requested: we will write to you within one working day';

const RESOLUTION_LABELS: Record<ReturnResolution, string> = { replacement: 'Replacement', refund: 'Refund' };

/** What each step means to the shopper, for the timeline. */
const STEP_TEXT: Record<string, string> = {
  requested: 'Return requested',
  approved: 'Approved',
  rejected: 'Not approved',
  'pickup-scheduled': 'Pickup scheduled',
  'picked-up': 'Picked up by the courier',
  received: 'Received and checked at our store',
  cancelled: 'Cancelled by you',
  resolved: 'Checked by our team',
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error('The photo could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Returns for one line of a delivered order on the shopper's order page: its policy ("7 days
 * replacement"), and for each unit its request with the steps so far (cancellable while requested
 * or approved), or "Return or replace" with the form, or why a request cannot be made.
 */
export function OrderLineReturns({ orderId, line, timeZone }: { orderId: string; line: ReturnLine | undefined; timeZone: string }) {
  if (!line) return null;
  return (
    <div className="mt-2 flex flex-col gap-2 text-sm" data-testid="line-returns">
      <p className="text-zinc-700">
        Returns: <span className="font-medium text-zinc-900">{line.policyText}</span>
      </p>
      {line.units.map((unit) => (
        <UnitReturn key={unit.unit} orderId={orderId} line={line} unit={unit} timeZone={timeZone} />
      ))}
    </div>
  );
}

function UnitReturn({ orderId, line, unit, timeZone }: { orderId: string; line: ReturnLine; unit: ReturnUnit; timeZone: string }) {
  const [open, setOpen] = useState(false);
  const name = line.units.length > 1 ? `Unit ${unit.unit + 1}${unit.number ? ` (${unit.number})` : ''}` : unit.number ? `Unit ${unit.number}` : null;
  const request = unit.request;
  if (request && request.status !== 'cancelled' && request.status !== 'rejected') return <RequestStatus request={request} name={name} timeZone={timeZone} />;
  return (
    <div className="flex flex-col gap-2">
      {request ? <RequestStatus request={request} name={name} timeZone={timeZone} /> : null}
      {line.closedReason ? (
        <p className="text-zinc-700" data-testid="return-closed">
          {line.closedReason}
        </p>
      ) : open ? (
        <ReturnForm orderId={orderId} line={line} unit={unit} name={name} onDone={() => setOpen(false)} />
      ) : (
        <button type="button" className="btn-outline min-h-10 self-start" onClick={() => setOpen(true)}>
          Return or replace{name ? ` · ${name}` : ''}
        </button>
      )}
    </div>
  );
}

function RequestStatus({ request, name, timeZone }: { request: ShopperReturn; name: string | null; timeZone: string }) {
  const cancel = useCancelReturn();
  const cancellable = request.status === 'requested' || request.status === 'approved';
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-zinc-200 px-3 py-3" aria-label="Return" data-testid="return-request">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-zinc-900">Return{name ? ` · ${name}` : ''}</h3>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950" data-testid="return-status">
          {RETURN_STATUS_LABELS[request.status]}
        </span>
        <span className="text-zinc-700">
          {RETURN_REASON_LABELS[request.reason]} · {RESOLUTION_LABELS[request.resolution]}
        </span>
      </div>
      {request.ownerMessage ? <p className="text-zinc-800">Our note: {request.ownerMessage}</p> : null}
      {request.pickup ? (
        <p className="text-zinc-800">
          Pickup: {request.pickup.courierName} · AWB <span className="font-mono font-semibold">{request.pickup.awb}</span>
        </p>
      ) : null}
      <ol className="flex flex-col gap-1 border-l-2 border-zinc-200 pl-3" aria-label="Return steps">
        {request.timeline.map((step, i) => (
          <li key={i} className="text-zinc-800">
            <span className="font-medium">{STEP_TEXT[step.status] ?? step.status}</span> <span className="text-zinc-600">{formatDateTime(step.at, timeZone)}</span>
          </li>
        ))}
      </ol>
      {cancellable ? (
        <button
          type="button"
          className="btn-ghost min-h-9 self-start px-3 text-red-800"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate({ returnId: request.id }, { onSuccess: () => toast.success('Return request cancelled'), onError: (error) => toast.error(errorMessage(error)) })
          }
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel return request'}
        </button>
      ) : null}
    </section>
  );
}

type PayoutKind = 'upi' | 'bank';

function ReturnForm({ orderId, line, unit, name, onDone }: { orderId: string; line: ReturnLine; unit: ReturnUnit; name: string | null; onDone: () => void }) {
  const id = useId();
  const request = useRequestReturn();
  const upload = useUploadReturnPhoto();
  const [reason, setReason] = useState<ReturnReason>(line.reasons[0] ?? 'defective');
  const [resolution, setResolution] = useState<ReturnResolution>(line.resolutions[0] ?? 'replacement');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [payoutKind, setPayoutKind] = useState<PayoutKind>('upi');
  const [upiId, setUpiId] = useState('');
  const [bank, setBank] = useState({ accountName: '', accountNumber: '', ifsc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const payoutNeeded = line.payoutNeeded && resolution === 'refund';

  const onPhotos = async (files: FileList | null) => {
    if (!files) return;
    for (const file of [...files].slice(0, RETURN_PHOTOS_MAX - photos.length)) {
      try {
        const { url } = await upload.mutateAsync({ dataUrl: await readAsDataUrl(file) });
        setPhotos((list) => [...list, url]);
        setErrors((e) => ({ ...e, photos: '' }));
      } catch (error) {
        setErrors((e) => ({ ...e, photos: `${file.name}: ${errorMessage(error)}` }));
      }
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      orderId,
      itemId: line.itemId,
      unit: unit.unit,
      reason,
      description,
      photos,
      resolution,
      ...(payoutNeeded ? { payout: payoutKind === 'upi' ? { kind: 'upi' as const, upiId } : { kind: 'bank' as const, ...bank } } : {}),
    };
    const parsed = RequestReturnInputSchema.safeParse(input);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    if (line.photosRequired && photos.length === 0) found.photos = 'add at least one photo of the item and its box';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    request.mutate(input, {
      onSuccess: () => {
        toast.success(RETURN_REQUESTED_MESSAGE);
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        toast.error(errorMessage(error));
      },
    });
  };

  const err = (field: string) => errors[field] || undefined;
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50/40 p-3"
      onSubmit={onSubmit}
      noValidate
      aria-label={`Return ${name ?? 'this item'}`}
      data-testid="return-form"
    >
      <p className="font-semibold text-zinc-900">Return or replace{name ? ` · ${name}` : ''}</p>
      {line.lastDay ? (
        <p className="text-zinc-700">
          Open until {line.lastDay.split('-').reverse().join('/')} ({line.policyText}).
        </p>
      ) : null}
      <div>
        <label htmlFor={`${id}-reason`} className="label">
          Reason
        </label>
        <select id={`${id}-reason`} className="field" value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)}>
          {line.reasons.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-reason-error`} message={err('reason')} />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="label">
          What is wrong?
        </label>
        <textarea
          id={`${id}-description`}
          className="field min-h-24"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={err('description') ? true : undefined}
          aria-describedby={err('description') ? `${id}-description-error` : undefined}
        />
        <FieldError id={`${id}-description-error`} message={err('description')} />
      </div>
      <div>
        <label htmlFor={`${id}-photos`} className="label">
          Photos of the item and its box{line.photosRequired ? '' : ' (optional)'}
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="block w-full text-sm"
          onChange={(e) => void onPhotos(e.target.files)}
          disabled={upload.isPending || photos.length >= RETURN_PHOTOS_MAX}
          aria-describedby={err('photos') ? `${id}-photos-error` : undefined}
        />
        {upload.isPending ? <p className="mt-1 text-zinc-600">Uploading…</p> : null}
        {photos.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos added">
            {photos.map((url) => (
              <li key={url}>
                <img src={url} alt="Photo for the return" width={64} height={64} className="size-16 rounded-lg object-cover" />
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError id={`${id}-photos-error`} message={err('photos')} />
      </div>
      <fieldset>
        <legend className="label">You would like</legend>
        <div className="flex flex-wrap gap-4">
          {line.resolutions.map((r) => (
            <label key={r} className="flex min-h-10 items-center gap-2">
              <input type="radio" name={`${id}-resolution`} value={r} checked={resolution === r} onChange={() => setResolution(r)} />
              {RESOLUTION_LABELS[r]}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-resolution-error`} message={err('resolution')} />
      </fieldset>
      {payoutNeeded ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="label">Paid on delivery: where should the refund go?</legend>
          <div className="flex gap-4">
            {(['upi', 'bank'] as const).map((kind) => (
              <label key={kind} className="flex min-h-10 items-center gap-2">
                <input type="radio" name={`${id}-payout`} checked={payoutKind === kind} onChange={() => setPayoutKind(kind)} />
                {kind === 'upi' ? 'To a UPI id' : 'To a bank account'}
              </label>
            ))}
          </div>
          {payoutKind === 'upi' ? (
            <div>
              <label htmlFor={`${id}-upi`} className="label">
                UPI id
              </label>
              <input id={`${id}-upi`} className="field" value={upiId} onChange={(e) => setUpiId(e.target.value)} placeholder="name@okaxis" autoComplete="off" />
              <FieldError id={`${id}-upi-error`} message={err('payout.upiId') ?? err('payout')} />
            </div>
          ) : (
            <>
              {(
                [
                  ['accountName', 'Account holder’s name'],
                  ['accountNumber', 'Account number'],
                  ['ifsc', 'IFSC'],
                ] as const
              ).map(([field, label]) => (
                <div key={field}>
                  <label htmlFor={`${id}-${field}`} className="label">
                    {label}
                  </label>
                  <input
                    id={`${id}-${field}`}
                    className="field"
                    value={bank[field]}
                    inputMode={field === 'accountNumber' ? 'numeric' : undefined}
                    onChange={(e) => setBank((b) => ({ ...b, [field]: e.target.value }))}
                    autoComplete="off"
                  />
                  <FieldError id={`${id}-${field}-error`} message={err(`payout.${field}`)} />
                </div>
              ))}
              <FieldError id={`${id}-payout-error`} message={err('payout')} />
            </>
          )}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-10" disabled={request.isPending || upload.isPending}>
          {request.isPending ? 'Sending…' : 'Request return'}
        </button>
        <button type="button" className="btn-ghost min-h-10" onClick={onDone}>
          Not now
        </button>
      </div>
    </form>
  );
}
