import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/trpc';
import { useAddToCart } from '../api/use-add-to-cart';

/**
 * The id of every toast about the cart (an add, its refusal, a quantity step refused, a line
 * removed): a new one replaces the one showing instead of stacking under it, so five quick
 * adds never cover a phone's screen.
 */
export const CART_TOAST_ID = 'cart';

/**
 * The Add to Cart behaviour every product card shares: add one unit, toast the server's
 * message (or its refusal), and report which product is in flight so its button can wait.
 * `add` resolves to true when the product went into the cart.
 */
export function useAddToCartAction() {
  const mutation = useAddToCart();
  /** `variantId`: the variant chosen on the product's page (left out: the one standing for the product). */
  const add = async (product: { _id: string }, variantId?: string): Promise<boolean> => {
    try {
      const result = await mutation.mutateAsync(variantId ? { productId: product._id, variantId } : { productId: product._id });
      toast.success(result.message, { id: CART_TOAST_ID });
      return true;
    } catch (error) {
      toast.error(errorMessage(error), { id: CART_TOAST_ID });
      return false;
    }
  };
  const addingId = mutation.isPending ? (mutation.variables?.productId ?? null) : null;
  return { add, addingId, isPending: mutation.isPending };
}
