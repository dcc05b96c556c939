import { imageRenditionUrl, imageSrcSet } from '../../../shared/images';

export interface ProductImageProps {
  /** Main image URL (`/images/<hash>.webp` or a foreign URL); undefined shows a neutral tile. */
  url: string | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks a rendition. */
  sizes: string;
  eager?: boolean;
  className?: string;
  /** Intrinsic size hint; the wrapper's aspect ratio is what actually reserves the space. */
  width?: number;
  height?: number;
}

/**
 * One product image with WebP renditions in `srcset`. Callers wrap it in a box with a fixed
 * aspect ratio so nothing shifts while it loads; below-the-fold images load lazily.
 */
export function ProductImage({ url, alt, sizes, eager = false, className = '', width = 640, height = 640 }: ProductImageProps) {
  if (!url) {
    return (
      <div className={`flex items-center justify-center text-xs text-zinc-500 ${className}`} role="img" aria-label={`${alt} (no image)`}>
        No image
      </div>
    );
  }
  return (
    <img
      src={imageRenditionUrl(url, 640)}
      srcSet={imageSrcSet(url)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={className}
    />
  );
}
