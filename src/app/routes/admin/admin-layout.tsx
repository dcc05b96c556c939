import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useCurrentUser } from '../../../features/account/api/use-current-user';
import { AdminSidebar } from '../../../features/admin/components/admin-sidebar';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../../features/admin/hooks/use-media-query';
import { ALL_ORDERS_PATH, BULK_EDIT_PATH, OFFERS_PATH, PHONE_ADMIN_PATHS } from '../../../lib/admin-landing';
import { pageTitle } from '../../../lib/page-titles';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const NARROW_SCREEN_NOTE = 'The admin panel needs a wider window. Please use a screen at least 1024 pixels wide.';

/**
 * The admin area: ADMIN only (anyone else goes to /; the server refuses them anyway). The
 * spec shows the panel on wide screens only, so narrower windows get a short note instead,
 * and the panel's data is not even fetched there when the page opens narrow. Its first page
 * (/admit-panel itself) is the Dashboard.
 */
export function Component() {
  useDocumentTitle(pageTitle('Admin panel'));
  const { user, isLoading } = useCurrentUser();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  // The bulk edit grid shows on a phone too (without the sidebar): a price fixed on the shop floor;
  // and the all-orders page: an order found by the number a shopper reads out on a call; and
  // the Offers page: a coupon paused or a weekend sale checked away from the desk.
  const phoneOk = PHONE_ADMIN_PATHS.includes(useLocation().pathname.replace(/\/+$/, ''));
  // Once shown, the panel stays mounted (hidden) while the window is narrow: a window dragged
  // narrower for a moment, or a browser resizing it to take a screenshot, must not throw away a
  // half-filled product form with its uploads.
  const [shown, setShown] = useState(wide);
  if (wide && !shown) setShown(true);
  if (isLoading) return <PageSpinner />;
  if (user?.role !== 'ADMIN') return <Navigate to="/" replace />;

  return (
    <>
      {!wide && !phoneOk && (
        <div className="page">
          <div className="card mx-auto max-w-md p-6 text-center" role="note">
            <h1 className="text-lg font-bold">Admin Panel</h1>
            <p className="mt-2 text-zinc-700">{NARROW_SCREEN_NOTE}</p>
            <p className="mt-3 text-sm text-zinc-700">
              On a phone:{' '}
              <Link to={ALL_ORDERS_PATH} className="font-semibold text-brand-700 underline">
                All orders
              </Link>{' '}
              ·{' '}
              <Link to={BULK_EDIT_PATH} className="font-semibold text-brand-700 underline">
                Bulk edit
              </Link>{' '}
              ·{' '}
              <Link to={OFFERS_PATH} className="font-semibold text-brand-700 underline">
                Offers
              </Link>
            </p>
          </div>
        </div>
      )}
      {(shown || phoneOk) && (
        <div className={`mx-auto w-full max-w-[1440px] gap-6 ${wide ? 'flex px-6 py-6' : phoneOk ? 'block px-3 py-4' : 'hidden'}`}>
          {wide ? <AdminSidebar user={user} /> : null}
          <div className="min-w-0 flex-1">
            <Outlet />
          </div>
        </div>
      )}
    </>
  );
}
