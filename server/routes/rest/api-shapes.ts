import { hasAtMostTwoDecimals, paiseToRupees, rupeesToPaise } from '../../../shared/money';

/**
 * The legacy /api speaks rupees as JSON numbers; procedures speak integer paise. These
 * functions only convert units on the way out; they never decide anything.
 */
type WithPrices = { price: number; sellingPrice: number; facts?: unknown };

/**
 * What our own client reads beside the contract's product (cards' variant summary, the product
 * page's options and variants, its facts): left out of /api replies, whose shapes stay the spec's
 * (shared/api-contract.md). The spec's client sends back what it loaded, which must not look like
 * facts or variants it chose to send.
 */
type OwnClientFields = {
  facts?: unknown;
  priceMin?: unknown;
  priceMax?: unknown;
  variantCount?: unknown;
  colourCount?: unknown;
  options?: unknown;
  variants?: unknown;
  specLine?: unknown;
  specSheet?: unknown;
  sale?: unknown;
  saleChangesAt?: unknown;
};

export function apiProduct<P extends WithPrices>(p: P): Omit<P, keyof OwnClientFields> {
  const {
    facts: _facts,
    priceMin: _min,
    priceMax: _max,
    variantCount: _count,
    colourCount: _colours,
    options: _options,
    variants: _variants,
    specLine: _specLine,
    specSheet: _specSheet,
    sale,
    saleChangesAt: _saleChangesAt,
    ...rest
  } = p as P & OwnClientFields & { sale?: { pricePaise: number } };
  // A live sale price is the price the spec's client pays at checkout: its selling price while it lasts.
  return { ...rest, price: paiseToRupees(p.price), sellingPrice: paiseToRupees(sale?.pricePaise ?? p.sellingPrice) };
}

export function apiProducts<P extends WithPrices>(list: P[]): Omit<P, keyof OwnClientFields>[] {
  return list.map(apiProduct);
}

type WithCartProduct = { productId: WithPrices };

/** A cart line with its populated product in rupees (its variant, our client's field, left out). */
export function apiCartLine<L extends WithCartProduct>(line: L): Omit<L, 'productId' | 'variant'> & { productId: Omit<L['productId'], keyof OwnClientFields> } {
  const { variant: _variant, ...rest } = line as L & { variant?: unknown };
  return { ...(rest as Omit<L, 'productId' | 'variant'>), productId: apiProduct(line.productId as L['productId']) };
}

type WithOrderMoney = {
  productDetails: { price: number }[];
  shipping_options: { shipping_amount: number }[];
  subtotalAmount: number;
  totalAmount: number;
  amountCharged: number | null;
  codFee: number;
  refund: { amount: number } | null;
  discountTotal?: number;
  tax: (TaxAmounts & { lines: TaxAmounts[]; shipping: TaxAmounts }) | null;
};

type TaxAmounts = { taxableValue: number; cgst: number; sgst: number; igst: number };

function rupeeTax<T extends TaxAmounts>(amounts: T): T {
  return {
    ...amounts,
    taxableValue: paiseToRupees(amounts.taxableValue),
    cgst: paiseToRupees(amounts.cgst),
    sgst: paiseToRupees(amounts.sgst),
    igst: paiseToRupees(amounts.igst),
  };
}

/** An order with every amount in rupees. */
export function apiOrder<O extends WithOrderMoney>(order: O): O {
  return {
    ...order,
    productDetails: order.productDetails.map((p) => {
      // Our client's additions (the variant, the offers' list price and discounts) stay off the spec's shape.
      const {
        variantId: _variantId,
        sku: _sku,
        variantLabel: _label,
        listPrice: _listPrice,
        discount: _discount,
        discounts: _discounts,
        ...line
      } = p as typeof p & { variantId?: unknown; sku?: unknown; variantLabel?: unknown; listPrice?: unknown; discount?: unknown; discounts?: unknown };
      return { ...line, price: paiseToRupees(p.price) };
    }),
    shipping_options: order.shipping_options.map((s) => ({ ...s, shipping_amount: paiseToRupees(s.shipping_amount) })),
    subtotalAmount: paiseToRupees(order.subtotalAmount),
    totalAmount: paiseToRupees(order.totalAmount),
    amountCharged: order.amountCharged === null ? null : paiseToRupees(order.amountCharged),
    codFee: paiseToRupees(order.codFee),
    ...(order.discountTotal === undefined ? {} : { discountTotal: paiseToRupees(order.discountTotal) }),
    refund: order.refund === null ? null : { ...order.refund, amount: paiseToRupees(order.refund.amount) },
    tax: order.tax === null ? null : { ...rupeeTax(order.tax), lines: order.tax.lines.map(rupeeTax), shipping: rupeeTax(order.tax.shipping) },
  };
}

/**
 * The other direction, for catalogue writes (upload-product, update-product): the old API's
 * bodies carry rupees, as numbers or as the numeric strings form fields produce; procedures take
 * paise. Only units change here. A value with more than 2 decimals becomes a fraction of a paisa
 * so the schema refuses it by name; anything non-numeric passes through for the schema to refuse.
 */
export function productInputFromApi(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const field of ['price', 'sellingPrice'] as const) {
    const rupees = numeric(body[field]);
    if (rupees !== undefined) out[field] = hasAtMostTwoDecimals(rupees) ? rupeesToPaise(rupees) : rupees * 100;
  }
  const stock = numeric(body.stock);
  if (stock !== undefined) out.stock = stock;
  return out;
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}
