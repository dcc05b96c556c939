import { lazy, Suspense, useEffect } from 'react';
import toast from 'react-hot-toast';
import { Navigate, NavigationType, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { Layout } from '../../components/layout/layout';
import { CategoryLabelContext } from '../../components/product/category-label';
import { useCategoryLabel } from '../../lib/use-categories';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { useLogout } from '../../features/account/api/use-logout';
import { useCartCount } from '../../features/cart/api/use-cart-count';
import { clearTabDrafts } from '../../lib/tab-draft';
import { errorMessage } from '../../lib/trpc';
import { useHydrated } from '../../lib/use-hydrated';
import { useHasCompareSelection } from '../../features/compare/compare-signal';

/** The compare tray's code is fetched only once a selection exists (never for a shopper who compares nothing). */
const CompareTray = lazy(() => import('../../features/compare/compare-tray').then((module) => ({ default: module.CompareTray })));

export const LOGOUT_SUCCESS_MESSAGE = 'Logged out successfully';

/** The one page open to an admin who must set up two-factor sign-in (the server refuses them everything else). */
export const TWO_FACTOR_PATH = '/account/two-factor';

/**
 * A link to another page starts at its top; Back and Forward leave the browser to restore where
 * the shopper was, and a replaced address (typing a search, ticking a filter) does not move.
 */
function useScrollToTopOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === NavigationType.Push && !location.hash) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}

/**
 * The shared layout with the signed-in user and cart count fetched once on load. An admin who
 * must set up two-factor sign-in (the shop requires it) is sent to its page from every other
 * one; the header, and so "Logout", stays.
 */
export function RootLayout() {
  // The signed-in parts are personal: the server renders the page for a visitor (so it is the
  // same for everyone and may be shared), and they appear once the page has hydrated.
  const hydrated = useHydrated();
  const { user } = useCurrentUser();
  const cartCount = useCartCount();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  useScrollToTopOnNavigation();

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        // A half-typed address stays with its tab only while its owner is signed in.
        clearTabDrafts();
        toast.success(LOGOUT_SUCCESS_MESSAGE);
        void navigate('/');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  // "Me" is only known in the browser, after hydration: the server's page (for a visitor) and the
  // first render in the browser always show the outlet, so hydration finds what the server sent.
  // The owner's category labels for cards, cart lines and product pages (seeded with every server-rendered page).
  const categoryLabel = useCategoryLabel();
  const mustEnrol = hydrated && user?.mustEnrolTwoFactor === true && location.pathname.replace(/\/+$/, '') !== TWO_FACTOR_PATH;
  // Not on the compare page itself (it shows the comparison), nor in the admin panel.
  const comparing = useHasCompareSelection();
  const trayHere = comparing && location.pathname.replace(/\/+$/, '') !== '/compare' && !location.pathname.startsWith('/admit-panel');

  return (
    <CategoryLabelContext value={categoryLabel}>
      <Layout user={hydrated ? user : null} cartCount={hydrated ? cartCount : 0} onLogout={onLogout} loggingOut={logout.isPending}>
        {mustEnrol ? <Navigate to={TWO_FACTOR_PATH} replace /> : <Outlet />}
      </Layout>
      {trayHere ? (
        <Suspense fallback={null}>
          <CompareTray />
        </Suspense>
      ) : null}
    </CategoryLabelContext>
  );
}
