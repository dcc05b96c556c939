import toast from 'react-hot-toast';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { Layout } from '../../components/layout/layout';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { useLogout } from '../../features/account/api/use-logout';
import { useCartCount } from '../../features/cart/api/use-cart-count';
import { errorMessage } from '../../lib/trpc';

export const LOGOUT_SUCCESS_MESSAGE = 'Logged out successfully';

/** The shared layout with the signed-in user and cart count fetched once on load. */
export function RootLayout() {
  const { user } = useCurrentUser();
  const cartCount = useCartCount();
  const logout = useLogout();
  const navigate = useNavigate();

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
    <Layout user={user} cartCount={cartCount} onLogout={onLogout} loggingOut={logout.isPending}>
      <Outlet />
      <ScrollRestoration />
    </Layout>
  );
}
