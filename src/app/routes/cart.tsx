import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { CartView } from '../../features/cart/components/cart-view';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle(pageTitle('Cart'));
  const { user } = useCurrentUser();
  const navigate = useNavigate();

  // Payment starts with the address step (/checkout), which opens the provider's page.
  const onPayment = () => {
    if (!user) {
      toast.error('Please Login...!');
      void navigate('/login', { state: { from: '/cart' } });
      return;
    }
    void navigate('/checkout');
  };

  return <CartView onPayment={onPayment} paying={false} />;
}
