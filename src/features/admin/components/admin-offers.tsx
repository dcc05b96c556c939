import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { formatINR } from '../../../../shared/money';
import { OFFER_KIND_LABELS, OFFER_KINDS, OFFER_STATUSES, type AdminOffer, type OfferKindName, type OfferStatus } from '../../../../shared/schemas/offers-admin';
import { PauseIcon, PencilIcon, PlayIcon, PlusIcon } from '../../../components/icons';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage } from '../../../lib/trpc';
import { useAdminOffers, useDuplicateOffer, useSetOfferPaused } from '../api/use-admin-offers';
import { EmiSettingsSection } from './emi-settings-section';
import { OfferFormDialog } from './offer-form-dialog';
import { OfferPreviewPanel } from './offer-preview-panel';
import { windowLabel } from './offer-form';

export const STATUS_LABELS: Record<OfferStatus, string> = { live: 'Live', scheduled: 'Scheduled', ended: 'Ended', paused: 'Paused' };
const STATUS_CLASS: Record<OfferStatus, string> = {
  live: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  ended: 'bg-zinc-200 text-zinc-800',
  paused: 'bg-amber-100 text-amber-950',
};

export function StatusPill({ status }: { status: OfferStatus }) {
  return (
    <span className={`inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_CLASS[status]}`} data-testid="offer-status">
      {STATUS_LABELS[status]}
    </span>
  );
}

/** "12 / 50", "12" with no limit; for kinds without uses, the orders that used it. */
export function usesLabel(offer: AdminOffer): string {
  if (offer.kind === 'coupon') return offer.usesLimit === null ? `${offer.usesCount} / no limit` : `${offer.usesCount} / ${offer.usesLimit}`;
  return String(offer.usage.orders);
}

/** What the offer is, in a few words: "₹1,000.00 off above ₹20,000.00", "₹69,999.00 on Bravia 55". */
export function offerSummary(offer: AdminOffer): string {
  switch (offer.kind) {
    case 'coupon': {
      const d = offer.definition;
      const off =
        d.kind === 'amount'
          ? `${formatINR(d.amountPaise)} off`
          : d.kind === 'percent'
            ? `${d.percentBp / 100}% off${d.capPaise !== null ? ` up to ${formatINR(d.capPaise)}` : ''}`
            : 'Free delivery';
      return `${off}${d.minCartPaise > 0 ? ` above ${formatINR(d.minCartPaise)}` : ''}`;
    }
    case 'sale-price':
      return `${formatINR(offer.definition.pricePaise)} on ${offer.product?.name ?? 'a product'}${offer.product?.variantLabel ? ` (${offer.product.variantLabel})` : ''}`;
    case 'buy-x-get-y': {
      const d = offer.definition;
      return `Buy ${d.buy.quantity}, get ${d.get.quantity} ${d.get.percentOffBp === 10_000 ? 'free' : `at ${d.get.percentOffBp / 100}% off`}`;
    }
    case 'prepaid': {
      const d = offer.definition;
      return `${d.kind === 'amount' ? formatINR(d.amountPaise) : `${d.percentBp / 100}%`} off when paid online`;
    }
  }
}

type Dialog = { kind: 'new' } | { kind: 'edit'; offer: AdminOffer } | null;

/**
 * The owner's Offers page: every coupon, sale price, buy X get Y and prepaid discount with its
 * status now, its window in IST, its uses and what it brought in (discount given, revenue of the
 * orders that used it), filtered by status and kind; New offer, Edit, Pause or Resume and
 * Duplicate; a Preview of what a cart gets; the no-cost EMI plans and bank offers.
 */
export function AdminOffers() {
  const [status, setStatus] = useState<OfferStatus | ''>('');
  const [kind, setKind] = useState<OfferKindName | ''>('');
  const offers = useAdminOffers({ ...(status ? { status } : {}), ...(kind ? { kind } : {}) });
  const paused = useSetOfferPaused();
  const duplicate = useDuplicateOffer();
  const [dialog, setDialog] = useState<Dialog>(null);
  const baseId = useId();

  const onPause = async (offer: AdminOffer) => {
    try {
      await paused.mutateAsync({ offerId: offer._id, paused: !offer.paused });
      toast.success(`${offer.paused ? 'Resumed' : 'Paused'}: ${offer.name}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onDuplicate = async (offer: AdminOffer) => {
    try {
      const copy = await duplicate.mutateAsync({ offerId: offer._id });
      toast.success(`Copied as ${copy.name}${copy.code ? ` (${copy.code})` : ''}, paused`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const actions = (offer: AdminOffer) => (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-outline min-h-9 px-3 text-sm" onClick={() => setDialog({ kind: 'edit', offer })} aria-label={`Edit ${offer.name}`}>
        <PencilIcon className="size-4" />
        Edit
      </button>
      <button type="button" className="btn-outline min-h-9 px-3 text-sm" onClick={() => void onPause(offer)} aria-label={`${offer.paused ? 'Resume' : 'Pause'} ${offer.name}`}>
        {offer.paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
        {offer.paused ? 'Resume' : 'Pause'}
      </button>
      <button type="button" className="btn-ghost min-h-9 px-3 text-sm" onClick={() => void onDuplicate(offer)} aria-label={`Duplicate ${offer.name}`}>
        Duplicate
      </button>
    </div>
  );

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Offers</h1>
        <button type="button" className="btn-primary" onClick={() => setDialog({ kind: 'new' })}>
          <PlusIcon className="size-4" />
          New offer
        </button>
      </div>

      <div className="flex flex-wrap gap-3">
        <div>
          <label htmlFor={`${baseId}-status`} className="label">
            Status
          </label>
          <select id={`${baseId}-status`} className="field" value={status} onChange={(e) => setStatus(e.target.value as OfferStatus | '')}>
            <option value="">Every status</option>
            {OFFER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${baseId}-kind`} className="label">
            Kind
          </label>
          <select id={`${baseId}-kind`} className="field" value={kind} onChange={(e) => setKind(e.target.value as OfferKindName | '')}>
            <option value="">Every kind</option>
            {OFFER_KINDS.map((k) => (
              <option key={k} value={k}>
                {OFFER_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {offers.isPending ? (
        <PageSpinner label="Loading offers" />
      ) : offers.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(offers.error)}
        </p>
      ) : offers.data.length === 0 ? (
        <p className="card px-4 py-6 text-center text-zinc-700">
          {status || kind ? 'No offer matches these filters.' : 'No offers yet: add a coupon, a sale price, a buy X get Y or a prepaid discount.'}
        </p>
      ) : (
        <>
          {/* Phones: one card per offer. */}
          <ul className="flex flex-col gap-3 lg:hidden" aria-label="Offers">
            {offers.data.map((offer) => (
              <li key={offer._id} className="card flex flex-col gap-2 p-4" data-testid="offer-card">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{offer.name}</p>
                    <p className="text-sm text-zinc-600">
                      {OFFER_KIND_LABELS[offer.kind]}
                      {offer.code ? <span className="ml-1 font-mono font-semibold text-zinc-900">{offer.code}</span> : null}
                    </p>
                  </div>
                  <StatusPill status={offer.status} />
                </div>
                <p className="text-sm">{offerSummary(offer)}</p>
                <p className="text-xs text-zinc-600">{windowLabel(offer.validFrom, offer.validTo)}</p>
                <dl className="grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-xs text-zinc-600">{offer.kind === 'coupon' ? 'Uses' : 'Orders'}</dt>
                    <dd className="font-semibold tabular-nums">{usesLabel(offer)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-zinc-600">Discount given</dt>
                    <dd className="font-semibold tabular-nums">{formatINR(offer.usage.discountPaise)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-zinc-600">Revenue</dt>
                    <dd className="font-semibold tabular-nums">{formatINR(offer.usage.revenuePaise)}</dd>
                  </div>
                </dl>
                {actions(offer)}
              </li>
            ))}
          </ul>
          {/* Desktop: a table. */}
          <div className="card hidden overflow-x-auto lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Offers</caption>
              <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Offer
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Window (IST)
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Uses
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Discount given
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Revenue
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {offers.data.map((offer) => (
                  <tr key={offer._id} className="border-b border-zinc-100 align-top last:border-0" data-testid="offer-row">
                    <td className="px-3 py-3">
                      <p className="font-semibold">{offer.name}</p>
                      <p className="text-xs text-zinc-600">
                        {OFFER_KIND_LABELS[offer.kind]}
                        {offer.code ? <span className="ml-1 font-mono font-semibold text-zinc-900">{offer.code}</span> : null}
                      </p>
                      <p className="text-xs text-zinc-700">{offerSummary(offer)}</p>
                    </td>
                    <td className="px-3 py-3">
                      <StatusPill status={offer.status} />
                    </td>
                    <td className="max-w-56 px-3 py-3 text-xs text-zinc-700">{windowLabel(offer.validFrom, offer.validTo)}</td>
                    <td className="px-3 py-3 text-right tabular-nums">{usesLabel(offer)}</td>
                    <td className="px-3 py-3 text-right tabular-nums">{formatINR(offer.usage.discountPaise)}</td>
                    <td className="px-3 py-3 text-right tabular-nums">{formatINR(offer.usage.revenuePaise)}</td>
                    <td className="px-3 py-3">{actions(offer)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <OfferPreviewPanel />
      <EmiSettingsSection />

      {dialog?.kind === 'new' ? <OfferFormDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <OfferFormDialog offer={dialog.offer} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
