import express, { type Router } from 'express';
import { listedCategories } from '../../shared/categories';
import type { Deps } from '../deps';
import { countProductsOnSale, productSitemapPage } from '../features/catalog/catalog.service';
import { listShopCategories } from '../features/catalog/categories.service';

/**
 * What search engines read before anything else: `/robots.txt`, which keeps them out of the
 * cart, orders and admin screens and names the sitemap, and the sitemap itself as the
 * protocol (sitemaps.org) wants it at any catalogue size: `/sitemap.xml` is an index of
 * `/sitemaps/pages.xml` (home and the category pages) and `/sitemaps/products-<n>.xml`, pages
 * of at most 10,000 product URLs (the protocol allows 50,000 and 50 MB per file; 10,000 keeps
 * each under 1 MB). Every URL is absolute, on PUBLIC_URL: the address shoppers use.
 */

/** Product URLs per sitemap page. */
export const SITEMAP_PAGE_SIZE = 10_000;

/** Screens search engines have no business in (spec §2 routes); everything else may be crawled. */
const PRIVATE_PATHS = [
  '/admit-panel/',
  '/cart',
  '/order',
  '/success',
  '/cancel',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/account',
  '/confirm-email',
  '/checkout',
  '/admin/',
  '/test-checkout/',
  '/api/',
  '/trpc/',
];

/** Generated from the database on each request: an hour in caches keeps crawlers cheap. */
const CACHE_CONTROL = 'public, max-age=3600';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(entries: { loc: string; lastmod?: string }[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`);
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Mounted at the site's root, before the client's catch-all route. */
export function createSitemapRouter(deps: Deps, opts: { pageSize?: number } = {}): Router {
  const router = express.Router();
  const base = deps.env.PUBLIC_URL;
  const pageSize = opts.pageSize ?? SITEMAP_PAGE_SIZE;
  const xml = (res: express.Response, body: string) => res.type('application/xml').set('Cache-Control', CACHE_CONTROL).send(body);

  router.get('/robots.txt', (_req, res) => {
    const lines = ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''];
    res.type('text/plain').set('Cache-Control', CACHE_CONTROL).send(lines.join('\n'));
  });

  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const pages = Math.max(1, Math.ceil((await countProductsOnSale(deps.db)) / pageSize));
      const locs = [`${base}/sitemaps/pages.xml`, ...Array.from({ length: pages }, (_, i) => `${base}/sitemaps/products-${i + 1}.xml`)];
      xml(res, `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`);
    } catch (error) {
      next(error);
    }
  });

  // The listed categories' pages (a hidden one still answers, but is not offered to crawlers).
  router.get('/sitemaps/pages.xml', async (_req, res, next) => {
    try {
      const categories = listedCategories(await listShopCategories(deps.db));
      xml(
        res,
        urlset([
          { loc: `${base}/` },
          { loc: `${base}/policies` },
          ...categories.map((category) => ({ loc: `${base}/product-category?category=${encodeURIComponent(category.value)}` })),
        ]),
      );
    } catch (error) {
      next(error);
    }
  });

  router.get('/sitemaps/products-:page.xml', async (req, res, next) => {
    try {
      const page = /^[1-9][0-9]{0,6}$/.test(req.params.page) ? Number(req.params.page) : 0;
      const products = page > 0 ? await productSitemapPage(deps.db, { limit: pageSize, offset: (page - 1) * pageSize }) : [];
      // Past the last page (or not a page number): nothing to crawl there. Page 1 of an empty shop is empty, not missing.
      if (products.length === 0 && page !== 1) {
        res.status(404).type('text/plain').send('No such sitemap');
        return;
      }
      xml(res, urlset(products.map((p) => ({ loc: `${base}/product/${p.id}`, lastmod: p.updatedAt }))));
    } catch (error) {
      next(error);
    }
  });

  return router;
}
