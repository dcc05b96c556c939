import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { NavigationType, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { Layout } from '../../components/layout/layout';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { useLogout } from '../../features/account/api/use-logout';
import { useCartCount } from '../../features/cart/api/use-cart-count';
import { errorMessage } from '../../lib/trpc';
import { useHydrated } from '../../lib/use-hydrated';

export const LOGOUT_SUCCESS_MESSAGE = 'Logged out successfully';

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

/** The shared layout with the signed-in user and cart count fetched once on load. */
export function RootLayout() {
  // The signed-in parts are personal: the server renders the page for a visitor (so it is the
  // same for everyone and may be shared), and they appear once the page has hydrated.
  const hydrated = useHydrated();
  const { user } = useCurrentUser();
  const cartCount = useCartCount();
  const logout = useLogout();
  const navigate = useNavigate();
  useScrollToTopOnNavigation();

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success(LOGOUT_SUCCESS_MESSAGE);
        void navigate('/');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Layout user={hydrated ? user : null} cartCount={hydrated ? cartCount : 0} onLogout={onLogout} loggingOut={logout.isPending}>
      <Outlet />
    </Layout>
  );
}
