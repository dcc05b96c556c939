import { splitInclusive } from '../gst';
import { allocate, assertPaise } from './allocate';
import type { PricedCart } from './price-cart';

/**
 * GST after discounts (CGST Act s.15(3)(a)): a discount known at the time of sale and shown on
 * the invoice is not part of the taxable value. Prices are GST-inclusive, so each line's
 * discount comes off its inclusive amount first, and the net is split into taxable value and
 * CGST + SGST or IGST (shared/gst.ts, splitInclusive).
 */

export type TaxedLine = {
  key: string;
  quantity: number;
  /** unitPrice × quantity, GST-inclusive. */
  gross: number;
  discount: number;
  /** gross − discount = taxable + cgst + sgst + igst. */
  net: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  rateBp: number;
};

export type TaxedCart = {
  lines: TaxedLine[];
  delivery: { amount: number; taxable: number; cgst: number; sgst: number; igst: number; rateBp: number };
  /** `total` is the priced cart's total to the paisa. */
  totals: { taxable: number; cgst: number; sgst: number; igst: number; total: number };
};

/** Taxes every line on its net (discounted) amount and the delivery charge at its own rate; intraState: CGST + SGST, else IGST. */
export function taxLines(result: PricedCart, intraState: boolean): TaxedCart {
  const lines = result.lines.map((line) => ({
    key: line.key,
    quantity: line.quantity,
    gross: line.gross,
    discount: line.discount,
    net: line.net,
    ...splitInclusive(line.net, line.gstRateBp, intraState),
    rateBp: line.gstRateBp,
  }));
  const delivery = { amount: result.delivery.amount, ...splitInclusive(result.delivery.amount, result.delivery.rateBp, intraState), rateBp: result.delivery.rateBp };
  const parts = [...lines, delivery];
  const add = (pick: (p: (typeof parts)[number]) => number) => parts.reduce((total, p) => total + pick(p), 0);
  const totals = { taxable: add((p) => p.taxable), cgst: add((p) => p.cgst), sgst: add((p) => p.sgst), igst: add((p) => p.igst), total: 0 };
  totals.total = totals.taxable + totals.cgst + totals.sgst + totals.igst;
  // Each split adds up to its amount exactly, so this only fails if the priced cart was altered.
  if (totals.total !== result.totals.total) throw new RangeError(`taxed total ${totals.total} differs from the cart's ${result.totals.total}`);
  return { lines, delivery, totals };
}

export type UnitsRefund = { units: number; amount: number; taxable: number; cgst: number; sgst: number; igst: number };

/**
 * What a credit note reverses when `units` units of a taxed line come back, after
 * `alreadyReturned` of its units came back on earlier notes. The line's net is split over its
 * units with allocate (the earlier units take the odd paise), and each tax over the units in
 * proportion to their share, the taxable value being the rest: whatever the order and size of
 * the returns, all the units together reverse exactly the line's net, taxable value and taxes.
 *
 * Throws a RangeError when the units are not whole, or more than the line has left.
 */
export function refundForUnits(line: Pick<TaxedLine, 'quantity' | 'net' | 'cgst' | 'sgst' | 'igst'>, units: number, alreadyReturned = 0): UnitsRefund {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError('quantity must be a whole number, 1 or more');
  [line.net, line.cgst, line.sgst, line.igst].forEach((amount) => assertPaise('line amounts', amount));
  if (!Number.isSafeInteger(units) || !Number.isSafeInteger(alreadyReturned) || units < 1 || alreadyReturned < 0 || alreadyReturned + units > line.quantity) {
    throw new RangeError(`cannot return ${units} unit(s) after ${alreadyReturned} of a line of ${line.quantity}`);
  }
  // Equal weights (each the whole net, so the weights always cover the amount): equal shares, the odd paise to the earlier units.
  const perUnit = allocate(
    line.net,
    Array.from({ length: line.quantity }, () => line.net),
  );
  const pick = (shares: number[]) => shares.slice(alreadyReturned, alreadyReturned + units).reduce((a, b) => a + b, 0);
  // With no value left (a free unit), there is nothing to weigh the taxes by: they are 0 too.
  const taxShare = (tax: number) => (line.net === 0 ? 0 : pick(allocate(tax, perUnit)));
  const amount = pick(perUnit);
  const cgst = taxShare(line.cgst);
  const sgst = taxShare(line.sgst);
  const igst = taxShare(line.igst);
  return { units, amount, taxable: amount - cgst - sgst - igst, cgst, sgst, igst };
}
