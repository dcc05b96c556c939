import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import multer from 'multer';
import type { Deps } from '../deps';
import { sendEnvelope } from '../http/envelope';
import { Refusal, sendError } from '../http/error-reply';
import { createCaller } from '../trpc/app-router';
import { createRequestContext } from '../trpc/context';
import { MAX_IMAGE_BYTES, STORED_IMAGE_NAME } from './image.service';

export const UPLOAD_IMAGE_PATH = '/api/upload-image';

const TOO_LARGE = 'Image is too large: the limit is 5 MB';

/**
 * `POST /api/upload-image` (multipart, one file in the field `file`): the shop's own image host,
 * replacing the spec's third-party upload. The body is buffered in memory up to 5 MB (multer
 * stops reading past that), then handed to the `catalog.uploadImage` procedure, which checks the
 * caller is an admin and runs the image pipeline. Replies with the /api envelope, `data: {url}`.
 */
export function createImageUploadRouter(deps: Deps): Router {
  const router = express.Router();
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  }).single('file');

  router.post('/', (req: Request, res: Response) => {
    parse(req, res, (parseError: unknown) => {
      void (async () => {
        try {
          if (parseError) return sendError(req, res, refusalOf(parseError));
          const ctx = await createRequestContext(deps, req, res);
          const stored = await createCaller(ctx).catalog.uploadImage({ file: req.file?.buffer as never });
          sendEnvelope(res, 201, 'Image uploaded', { url: stored.url });
        } catch (error) {
          sendError(req, res, error);
        }
      })();
    });
  });
  return router;
}

/** What multer's refusal of the form tells the caller. */
function refusalOf(error: unknown): Refusal {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new Refusal({ status: 413, message: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
      return new Refusal({ status: 400, message: 'Send exactly one image, in the form field "file"', code: 'BAD_REQUEST', fieldErrors: { file: 'exactly one image' } });
    }
    return new Refusal({ status: 400, message: 'The upload is not a valid form', code: 'BAD_REQUEST' });
  }
  // Busboy's own errors (a truncated or malformed multipart body).
  return new Refusal({ status: 400, message: 'The upload is not a valid multipart form', code: 'BAD_REQUEST' });
}

/**
 * `GET /images/<name>`: only files the image pipeline wrote (content-hash WebP names), served as
 * images that can never run anything: `image/webp`, nosniff, and a CSP that sandboxes the
 * response and allows nothing. Whatever else is in the folder (an .html, .svg or .js put there
 * by any means, temp files) is a 404.
 */
export function serveStoredImages(imagesDir: string): RequestHandler {
  const files = express.static(imagesDir, {
    immutable: true,
    maxAge: '365d',
    index: false,
    dotfiles: 'deny',
    fallthrough: true,
    // A folder named like an image is not an image: no redirect into it.
    redirect: false,
    setHeaders: (res) => {
      res.setHeader('Content-Type', 'image/webp');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    },
  });
  const notFound = (res: Response) => res.status(404).type('text/plain').send('Image not found');
  return (req: Request, res: Response) => {
    // req.path is `/<name>`: the pattern has no slash, so no sub-folder or `..` can match.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !STORED_IMAGE_NAME.test(req.path.slice(1))) return notFound(res);
    void files(req, res, () => notFound(res));
  };
}
