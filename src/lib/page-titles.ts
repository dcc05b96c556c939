/**
 * Page titles, one source for the server's <head> (server/routes/pages/page-heads.ts) and the browser,
 * which sets them as the shopper moves between pages (useDocumentTitle).
 */
export const SHOP_NAME = 'Voltmart';

export const HOME_TITLE = `${SHOP_NAME} · Consumer electronics`;

/** "Mobiles · Voltmart", "Pixel 10 · Voltmart". */
export const pageTitle = (name: string) => `${name} · ${SHOP_NAME}`;

export const searchTitle = (q: string) => (q ? pageTitle(`Search results for “${q}”`) : pageTitle('Search'));

export const POLICIES_TITLE = pageTitle('Shipping, returns and grievances');
