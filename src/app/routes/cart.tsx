import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { CartView } from '../../features/cart/components/cart-view';
import { useStartCheckout } from '../../features/checkout/api/use-start-checkout';
import { errorMessage } from '../../lib/trpc';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle(pageTitle('Cart'));
  const { user } = useCurrentUser();
  const checkout = useStartCheckout();
  const navigate = useNavigate();

  const onPayment = () => {
    if (!user) {
      toast.error('Please Login...!');
      void navigate('/login', { state: { from: '/cart' } });
      return;
    }
    checkout.mutate(
      {},
      {
        onSuccess: (result) => {
          // Leave the single-page app for the provider's hosted payment page.
          if (result.url) window.location.assign(result.url);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  // Stay "busy" after success too: the browser is on its way to the payment page.
  return <CartView onPayment={onPayment} paying={checkout.isPending || checkout.isSuccess} />;
}
