/**
 * Image URL conventions shared by the server (which writes the files) and the client
 * (which builds `srcset`). Every image the shop stores itself is a WebP named by a
 * content hash: the main image `/images/<hash>.webp` plus one rendition per width
 * `/images/<hash>-w<width>.webp`. Foreign URLs (old data, third-party hosts) are left alone.
 */

/** Widths, in CSS pixels, of the WebP renditions written next to every stored product image. */
export const IMAGE_RENDITION_WIDTHS = [320, 640, 1280] as const;

export type ImageRenditionWidth = (typeof IMAGE_RENDITION_WIDTHS)[number];

/** Length of the hex content hash in stored image names. */
export const IMAGE_HASH_LENGTH = 32;

const OWN_IMAGE_URL = /^\/images\/([0-9a-f]{32})\.webp$/;

/** The hash of one of our own main image URLs, or undefined for anything else. */
export function ownImageHash(url: string): string | undefined {
  return OWN_IMAGE_URL.exec(url)?.[1];
}

/** URL of the rendition of `url` at `width`, or `url` itself when it is not one of ours. */
export function imageRenditionUrl(url: string, width: ImageRenditionWidth): string {
  const hash = ownImageHash(url);
  return hash === undefined ? url : `/images/${hash}-w${width}.webp`;
}

/**
 * A `srcset` value listing every rendition of one of our own images, or undefined for a
 * foreign URL (the caller then renders a plain `src`). A rendition is never upscaled, so for
 * a small original the wider entries hold the original size; browsers handle that fine.
 */
export function imageSrcSet(url: string): string | undefined {
  const hash = ownImageHash(url);
  if (hash === undefined) return undefined;
  return IMAGE_RENDITION_WIDTHS.map((width) => `/images/${hash}-w${width}.webp ${width}w`).join(', ');
}
