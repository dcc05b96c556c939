import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import type { Deps } from '../deps';
import { sendEnvelope } from '../http/envelope';
import { Refusal, sendError } from '../http/error-reply';
import { createCaller } from '../app-router';
import { createRequestContext } from '../trpc/context';
import { MAX_IMAGE_BYTES } from '../images/image.service';

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
