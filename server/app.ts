import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type Response, type NextFunction, type RequestHandler } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import type { Deps } from './deps';
import { createRestRouter } from './routes/rest/rest-adapter';
import { jsonOnly, originGuard, securityHeaders } from './http/security';
import { crossOriginClients } from './http/cors';
import { sendError } from './http/error-reply';
import { bodyErrorHandler, rejectDeepQueryInput, verifyJsonDepth } from './http/json-limits';
import { warnOnForeignHost } from './http/public-host';
import { personalReplies, procedureReplies } from './routes/procedure-replies';
import { requestLogging } from './http/request-log';
import { createImageUploadRouter, UPLOAD_IMAGE_PATH } from './routes/image.routes';
import { createWebhookRouter, WEBHOOK_PATHS } from './routes/payments/stripe-webhook.routes';
import { createRazorpayRouter, RAZORPAY_PATH, RAZORPAY_WEBHOOK_PATH } from './routes/payments/razorpay.routes';
import { createTestCheckoutRouter } from './routes/payments/test-checkout.routes';
import { createSitemapRouter } from './routes/sitemap.routes';
import { createPageRouter, type IndexHtml } from './routes/pages/pages.routes';
import { createInvoiceRouter } from './routes/invoice.routes';
import { COURIER_WEBHOOK_PATH, createCourierWebhookRouter } from './routes/courier-webhook.routes';
import { createAccountDataRouter } from './routes/account-data.routes';
import { createSharedReplies, createTrpcRouter } from './routes/trpc.routes';
import { createHealthRouter } from './routes/health.routes';
import { createCatalogueIoRouter } from './routes/catalogue-io.routes';

const BODY_LIMIT = '10mb';
const BODY_LIMIT_TEXT = '10 MB';

/** Payment providers' webhooks: authenticated by their signatures, not by where they come from. */
const SIGNED_WEBHOOK_PATHS = [...WEBHOOK_PATHS, RAZORPAY_WEBHOOK_PATH, COURIER_WEBHOOK_PATH];
/** Paths that bring their own authentication or body format. */
const NON_JSON_PATHS = [...SIGNED_WEBHOOK_PATHS, UPLOAD_IMAGE_PATH];

export type ClientMode =
  | { kind: 'static'; dir: string }
  /** Dev: Vite's middlewares and its index.html transform (server/dev.ts). */
  | { kind: 'vite'; middlewares: RequestHandler; renderIndex: (url: string) => Promise<string> }
  | { kind: 'none' };

/**
 * Express wiring only: headers, logging, body parsing, session-aware routes, images and the
 * client. Every domain rule lives in the procedures behind /trpc and /api.
 */
export function createApp(deps: Deps, opts: { client: ClientMode; catchUpEveryRead?: boolean }): Express {
  const { env } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);

  app.use(requestLogging(app, deps.log));
  app.use(securityHeaders({ dev: opts.client.kind === 'vite', https: env.PUBLIC_URL.startsWith('https://') }));

  // For a load balancer: 200 while this process can reach its database, 503 when it cannot.
  app.use('/healthz', createHealthRouter(deps));

  app.use(warnOnForeignHost(env.PUBLIC_URL, deps.log));
  // A client deployed on another origin (CORS_ORIGINS) may call the API with credentials.
  app.use(['/api', '/trpc'], crossOriginClients(env.corsOrigins));
  app.use(originGuard(env.PUBLIC_URL, SIGNED_WEBHOOK_PATHS, env.corsOrigins));

  // Replies of shared procedures (product, category and search pages) are the same for everyone:
  // server/http/shared-replies.ts sends them with their validators and keeps them until a change
  // stales them. They carry their own compressed variants, so they go out before the compression
  // middleware. Anything else under /api and /trpc is personal: no cache may keep it.
  const shared = createSharedReplies(deps, { catchUpEveryRead: opts.catchUpEveryRead ?? false });
  app.use(['/api', '/trpc'], shared.personalByDefault());
  app.use('/trpc', rejectDeepQueryInput(), shared.trpcQueries());

  // ---- /api: the webhooks (raw body) and the upload (multipart) first, then the JSON table. ----
  app.use(WEBHOOK_PATHS, createWebhookRouter(deps));
  // Razorpay's webhook and the callback its page sends the shopper back to.
  app.use(RAZORPAY_PATH, createRazorpayRouter(deps));
  // The courier's tracking events (x-api-key token).
  app.use(COURIER_WEBHOOK_PATH, createCourierWebhookRouter(deps));
  app.use(UPLOAD_IMAGE_PATH, createImageUploadRouter(deps));
  app.use(
    '/api',
    jsonOnly(NON_JSON_PATHS.map((p) => p.slice('/api'.length))),
    express.json({ limit: BODY_LIMIT, verify: verifyJsonDepth }),
    createRestRouter(procedureReplies(shared, personalReplies(deps)), sendError),
    bodyErrorHandler(BODY_LIMIT_TEXT),
  );

  // The catalogue as a CSV or .xlsx file, and the uploads an import reads (server/features/catalog-io/):
  // before the compression middleware, as its big files are compressed at the fastest level there.
  app.use(createCatalogueIoRouter(deps));

  app.use(compression());
  app.use('/test-checkout', createTestCheckoutRouter(deps));
  app.use('/trpc', createTrpcRouter(deps, { bytes: BODY_LIMIT, text: BODY_LIMIT_TEXT }));

  // Uploaded and generated images: files in DATA_DIR/images, or the database on PostgreSQL (server/images/image-store.ts).
  app.use('/images', deps.images.serve());

  // Invoice and credit note PDFs, the GSTR-1 CSV (server/invoices/).
  app.use(createInvoiceRouter(deps));
  // "Download my data" (the account page).
  app.use(createAccountDataRouter(deps));

  // robots.txt and the sitemaps, generated for PUBLIC_URL (before the client's catch-all).
  app.use(createSitemapRouter(deps));

  const indexHtml = mountClient(app, opts.client);
  // The storefront's pages, rendered on the server (server/routes/pages/), after everything else.
  if (indexHtml) app.use(createPageRouter({ indexHtml, shared, publicUrl: env.PUBLIC_URL, log: deps.log }));

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    sendError(req, res, error);
  });
  return app;
}

/**
 * The client's files (the build, or Vite in dev), and how to read its index.html, which every
 * page is made from (server/routes/pages/). Undefined when the shop serves no client.
 */
function mountClient(app: Express, client: ClientMode): IndexHtml | undefined {
  if (client.kind === 'none') return undefined;
  if (client.kind === 'vite') {
    app.use(client.middlewares);
    return (url) => client.renderIndex(url);
  }
  // Hashed build assets never change; index.html must always be revalidated. The build made
  // brotli and gzip copies of each script and stylesheet (vite.config.ts): the browser gets the
  // smallest it accepts, with no compression work per request.
  app.use(
    '/assets',
    expressStaticGzip(path.join(client.dir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false },
    }),
    // A chunk that is not in this build (a tab opened before a deploy asks for an old one).
    (_req: Request, res: Response) => void res.status(404).type('text/plain').send('Not found'),
  );
  app.use(express.static(client.dir, { index: false, maxAge: '1h' }));
  let cached: Promise<string> | undefined;
  // Read once; a failed read (no build yet) is tried again on the next request.
  return () =>
    (cached ??= readIndexHtml(client.dir).catch((error: unknown) => {
      cached = undefined;
      throw error;
    }));
}

/**
 * The build's index.html with its stylesheet inlined: the CSS (9 KB gzipped) then comes with
 * the page instead of a request that blocks the first paint, a round trip that costs a phone
 * on a slow connection more than the bytes do. (`style-src 'unsafe-inline'` already allows it.)
 */
async function readIndexHtml(dir: string): Promise<string> {
  const html = await fs.promises.readFile(path.join(dir, 'index.html'), 'utf8');
  let inlined = html;
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)) {
    const css = await fs.promises.readFile(path.join(dir, match[1]!), 'utf8');
    inlined = inlined.replace(match[0], () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return inlined;
}
