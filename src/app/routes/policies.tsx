import { formatINR } from '../../../shared/money';
import type { StorefrontInfo } from '../../../shared/schemas/settings';
import { PageSpinner } from '../../components/ui/page-spinner';
import { POLICIES_TITLE } from '../../lib/page-titles';
import { errorMessage } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStorefrontInfo } from '../../lib/use-storefront-info';

/** Shipping, returns and grievances: the owner's policies and delivery terms from Settings (server-rendered). */
export function Component() {
  useDocumentTitle(POLICIES_TITLE);
  const info = useStorefrontInfo();
  if (info.isPending) return <PageSpinner />;
  if (info.isError) return <p className="page text-red-700">{errorMessage(info.error)}</p>;
  return <Policies info={info.data} />;
}

function fee(paise: number): string {
  return paise === 0 ? 'free' : formatINR(paise);
}

export function Policies({ info }: { info: StorefrontInfo }) {
  const { shipping, policies, grievanceOfficer, seller } = info;
  return (
    <article className="page max-w-3xl space-y-8" aria-labelledby="policies-heading">
      <h1 id="policies-heading" className="text-2xl font-bold">
        Shipping, returns and grievances
      </h1>

      <section id="shipping" aria-labelledby="shipping-heading" className="space-y-2">
        <h2 id="shipping-heading" className="text-xl font-semibold">
          Shipping and delivery
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-zinc-800">
          <li>
            Standard delivery, {shipping.standardDays} days: {fee(shipping.standardPaise)}
            {shipping.freeAbovePaise !== null && shipping.standardPaise > 0 && <>, free on orders of {formatINR(shipping.freeAbovePaise)} or more</>}.
          </li>
          <li>
            Express delivery, {shipping.expressDays} days: {fee(shipping.expressPaise)}.
          </li>
          <li>{shipping.allIndia ? 'We deliver across India.' : 'We deliver to selected PIN codes: check yours on any product page.'}</li>
          <li>Prices include GST. A GST tax invoice comes with every order and can be downloaded from your orders.</li>
        </ul>
        {policies.shipping && <p className="whitespace-pre-line text-zinc-700">{policies.shipping}</p>}
      </section>

      <section id="returns" aria-labelledby="returns-heading" className="space-y-2">
        <h2 id="returns-heading" className="text-xl font-semibold">
          Returns and refunds
        </h2>
        <p className="whitespace-pre-line text-zinc-700">{policies.returns || 'Contact us about a return or refund.'}</p>
      </section>

      <section id="grievances" aria-labelledby="grievances-heading" className="space-y-2">
        <h2 id="grievances-heading" className="text-xl font-semibold">
          Grievances
        </h2>
        {grievanceOfficer ? (
          <p className="text-zinc-700">
            Our grievance officer, {grievanceOfficer.name}, acknowledges a complaint within 48 hours and resolves it within one month. Write to{' '}
            <a className="text-brand-700 underline" href={`mailto:${grievanceOfficer.email}`}>
              {grievanceOfficer.email}
            </a>{' '}
            or call{' '}
            <a className="text-brand-700 underline" href={`tel:${grievanceOfficer.phone}`}>
              {grievanceOfficer.phone}
            </a>
            .
          </p>
        ) : (
          <p className="text-zinc-700">{seller ? `Write to ${seller.email}.` : 'Contact the shop about any complaint.'}</p>
        )}
        {seller && (
          <p className="text-sm text-zinc-600">
            Sold by {seller.legalName}, {seller.address}. GSTIN {seller.gstin}.
          </p>
        )}
      </section>
    </article>
  );
}
