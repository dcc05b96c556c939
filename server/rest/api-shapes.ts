import { paiseToRupees } from '../../shared/money';

/**
 * The legacy /api speaks rupees as JSON numbers; procedures speak integer paise. These
 * functions only convert units on the way out; they never decide anything.
 */
type WithPrices = { price: number; sellingPrice: number };

export function apiProduct<P extends WithPrices>(p: P): P {
  return { ...p, price: paiseToRupees(p.price), sellingPrice: paiseToRupees(p.sellingPrice) };
}

export function apiProducts<P extends WithPrices>(list: P[]): P[] {
  return list.map(apiProduct);
}

type WithCartProduct = { productId: WithPrices };

/** A cart line with its populated product in rupees. */
export function apiCartLine<L extends WithCartProduct>(line: L): L {
  return { ...line, productId: apiProduct(line.productId) };
}

type WithOrderMoney = {
  productDetails: { price: number }[];
  shipping_options: { shipping_amount: number }[];
  subtotalAmount: number;
  totalAmount: number;
  amountCharged: number | null;
};

/** An order with every amount in rupees. */
export function apiOrder<O extends WithOrderMoney>(order: O): O {
  return {
    ...order,
    productDetails: order.productDetails.map((p) => ({ ...p, price: paiseToRupees(p.price) })),
    shipping_options: order.shipping_options.map((s) => ({ ...s, shipping_amount: paiseToRupees(s.shipping_amount) })),
    subtotalAmount: paiseToRupees(order.subtotalAmount),
    totalAmount: paiseToRupees(order.totalAmount),
    amountCharged: order.amountCharged === null ? null : paiseToRupees(order.amountCharged),
  };
}
