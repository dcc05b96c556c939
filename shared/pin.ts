/**
 * India's postal index numbers: six digits, the first not 0. Kept free of zod so the product
 * page's "Deliver to" box can check one without loading the schema library (zod's set-up probes
 * for `eval`, which the shop's CSP refuses and the browser reports).
 */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;

export const PIN_MESSAGE = 'PIN code must be 6 digits (e.g. 560001)';

export function isPin(text: string): boolean {
  return PIN_PATTERN.test(text);
}
