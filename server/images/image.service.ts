import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { IMAGE_HASH_LENGTH, IMAGE_RENDITION_WIDTHS } from '../../shared/images';
import { AppError } from '../errors';
import type { ImageStore } from './image-store';

/** Largest accepted upload, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest accepted image, in pixels (width x height as the file header claims). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Longest edge of the stored main image; bigger originals are scaled down to it. */
export const MAIN_IMAGE_MAX_EDGE = 2048;
/** Edge of the square avatar. */
export const AVATAR_SIZE = 256;

// Part of the content hash: bump it when the processing changes so old files are not reused.
const PIPELINE_VERSION = 'product-v1';
const AVATAR_PIPELINE_VERSION = 'avatar-v1';
const WEBP_OPTIONS = { quality: 82, effort: 2 } as const;

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export interface StoredImage {
  /** Public URL of the main image, `/images/<hash>.webp`. */
  url: string;
  width: number;
  height: number;
}

const PRODUCT_IMAGE_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp', 'gif', 'avif'];
const AVATAR_IMAGE_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp', 'gif'];

/**
 * The image type given by the file's leading bytes (its magic number), never by a name or a
 * Content-Type. Undefined for anything we do not accept, including SVG, TIFF and HEIC.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const ascii = (start: number, end: number): string => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand, then compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length, 256);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // minor version, not a brand
      const brand = ascii(offset, offset + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return undefined;
}

interface CheckedImage {
  type: ImageType;
}

/**
 * Size, type and pixel-count checks, all before any pixel is decoded. The pixel count comes
 * from the header, so a tiny file claiming 50,000 x 50,000 pixels is refused here.
 */
async function checkImage(bytes: Buffer, accepted: readonly ImageType[]): Promise<CheckedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new AppError('IMAGE_TOO_LARGE', 'Image is too large: the limit is 5 MB');
  }
  const type = sniffImageType(bytes);
  if (type === undefined || !accepted.includes(type)) {
    throw new AppError('IMAGE_INVALID', `Unsupported image: upload ${describeTypes(accepted)}`);
  }
  let metadata: Metadata;
  try {
    // limitInputPixels off here only so we can tell "too many pixels" apart from "broken";
    // metadata() reads the header and decodes nothing.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_INVALID', 'The file is not a readable image');
  }
  const decodedFormat = type === 'avif' ? 'heif' : type;
  if (metadata.format !== decodedFormat || (type === 'avif' && metadata.compression !== 'av1')) {
    throw new AppError('IMAGE_INVALID', 'The file is not a readable image');
  }
  const { width, height } = metadata;
  if (!(width > 0 && height > 0)) {
    throw new AppError('IMAGE_INVALID', 'The file is not a readable image');
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError('IMAGE_TOO_MANY_PIXELS', 'Image has too many pixels: the limit is 40 megapixels');
  }
  return { type };
}

function describeTypes(types: readonly ImageType[]): string {
  const names = types.map((type) => type.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}` : (names[0] ?? '');
}

function contentHash(version: string, bytes: Buffer): string {
  return createHash('sha256').update(version).update('\0').update(bytes).digest('hex').slice(0, IMAGE_HASH_LENGTH);
}

/** Maps a sharp failure during decoding to our closed error codes. */
function decodeError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) {
    return new AppError('IMAGE_TOO_MANY_PIXELS', 'Image has too many pixels: the limit is 40 megapixels');
  }
  return new AppError('IMAGE_INVALID', 'The file is not a readable image');
}

function sharpInput(bytes: Buffer): Sharp {
  // failOn 'error' rather than the stricter 'warning': phone cameras write JPEGs with harmless
  // warnings (extra bytes after EOI), while real corruption still aborts.
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
}

/**
 * Validates an uploaded product image by its bytes and puts it in the image store as WebP:
 * a main image (EXIF rotation applied, metadata stripped, longest edge at most 2048 px) named
 * `<hash>.webp` and renditions `<hash>-w320.webp`, `-w640`, `-w1280` (never upscaled).
 * Idempotent: the same bytes give the same URL and are processed once.
 *
 * @throws AppError IMAGE_TOO_LARGE (over 5 MB), IMAGE_TOO_MANY_PIXELS (over 40 MP per the header),
 *   IMAGE_INVALID (not JPEG/PNG/WebP/GIF/AVIF or undecodable). Nothing is written on failure.
 */
export async function storeProductImage(store: ImageStore, bytes: Buffer): Promise<StoredImage> {
  await checkImage(bytes, PRODUCT_IMAGE_TYPES);
  const hash = contentHash(PIPELINE_VERSION, bytes);
  const mainName = `${hash}.webp`;
  // The main image is stored last (putAll), so when it is there the renditions are too.
  const existing = await store.get(mainName);
  if (existing) {
    const { width, height } = await sharp(existing).metadata();
    return { url: `/images/${mainName}`, width, height };
  }

  let main: { data: Buffer; info: OutputInfo };
  let renditions: { name: string; data: Buffer }[];
  try {
    // Decode once (shrink-on-load keeps big JPEGs cheap) into raw pixels; every output is encoded from them.
    const oriented = await sharpInput(bytes)
      .rotate()
      .resize(MAIN_IMAGE_MAX_EDGE, MAIN_IMAGE_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: oriented.info.width, height: oriented.info.height, channels: oriented.info.channels },
    };
    const mainPromise = sharp(oriented.data, raw).webp(WEBP_OPTIONS).toBuffer({ resolveWithObject: true });
    const narrower = IMAGE_RENDITION_WIDTHS.filter((width) => width < oriented.info.width);
    const encoded = await Promise.all(narrower.map((width) => sharp(oriented.data, raw).resize({ width }).webp(WEBP_OPTIONS).toBuffer()));
    main = await mainPromise;
    const mainData = main.data;
    // A rendition at least as wide as the image would be the main image again (no upscaling),
    // so it is the same bytes rather than a second encode.
    renditions = IMAGE_RENDITION_WIDTHS.map((width) => ({
      name: `${hash}-w${width}.webp`,
      data: encoded[narrower.indexOf(width)] ?? mainData,
    }));
  } catch (error) {
    throw decodeError(error);
  }

  await store.putAll([...renditions, { name: mainName, data: main.data }]);
  return { url: `/images/${mainName}`, width: main.info.width, height: main.info.height };
}

/**
 * Stores a profile picture as a 256 x 256 WebP (cover crop, EXIF rotation applied, metadata
 * stripped) named `avatar-<hash>.webp`. Idempotent for the same bytes.
 *
 * @returns the public URL, `/images/avatar-<hash>.webp`
 * @throws AppError IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, IMAGE_INVALID (JPEG/PNG/WebP/GIF only).
 */
export async function storeAvatar(store: ImageStore, bytes: Buffer): Promise<string> {
  await checkImage(bytes, AVATAR_IMAGE_TYPES);
  const name = `avatar-${contentHash(AVATAR_PIPELINE_VERSION, bytes)}.webp`;
  if (await store.has(name)) return `/images/${name}`;
  let data: Buffer;
  try {
    data = await sharpInput(bytes).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' }).webp(WEBP_OPTIONS).toBuffer();
  } catch (error) {
    throw decodeError(error);
  }
  await store.putAll([{ name, data }]);
  return `/images/${name}`;
}

const DATA_URL_PREFIX = /^data:(?:[a-z]+\/[a-z0-9.+-]+)?(?:;[a-z0-9-]+=[^;,]*)*;base64,/i;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes a base64 `data:` URL (as the sign-up form sends a profile photo) to its bytes. The
 * size limit is checked on the encoded length before decoding, so a huge string costs nothing.
 * The declared media type is ignored: the bytes are sniffed later by the store functions.
 *
 * @throws AppError IMAGE_INVALID (not a base64 data URL), IMAGE_TOO_LARGE (over 5 MB decoded).
 */
export function decodeImageDataUrl(dataUrl: string): Buffer {
  const prefix = DATA_URL_PREFIX.exec(dataUrl.slice(0, 256));
  if (prefix === null) {
    throw new AppError('IMAGE_INVALID', 'Profile picture must be an image data URL');
  }
  const body = dataUrl.slice(prefix[0].length).replace(/\s+/g, '');
  if (Math.floor((body.length * 3) / 4) - 2 > MAX_IMAGE_BYTES) {
    throw new AppError('IMAGE_TOO_LARGE', 'Image is too large: the limit is 5 MB');
  }
  if (body.length === 0 || body.length % 4 !== 0 || !BASE64_BODY.test(body)) {
    throw new AppError('IMAGE_INVALID', 'Profile picture must be an image data URL');
  }
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new AppError('IMAGE_TOO_LARGE', 'Image is too large: the limit is 5 MB');
  }
  return bytes;
}
