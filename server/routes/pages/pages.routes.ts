import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { callInput, completePage, pageAt, type Page, type PageQuery } from '../../../src/app/page-data';
import type { ProcedureCall, ReplyFormat, SharedReplies } from '../../http/shared-replies';
import { describeError } from '../../trpc/error-shape';
import { withHead } from './head';
import { pageHead } from './page-heads';
import { renderApp } from './render';

const HTML_TYPE = 'text/html; charset=utf-8';

/** index.html for an address (read once from the build, or Vite's transform in dev). */
export type IndexHtml = (url: string) => Promise<string>;

/**
 * The storefront's pages, rendered on the server (home, category, product, search, sign-in
 * pages and the not-found page; see src/app/page-data.ts): the app's HTML in #root, the page's
 * own head, and its catalogue data for hydration. Everything on such a page is shared, so it
 * goes through the one seam for shared replies (server/http/shared-replies.ts): kept until a
 * change stales one of its procedures' tags, sent with an ETag and `public, no-cache`.
 * Personal parts (the signed-in header, the cart count) appear after hydration.
 *
 * Pages the browser renders alone (cart, orders, checkout results, admin) get index.html as is,
 * and so does a page whose data or rendering failed (the app then shows what went wrong): 404
 * for a product that is not on sale, the error's status otherwise.
 */
export function createPageRouter(opts: { indexHtml: IndexHtml; shared: SharedReplies; publicUrl: string; log: Logger }): Router {
  const router = Router();
  const sendShell = async (req: Request, res: Response, status: number) => {
    res
      .status(status)
      .type('html')
      .setHeader('Cache-Control', 'no-cache')
      .send(await opts.indexHtml(req.originalUrl));
  };

  // Browsers ask for /favicon.ico where a page names no icon: the shop's icon is an SVG.
  router.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));

  // Middleware rather than a `/{*splat}` route: Express would decode the path as a parameter, and
  // a malformed escape (`/%`) would be a 500 before any page is looked up.
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const address = new URL(req.originalUrl, 'http://shop.invalid');
      // A file that is not there (a stale asset, a probe for /wp-login.php): no page for it.
      if (/\.[a-z0-9]+$/i.test(address.pathname)) return void res.status(404).type('text').send('Not found');
      const first = pageAt(address.pathname, address.searchParams);
      if (!first) return await sendShell(req, res, 200);
      const toCall = (query: PageQuery): ProcedureCall => ({ path: query.path, input: callInput(query) });
      const calls: ProcedureCall[] = first.queries.map(toCall);
      // What the categories' answer decides (home rows, a category page's list) is asked next.
      let page: Page = first;
      const format: ReplyFormat = {
        // Every unknown address renders the same not-found page: kept once, whatever the address
        // (random addresses cannot fill the cache with copies of it).
        name: page.kind === 'not-found' ? 'page not-found' : `page ${req.originalUrl}`,
        status: page.kind === 'not-found' ? 404 : 200,
        type: HTML_TYPE,
        render: (results) => renderHtml(opts, req.originalUrl, page, results),
        more: (results) => {
          page = completePage(first, results);
          return page.queries.slice(first.queries.length).map(toCall);
        },
      };
      await opts.shared.respond(req, res, calls, format, (error) => {
        const described = describeError(error);
        if (described.unexpected) req.log.error({ err: error, page: page.kind }, 'server rendering failed; sending the page for the browser to render');
        sendShell(req, res, described.status).catch(next);
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}

async function renderHtml(opts: { indexHtml: IndexHtml; publicUrl: string }, url: string, page: Page, results: unknown[]): Promise<string> {
  const [template, app] = await Promise.all([opts.indexHtml(url), renderApp(url, page.queries, results)]);
  return withApp(withHead(template, pageHead(page, results, opts.publicUrl)), app.html, app.state);
}

/** index.html with the app's HTML in place of its static shell, and the page's data after it. */
export function withApp(indexHtml: string, appHtml: string, stateScript: string): string {
  const open = '<div id="root">';
  const start = indexHtml.indexOf(open);
  if (start < 0) throw new Error('index.html has no <div id="root">');
  // index.html marks the end of its shell (src/main.tsx replaces it when no page was rendered).
  const endMarker = indexHtml.indexOf('<!--/app-shell-->', start);
  const end = endMarker >= 0 ? endMarker + '<!--/app-shell-->'.length : indexHtml.indexOf('</div>', start);
  const close = indexHtml.indexOf('</div>', end);
  return `${indexHtml.slice(0, start)}${open}${appHtml}</div>${stateScript}${indexHtml.slice(close + '</div>'.length)}`;
}
