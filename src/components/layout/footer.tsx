import { Link } from 'react-router';
import { DEFAULT_SHOP_TIME_ZONE, isKnownTimeZone, yearInZone } from '../../../shared/time-zone';
import type { StorefrontInfo } from '../../../shared/schemas/settings';
import { useStorefrontInfo } from '../../lib/use-storefront-info';

/** First year the shop traded; the footer shows it as the start of its year range. */
export const SHOP_SINCE = 2024;

/** '2024–2026': the year on the shop's clock, so the server and the browser render the same footer. */
export function footerYears(now: Date = new Date(), timeZone: string = DEFAULT_SHOP_TIME_ZONE): string {
  const zone = isKnownTimeZone(timeZone) ? timeZone : DEFAULT_SHOP_TIME_ZONE;
  const year = yearInZone(now, zone);
  return year > SHOP_SINCE ? `${SHOP_SINCE}–${year}` : String(SHOP_SINCE);
}

export function Footer() {
  const { data } = useStorefrontInfo();
  return <FooterContent info={data ?? null} />;
}

/**
 * The seller's identity, contact and grievance officer, as the Consumer Protection (E-Commerce)
 * Rules 2020 ask every shop to show, with the policies; only the shop line until the owner has
 * filled in Settings.
 */
export function FooterContent({ info }: { info: StorefrontInfo | null }) {
  const seller = info?.seller ?? null;
  const officer = info?.grievanceOfficer ?? null;
  return (
    <footer className="border-t border-zinc-200 bg-zinc-900 text-zinc-300">
      <div className="mx-auto max-w-7xl px-4 py-8 text-sm sm:px-6 lg:px-8">
        {(seller || officer) && (
          <div className="mb-6 grid gap-6 border-b border-zinc-700 pb-6 sm:grid-cols-2 lg:grid-cols-4">
            {seller && (
              <section aria-labelledby="footer-seller">
                <h2 id="footer-seller" className="mb-2 font-semibold text-white">
                  Sold by
                </h2>
                <p>{seller.legalName}</p>
                <p>{seller.address}</p>
                <p>{`GSTIN ${seller.gstin}`}</p>
              </section>
            )}
            {seller && (
              <section aria-labelledby="footer-contact">
                <h2 id="footer-contact" className="mb-2 font-semibold text-white">
                  Contact us
                </h2>
                <p>
                  <a className="underline-offset-2 hover:underline" href={`mailto:${seller.email}`}>
                    {seller.email}
                  </a>
                </p>
                <p>
                  <a className="underline-offset-2 hover:underline" href={`tel:${seller.phone}`}>
                    {seller.phone}
                  </a>
                </p>
              </section>
            )}
            {officer && (
              <section aria-labelledby="footer-grievance">
                <h2 id="footer-grievance" className="mb-2 font-semibold text-white">
                  Grievance officer
                </h2>
                <p>{officer.name}</p>
                <p>
                  <a className="underline-offset-2 hover:underline" href={`mailto:${officer.email}`}>
                    {officer.email}
                  </a>
                </p>
                <p>
                  <a className="underline-offset-2 hover:underline" href={`tel:${officer.phone}`}>
                    {officer.phone}
                  </a>
                </p>
              </section>
            )}
            <nav aria-labelledby="footer-policies">
              <h2 id="footer-policies" className="mb-2 font-semibold text-white">
                Policies
              </h2>
              <ul className="space-y-1">
                <li>
                  <Link className="underline-offset-2 hover:underline" to="/policies#shipping">
                    Shipping and delivery
                  </Link>
                </li>
                <li>
                  <Link className="underline-offset-2 hover:underline" to="/policies#returns">
                    Returns and refunds
                  </Link>
                </li>
                <li>
                  <Link className="underline-offset-2 hover:underline" to="/policies#grievances">
                    Grievances
                  </Link>
                </li>
              </ul>
            </nav>
          </div>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium text-white">Voltmart · Phones, audio, TVs and home appliances, delivered across India.</p>
          <p>
            © {footerYears(new Date(), info?.timeZone)} {seller?.tradeName ?? 'Voltmart'}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
