import zlib from 'node:zlib';
import compression from 'compression';
import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import type { Deps } from '../deps';
import { Refusal, sendError } from '../http/error-reply';
import { NOT_SIGNED_IN_MESSAGE } from '../errors';
import { createCaller } from '../app-router';
import { createRequestContext } from '../trpc/context';
import { exportCatalogue } from '../features/catalog-io/catalog-io.service';
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB } from '../../shared/schemas/catalog-io';

export const CATALOGUE_IMPORT_PATH = '/admin/catalogue-import';

/**
 * The catalogue as a file (issue 28), beside the GSTR-1 download: `GET /admin/catalogue.csv` and
 * `/admin/catalogue.xlsx` stream the export; `POST /admin/catalogue-import` (multipart, one file
 * in `file`, up to 50 MB, and optionally a ZIP of pictures in `pictures`, answered as `picturesId`)
 * keeps an upload and answers its id, which the `catalogIo.dryRun` and
 * `catalogIo.apply` procedures take; `GET /admin/catalogue-import/:uploadId/errors.csv` is the
 * dry run's failing rows. The procedures decide who may (admins).
 */
/**
 * The catalogue's files are big (215 MB of CSV at 100,000 products) and compressed here rather
 * than by the app's compression middleware, at the fastest levels: CPU taken from the shoppers on
 * the same cores, against a larger download (measured on that file in one go: gzip 6 1.6 s and
 * 19.9 MB, gzip 1 0.7 s and 23.7 MB; brotli 4 1.1 s and 11.3 MB, brotli 1 0.3 s and 14.3 MB). This
 * router is mounted before that middleware (app.ts).
 */
const fastCompression = compression({ level: zlib.constants.Z_BEST_SPEED, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } });

export function createCatalogueIoRouter(deps: Deps): Router {
  const router = express.Router();

  for (const format of ['csv', 'xlsx'] as const) {
    router.get(`/admin/catalogue.${format}`, fastCompression, async (req: Request, res: Response) => {
      try {
        const ctx = await createRequestContext(deps, req, res);
        const asked = typeof req.query.category === 'string' ? req.query.category : undefined;
        const { fileName, actorId, category } = await createCaller(ctx).catalogIo.exportFile({ format, category: asked });
        res
          .status(200)
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .set('Cache-Control', 'private, no-store')
          .set('Content-Disposition', `attachment; filename="${fileName}"`);
        await exportCatalogue(deps, format, res, actorId, { category });
      } catch (error) {
        // Once rows have gone out, the download can only be cut short (the browser then says it failed).
        if (res.headersSent) {
          req.log.error({ err: error }, 'catalogue export failed while streaming');
          res.destroy();
        } else sendError(req, res, error);
      }
    });
  }

  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMPORT_MAX_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
  }).fields([
    { name: 'file', maxCount: 1 },
    // A ZIP of the pictures the rows name by file name (issue 28, pictures).
    { name: 'pictures', maxCount: 1 },
  ]);

  router.post(CATALOGUE_IMPORT_PATH, async (req: Request, res: Response) => {
    // Up to 50 MB is read into memory: only for a signed-in admin (the procedure checks the rest).
    let ctx: Awaited<ReturnType<typeof createRequestContext>>;
    try {
      ctx = await createRequestContext(deps, req, res);
    } catch (error) {
      return sendError(req, res, error);
    }
    if (!ctx.user) return sendError(req, res, new Refusal({ status: 401, message: NOT_SIGNED_IN_MESSAGE, code: 'UNAUTHORIZED' }));
    if (ctx.user.role !== 'ADMIN') return sendError(req, res, new Refusal({ status: 403, message: 'Permission denied: this needs an admin account.', code: 'FORBIDDEN' }));
    parse(req, res, (parseError: unknown) => {
      void (async () => {
        try {
          if (parseError) return sendError(req, res, refusalOf(parseError));
          const files = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
          const file = files.file?.[0];
          const pictures = files.pictures?.[0];
          const stored = await createCaller(ctx).catalogIo.upload({
            name: file?.originalname ?? 'catalogue.csv',
            file: file?.buffer as never,
            ...(pictures ? { pictures: pictures.buffer as never, picturesName: pictures.originalname } : {}),
          });
          res.status(201).set('Cache-Control', 'private, no-store').json(stored);
        } catch (error) {
          sendError(req, res, error);
        }
      })();
    });
  });

  router.get(`${CATALOGUE_IMPORT_PATH}/:uploadId/errors.csv`, fastCompression, async (req: Request<{ uploadId: string }>, res: Response) => {
    try {
      const ctx = await createRequestContext(deps, req, res);
      const mode = typeof req.query.mode === 'string' ? req.query.mode : undefined;
      const stock = typeof req.query.stock === 'string' ? req.query.stock : undefined;
      const pictures = typeof req.query.pictures === 'string' ? req.query.pictures : undefined;
      const { fileName, csv } = await createCaller(ctx).catalogIo.errorRows({ uploadId: req.params.uploadId, mode: mode as never, stock: stock as never, pictures });
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .set('Cache-Control', 'private, no-store')
        .set('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '-')}"`)
        .send(csv);
    } catch (error) {
      sendError(req, res, error);
    }
  });
  return router;
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE')
      return new Refusal({
        status: 413,
        message: `The file is larger than ${IMPORT_MAX_MB} MB: split it into smaller files (export one category at a time), or keep only the columns you changed (SKU and the figures).`,
        code: 'PAYLOAD_TOO_LARGE',
      });
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
      return new Refusal({
        status: 400,
        message: 'Send one file in the form field "file" (and, if the rows name pictures by file name, one ZIP in "pictures")',
        code: 'BAD_REQUEST',
        fieldErrors: { file: 'exactly one file' },
      });
    }
    return new Refusal({ status: 400, message: 'The upload is not a valid form', code: 'BAD_REQUEST' });
  }
  return new Refusal({ status: 400, message: 'The upload is not a valid multipart form', code: 'BAD_REQUEST' });
}
