import { SHIPMENT_STATUS_LABELS, type OrderShipment, type ShipmentStatus, type UnitNumbers } from '../../../../shared/schemas/shipping';
import { formatDateTime } from '../../../lib/format-date';

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

/** A step of the timeline as the shopper reads it: "Shipped with Delhivery, AWB 123"; a failed delivery carries the courier's reason. */
export function stepText(step: OrderShipment['timeline'][number], shipment: Pick<OrderShipment, 'courierName' | 'awb'>): string {
  if (step.status === 'shipped' && shipment.awb) return `Shipped with ${shipment.courierName ?? 'the courier'}, AWB ${shipment.awb}`;
  return step.label;
}

/**
 * The parcel of an order on the shopper's order page: where it is, the courier and AWB with a
 * "Track your parcel" link (the courier's page, in a new tab), and the timeline (packed, shipped,
 * out for delivery, delivered or delivery failed with the courier's reason) on the shop's clock.
 */
export function OrderParcel({ shipment, timeZone }: { shipment: OrderShipment; timeZone: string }) {
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-zinc-200 px-3 py-3 text-sm" aria-label="Delivery" data-testid="order-parcel">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-zinc-900">Delivery</h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[shipment.status]}`} data-testid="parcel-status">
          {SHIPMENT_STATUS_LABELS[shipment.status]}
        </span>
      </div>
      {shipment.awb ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-zinc-800 [overflow-wrap:anywhere]" data-testid="parcel-courier">
            {shipment.courierName ?? 'Courier'} · AWB <span className="font-mono font-semibold">{shipment.awb}</span>
          </p>
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="btn-outline min-h-9 px-3 text-sm">
              Track your parcel
              <span className="sr-only"> (opens the courier’s page in a new tab)</span>
            </a>
          ) : null}
        </div>
      ) : null}
      <ol className="flex flex-col gap-2 border-s-2 border-zinc-200 ps-3" aria-label="Timeline" data-testid="parcel-timeline">
        {shipment.timeline.map((step, i) => (
          <li key={`${step.status}-${step.at}-${i}`} className="relative">
            <span
              aria-hidden="true"
              className={`absolute -start-[1.2rem] top-1.5 size-2.5 rounded-full ${step.status === 'delivery_failed' ? 'bg-red-600' : i === shipment.timeline.length - 1 ? 'bg-brand-700' : 'bg-zinc-400'}`}
            />
            <p className={`font-medium ${step.status === 'delivery_failed' ? 'text-red-800' : 'text-zinc-900'}`}>{stepText(step, shipment)}</p>
            <p className="text-xs text-zinc-600">
              <time dateTime={step.at}>{formatDateTime(step.at, timeZone)}</time>
              {step.location ? ` · ${step.location}` : null}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A unit's numbers next to its line: "IMEI 35…", "Serial no. …" (what a warranty claim asks for); "Unit 2:" when the line has several. */
export function UnitNumbersNote({ units, quantity }: { units: readonly UnitNumbers[]; quantity: number }) {
  if (units.length === 0) return null;
  return (
    <ul className="mt-0.5 text-xs text-zinc-700" aria-label="Serial numbers" data-testid="line-unit-numbers">
      {units.map((unit) => (
        <li key={unit.unit} className="[overflow-wrap:anywhere]">
          {quantity > 1 ? `Unit ${unit.unit + 1}: ` : ''}
          {unit.kind === 'imei' ? 'IMEI' : 'Serial no.'} <span className="font-mono">{unit.values.join(', ')}</span>
        </li>
      ))}
    </ul>
  );
}
