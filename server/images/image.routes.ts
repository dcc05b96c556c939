import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import multer from 'multer';
import { sendEnvelope } from '../rest/rest-adapter';
import { createCaller } from '../trpc/app-router';
import { createRequestContext, type Deps } from '../trpc/context';
import { describeError } from '../trpc/error-shape';
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
          if (parseError) {
            replyParseError(res, parseError);
            return;
          }
          const ctx = await createRequestContext(deps, req, res);
          const stored = await createCaller(ctx).catalog.uploadImage({ file: req.file?.buffer as never });
          sendEnvelope(res, 201, 'Image uploaded', { url: stored.url });
        } catch (error) {
          const described = describeError(error);
          if (described.unexpected) req.log.error({ err: error }, 'unexpected error in upload-image');
          sendEnvelope(res, described.status, described.message, null, described.fieldErrors ? { fieldErrors: described.fieldErrors } : {});
        }
      })();
    });
  });
  return router;
}

function replyParseError(res: Response, error: unknown): void {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return sendEnvelope(res, 413, TOO_LARGE, null);
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
      return sendEnvelope(res, 400, 'Send exactly one image, in the form field "file"', null, { fieldErrors: { file: 'exactly one image' } });
    }
    return sendEnvelope(res, 400, 'The upload is not a valid form', null);
  }
  // Busboy's own errors (a truncated or malformed multipart body).
  sendEnvelope(res, 400, 'The upload is not a valid multipart form', null);
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
