/** The admin panel's first page, its Dashboard (the spec's /admit-panel/all-users, all-products and all-orders stay as they are). */
export const ADMIN_DASHBOARD_PATH = '/admit-panel';

/** The bulk edit grid (issue 28): a page of the panel that also shows on a phone (its table scrolls sideways). */
export const BULK_EDIT_PATH = '/admit-panel/bulk-edit';

/** The all-orders page and its search (issue 29): shown on a phone too, for an owner taking a call about an order. */
export const ALL_ORDERS_PATH = '/admit-panel/all-orders';

/** The Offers page (issue 30): a coupon paused or a sale checked from the shop floor. */
export const OFFERS_PATH = '/admit-panel/offers';

/** The returns queue (issue 31): shown on a phone too, for receiving a unit at the counter. */
export const RETURNS_PATH = '/admit-panel/returns';

/** The pages of the panel that also show on a phone (without the sidebar). */
export const PHONE_ADMIN_PATHS: readonly string[] = [BULK_EDIT_PATH, ALL_ORDERS_PATH, OFFERS_PATH, RETURNS_PATH];

/** The width from which the admin panel shows (spec §2: wide screens only; Tailwind's `lg`, as the panel's layout asks). */
export const ADMIN_PANEL_QUERY = '(min-width: 1024px)';

/**
 * Where an admin goes once signed in: the panel's Dashboard where the panel can show, the
 * storefront's home (spec §4's landing) on a narrower screen, where the panel would only ask for
 * a wider window. Read once, at that moment.
 */
export function adminLanding(): string {
  const wide = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(ADMIN_PANEL_QUERY).matches;
  return wide ? ADMIN_DASHBOARD_PATH : '/';
}
