import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { AdminOrder } from '../../../../shared/schemas/admin';
import { SHIPMENT_STATUS_LABELS, type AdminShipment, type ShipmentStatus } from '../../../../shared/schemas/shipping';
import { FieldError } from '../../../components/ui/field-error';
import { formatDateTime } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/trpc';
import { useHandOver, useRecordDeliveryStep, useRetryCourierCancel } from '../api/use-packing';
import { ModalDialog } from './modal-dialog';
import { LabelLinks, packingSlipUrl, pickupNote } from './pack-and-ship-dialog';

const STATUS_STYLE: Record<ShipmentStatus, string> = {
  packed: 'bg-amber-100 text-amber-950',
  booked: 'bg-sky-100 text-sky-900',
  shipped: 'bg-sky-100 text-sky-900',
  out_for_delivery: 'bg-sky-100 text-sky-900',
  delivered: 'bg-brand-100 text-brand-900',
  delivery_failed: 'bg-red-100 text-red-900',
  returning: 'bg-zinc-200 text-zinc-800',
  returned: 'bg-zinc-200 text-zinc-800',
  cancelled: 'bg-zinc-200 text-zinc-800',
};

/** The manual courier's parcels whose next steps the admin records as the courier reports them. */
const ON_ITS_WAY: readonly ShipmentStatus[] = ['shipped', 'out_for_delivery', 'delivery_failed', 'returning'];

/**
 * An order's parcel on the admin's order card: where it stands, the courier and AWB (linked to
 * the courier's tracking page), its routing code and pickup, the labels, the e-way bill, each
 * unit's serial or IMEIs, the packing slip, and the last courier error in red. A booked parcel
 * has Handed over; a manual courier's parcel on its way has the steps its courier reports.
 */
export function OrderParcel({
  orderId,
  orderNumber,
  shipment,
  lines,
  timeZone,
}: {
  orderId: string;
  /** What the buttons' names say (the readable number); the id when absent. */
  orderNumber?: string;
  shipment: AdminShipment;
  lines: AdminOrder['productDetails'];
  timeZone: string;
}) {
  const last = shipment.timeline.at(-1);
  const pickup = shipment.status === 'booked' ? pickupNote(shipment) : null;
  return (
    <section
      className="flex flex-col gap-1.5 rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-800"
      aria-label={`Parcel of order ${orderId}`}
      data-testid="order-parcel"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold text-zinc-900">Parcel</h4>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[shipment.status]}`} data-testid="parcel-status">
          {SHIPMENT_STATUS_LABELS[shipment.status]}
        </span>
        {last ? <span className="text-xs text-zinc-600">{formatDateTime(last.at, timeZone)}</span> : null}
      </div>
      {shipment.awb ? (
        <p className="[overflow-wrap:anywhere]" data-testid="parcel-courier">
          {shipment.courierName ?? 'Courier'} · AWB{' '}
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-mono font-semibold text-brand-700 underline hover:text-brand-800">
              {shipment.awb}
              <span className="sr-only"> (track the parcel, opens in a new tab)</span>
            </a>
          ) : (
            <span className="font-mono font-semibold">{shipment.awb}</span>
          )}
        </p>
      ) : null}
      {shipment.routingCode ? (
        <p data-testid="parcel-routing-code">
          Routing code <span className="font-mono">{shipment.routingCode}</span>
        </p>
      ) : null}
      {pickup ? <p data-testid="parcel-pickup">{pickup}</p> : null}
      {shipment.status === 'delivery_failed' && shipment.failedReason ? <p className="font-semibold text-red-800">Delivery failed: {shipment.failedReason}</p> : null}
      {shipment.ewayBill ? (
        <p data-testid="parcel-eway-bill">
          E-way bill <span className="font-mono">{shipment.ewayBill.number}</span> of {shipment.ewayBill.date}
        </p>
      ) : shipment.ewayBillRequired && (shipment.status === 'packed' || shipment.status === 'booked') ? (
        <p className="font-semibold text-amber-900">Needs its e-way bill to ship</p>
      ) : null}
      {shipment.units.length > 0 ? (
        <ul className="flex flex-col gap-0.5" aria-label="Units’ numbers" data-testid="parcel-units">
          {shipment.units.map((unit) => {
            const line = lines[unit.line];
            return (
              <li key={`${unit.itemId}:${unit.unit}`} className="[overflow-wrap:anywhere]">
                {line?.name ?? 'Item'}
                {line && line.quantity > 1 ? `, unit ${unit.unit + 1}` : ''}: {unit.kind === 'imei' ? 'IMEI' : 'S/N'} <span className="font-mono">{unit.values.join(', ')}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {shipment.lastError ? (
        <p className="font-semibold text-red-800" data-testid="parcel-last-error">
          Courier error: {shipment.lastError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <a href={packingSlipUrl(orderId)} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline hover:text-brand-800">
          Packing slip (PDF)
          <span className="sr-only">{` of order ${orderId}`}</span>
        </a>
        {shipment.awb ? <LabelLinks orderId={orderId} /> : null}
      </div>
      {shipment.courierCancelPending ? <RetryCourierCancel orderId={orderId} orderNumber={orderNumber ?? orderId} /> : null}
      {shipment.status === 'booked' ? <HandOverButton orderId={orderId} orderNumber={orderNumber ?? orderId} shipment={shipment} /> : null}
      {shipment.courier === 'manual' && ON_ITS_WAY.includes(shipment.status) ? (
        <DeliverySteps orderId={orderId} orderNumber={orderNumber ?? orderId} status={shipment.status} />
      ) : null}
    </section>
  );
}

/** The courier took the booked parcel before its pickup scan came in: the order ships now. */
function HandOverButton({ orderId, orderNumber, shipment }: { orderId: string; orderNumber: string; shipment: AdminShipment }) {
  const handOver = useHandOver();
  const onClick = async () => {
    try {
      await handOver.mutateAsync({ orderId });
      toast.success(`Handed over: order shipped with ${shipment.courierName ?? 'the courier'}, AWB ${shipment.awb ?? ''}`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <button
      type="button"
      className="btn-outline self-start"
      disabled={handOver.isPending}
      onClick={() => void onClick()}
      aria-label={`Handed over to the courier: order ${orderNumber}`}
    >
      {handOver.isPending ? 'Saving…' : 'Handed over'}
    </button>
  );
}

type Asking = 'delivery_failed' | 'returned' | null;

/**
 * What the manual courier reports, recorded by the admin: out for delivery, a failed attempt (its
 * reason asked), on its way back, back at the shop (damaged or not asked). Each is a step on the
 * parcel's timeline, with the shopper's mail where there is one, as a courier's scan would be.
 */
function DeliverySteps({ orderId, orderNumber, status }: { orderId: string; orderNumber: string; status: ShipmentStatus }) {
  const record = useRecordDeliveryStep();
  const [asking, setAsking] = useState<Asking>(null);
  const step = async (input: { status: 'out_for_delivery' | 'delivery_failed' | 'returning' | 'returned'; reason?: string; damaged?: boolean }, done: string) => {
    try {
      await record.mutateAsync({ orderId, ...input });
      toast.success(done);
      return null;
    } catch (failure) {
      return errorMessage(failure);
    }
  };
  const quick = async (input: { status: 'out_for_delivery' | 'returning' }, done: string) => {
    const problem = await step(input, done);
    if (problem) toast.error(problem);
  };
  const busy = record.isPending;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Delivery steps: order ${orderNumber}`} data-testid="delivery-steps">
      {status === 'shipped' || status === 'delivery_failed' ? (
        <button type="button" className="btn-outline min-h-9 px-3" disabled={busy} onClick={() => void quick({ status: 'out_for_delivery' }, 'Recorded: out for delivery')}>
          Out for delivery
        </button>
      ) : null}
      {status === 'shipped' || status === 'out_for_delivery' ? (
        <button type="button" className="btn-outline min-h-9 px-3" disabled={busy} onClick={() => setAsking('delivery_failed')}>
          Delivery failed…
        </button>
      ) : null}
      {status !== 'returning' ? (
        <button type="button" className="btn-outline min-h-9 px-3" disabled={busy} onClick={() => void quick({ status: 'returning' }, 'Recorded: returning to the shop')}>
          Returning to shop
        </button>
      ) : null}
      <button type="button" className="btn-outline min-h-9 px-3" disabled={busy} onClick={() => setAsking('returned')}>
        Back at the shop…
      </button>
      {asking === 'delivery_failed' ? (
        <DeliveryFailedDialog
          orderNumber={orderNumber}
          pending={busy}
          onClose={() => setAsking(null)}
          onSave={async (reason) => {
            const problem = await step({ status: 'delivery_failed', reason }, 'Recorded: delivery failed');
            if (!problem) setAsking(null);
            return problem;
          }}
        />
      ) : null}
      {asking === 'returned' ? (
        <BackAtShopDialog
          orderNumber={orderNumber}
          pending={busy}
          onClose={() => setAsking(null)}
          onSave={async (damaged) => {
            const problem = await step({ status: 'returned', damaged }, damaged ? 'Recorded: back at the shop, damaged' : 'Recorded: back at the shop');
            if (!problem) setAsking(null);
            return problem;
          }}
        />
      ) : null}
    </div>
  );
}

/** "Delivery failed": the courier's reason, required (the shopper's mail and the NDR queue show it). */
function DeliveryFailedDialog({
  orderNumber,
  pending,
  onClose,
  onSave,
}: {
  orderNumber: string;
  pending: boolean;
  onClose: () => void;
  onSave: (reason: string) => Promise<string | null>;
}) {
  const inputId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError('say why the delivery failed, as the courier reported it');
      return;
    }
    setRefusal(await onSave(reason.trim()));
  };
  return (
    <ModalDialog title="Delivery failed" description={`Order ${orderNumber}`} onClose={onClose} widthClassName="max-w-md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor={inputId} className="label">
            Reason, as the courier reported it
          </label>
          <input
            id={inputId}
            className="field"
            value={reason}
            maxLength={250}
            autoComplete="off"
            placeholder="Customer not available"
            onChange={(event) => {
              setError(null);
              setReason(event.target.value);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <FieldError id={`${inputId}-error`} message={error ?? undefined} />
        </div>
        <p className="text-sm text-zinc-700">The shopper is mailed the reason, and the parcel joins the failed deliveries at the top of All orders.</p>
        {refusal ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
            {refusal}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? 'Saving…' : 'Record failed delivery'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** "Back at the shop": damaged or not (undamaged units go back on sale). */
function BackAtShopDialog({
  orderNumber,
  pending,
  onClose,
  onSave,
}: {
  orderNumber: string;
  pending: boolean;
  onClose: () => void;
  onSave: (damaged: boolean) => Promise<string | null>;
}) {
  const name = useId();
  const [damaged, setDamaged] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (damaged === null) {
      setError('say whether the parcel came back damaged');
      return;
    }
    setRefusal(await onSave(damaged));
  };
  return (
    <ModalDialog title="Back at the shop" description={`Order ${orderNumber}`} onClose={onClose} widthClassName="max-w-md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <fieldset aria-describedby={error ? `${name}-error` : undefined}>
          <legend className="label">Is the product damaged?</legend>
          <div className="flex flex-col gap-1">
            {(
              [
                [false, 'No: it goes back on sale'],
                [true, 'Yes: keep it off sale'],
              ] as const
            ).map(([value, label]) => (
              <label key={String(value)} className="flex min-h-10 items-center gap-2 text-sm text-zinc-800">
                <input
                  type="radio"
                  name={name}
                  className="size-4 accent-brand-700"
                  checked={damaged === value}
                  onChange={() => {
                    setError(null);
                    setDamaged(value);
                  }}
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError id={`${name}-error`} message={error ?? undefined} />
        </fieldset>
        <p className="text-sm text-zinc-700">
          A cash-on-delivery order is marked returned (no cash collected); one paid online is cancelled, to be refunded. Its credit note is issued.
        </p>
        {refusal ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
            {refusal}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? 'Saving…' : 'Record return'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The order was cancelled but Shiprocket did not confirm cancelling its shipment: ask it again. */
function RetryCourierCancel({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const retry = useRetryCourierCancel();
  const onRetry = async () => {
    try {
      await retry.mutateAsync({ orderId });
      toast.success(`Order ${orderNumber}: cancelled at Shiprocket`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <button
      type="button"
      className="btn bg-red-700 self-start text-white hover:bg-red-800"
      disabled={retry.isPending}
      aria-label={`Try again to cancel order ${orderNumber} at Shiprocket`}
      onClick={() => void onRetry()}
    >
      {retry.isPending ? 'Trying…' : 'Try cancelling at Shiprocket again'}
    </button>
  );
}
