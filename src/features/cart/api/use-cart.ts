import { trpc, type RouterOutputs } from '../../../lib/trpc';

export type CartLine = RouterOutputs['cart']['list'][number];

/** The cart's lines with their products (prices in paise). */
export function useCart() {
  return trpc.cart.list.useQuery();
}

/** Total units and total price (paise) of the given lines. */
export function cartTotals(lines: readonly Pick<CartLine, 'quantity' | 'productId'>[]): { quantity: number; totalPrice: number } {
  let quantity = 0;
  let totalPrice = 0;
  for (const line of lines) {
    quantity += line.quantity;
    totalPrice += line.quantity * line.productId.sellingPrice;
  }
  return { quantity, totalPrice };
}
