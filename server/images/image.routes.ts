import express, { type Request, type Response, type Router } from 'express';
import multer from 'multer';
import { sendEnvelope } from '../rest/rest-adapter';
import { createCaller } from '../trpc/app-router';
import { createRequestContext, type Deps } from '../trpc/context';
import { describeError } from '../trpc/error-shape';
import { MAX_IMAGE_BYTES } from './image.service';

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
