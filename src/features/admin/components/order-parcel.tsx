import type { AdminOrder } from '../../../../shared/schemas/admin';
import { SHIPMENT_STATUS_LABELS, type AdminShipment, type ShipmentStatus } from '../../../../shared/schemas/shipping';
import { formatDateTime } from '../../../lib/format-date';
import { packingSlipUrl } from './pack-and-ship-dialog';

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

/**
 * An order's parcel on the admin's order card: where it stands, the courier and AWB (linked to
 * the courier's tracking page), the e-way bill, each unit's serial or IMEIs, and the packing slip.
 */
export function OrderParcel({ orderId, shipment, lines, timeZone }: { orderId: string; shipment: AdminShipment; lines: AdminOrder['productDetails']; timeZone: string }) {
  const last = shipment.timeline.at(-1);
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
      {shipment.lastError ? <p className="text-red-800">Courier error: {shipment.lastError}</p> : null}
      <a href={packingSlipUrl(orderId)} target="_blank" rel="noopener" className="self-start font-semibold text-brand-700 underline hover:text-brand-800">
        Packing slip (PDF)
        <span className="sr-only">{` of order ${orderId}`}</span>
      </a>
    </section>
  );
}
