/** The offers engine (issue 30): pure, shared by the server and the browser. See price-cart.ts for the rules' order. */
export { allocate, assertPaise, percentOf } from './allocate';
export { isLive, istDayLabel, istToInstant } from './time';
export { comboCancellation, NO_OFFERS, normaliseCouponCode, priceCart } from './price-cart';
export type {
  AppliedOffer,
  AutomaticOffers,
  CartLineInput,
  CouponRefusal,
  CouponStatus,
  CouponUsage,
  LineDiscount,
  OfferKind,
  PriceCartInput,
  PricedCart,
  PricedLine,
} from './price-cart';
export { refundForUnits, taxLines } from './tax';
export type { TaxedCart, TaxedLine, UnitsRefund } from './tax';
export { emi, emiOptions, liveBankOffers, reducingBalanceInstalment } from './emi';
export type { Emi, EmiOption } from './emi';
