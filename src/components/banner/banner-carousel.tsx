import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { imageRenditionUrl, imageSrcSet } from '../../../shared/images';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../icons';

/** Spec §9: the banner advances every 5000 ms. */
export const BANNER_INTERVAL_MS = 5000;

export interface BannerImage {
  _id: string;
  imageUrl: string;
  alt: string;
  /** Where the banner leads, if anywhere. */
  link?: string | null;
}

export interface BannerCarouselProps {
  /** Wide images shown from 768 px up; also the slide count. */
  desktop: readonly BannerImage[];
  /** Tall images for phones, matched to the desktop slides by position. */
  mobile: readonly BannerImage[];
  intervalMs?: number;
}

const MOBILE_MEDIA = '(max-width: 767px)';
const DESKTOP_MEDIA = '(min-width: 768px)';
const DESKTOP_SIZES = '(min-width: 1280px) 1216px, 100vw';
const MOBILE_SIZES = '100vw';

function srcSetOf(url: string): string {
  return imageSrcSet(url) ?? url;
}

/**
 * Starts downloading the first banner (phone or desktop picture, whichever this screen will
 * show) before React has rendered the carousel. The hints mirror the <picture> below, so the
 * browser reuses the preloaded file instead of fetching another.
 */
export function preloadFirstBanner(desktop: readonly BannerImage[], mobile: readonly BannerImage[]): void {
  const first = desktop[0];
  if (!first || typeof document === 'undefined') return;
  const phone = mobile[0] ?? first;
  const hints = [
    { media: MOBILE_MEDIA, srcset: srcSetOf(phone.imageUrl), sizes: MOBILE_SIZES, href: phone.imageUrl },
    { media: DESKTOP_MEDIA, srcset: imageSrcSet(first.imageUrl) ?? '', sizes: DESKTOP_SIZES, href: imageRenditionUrl(first.imageUrl, 1280) },
  ];
  for (const hint of hints) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.media = hint.media;
    link.href = hint.href;
    if (hint.srcset) {
      link.imageSrcset = hint.srcset;
      link.imageSizes = hint.sizes;
    }
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}

/**
 * The home page banner: auto-advances and wraps, previous/next on desktop, dots and a
 * pause button everywhere, arrow keys while focus is inside. It does not rotate while the
 * shopper has paused it, while focus is inside it, or when the OS asks for reduced motion
 * (the play button still starts it on request).
 */
export function BannerCarousel({ desktop, mobile, intervalMs = BANNER_INTERVAL_MS }: BannerCarouselProps) {
  const count = desktop.length;
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // null = the shopper has not chosen; then reduced motion decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  // Until the first banner has loaded, the other slides draw no image: on a slow phone
  // connection they would compete with the one picture the shopper is looking at.
  const [warm, setWarm] = useState(false);
  const firstImage = useRef<HTMLImageElement>(null);
  // On a page the server rendered, the first banner may have loaded before React was there to hear it.
  useEffect(() => {
    if (firstImage.current?.complete) setWarm(true);
  }, []);
  const regionId = useId();

  const playing = playChoice ?? !reducedMotion;
  const rotating = playing && !focusInside && count > 1;

  useEffect(() => {
    if (!rotating) return;
    // A timeout keyed on the index restarts the full interval after a manual move.
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  if (count === 0) return null;
  const current = index % count;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    }
  };

  return (
    <section
      className="relative"
      aria-roledescription="carousel"
      aria-label="Featured offers"
      onKeyDown={onKeyDown}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      }}
    >
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-zinc-200 md:aspect-[24/7]">
        <div
          id={regionId}
          className="flex h-full transition-transform duration-500 ease-out"
          style={{ transform: `translateX(-${current * 100}%)` }}
          aria-live={rotating ? 'off' : 'polite'}
        >
          {desktop.map((banner, i) => {
            const phone = mobile[i] ?? banner;
            const active = i === current;
            const image = (
              <picture>
                <source media={MOBILE_MEDIA} srcSet={srcSetOf(phone.imageUrl)} sizes={MOBILE_SIZES} />
                <img
                  src={imageRenditionUrl(banner.imageUrl, 1280)}
                  srcSet={imageSrcSet(banner.imageUrl)}
                  sizes={DESKTOP_SIZES}
                  alt={banner.alt}
                  width={1280}
                  height={400}
                  // Only the first slide is part of the first paint; the rest wait.
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  {...(i === 0 ? { ref: firstImage, fetchPriority: 'high' as const, onLoad: () => setWarm(true), onError: () => setWarm(true) } : {})}
                  className="h-full w-full object-cover"
                />
              </picture>
            );
            const drawn = i === 0 || warm || active;
            return (
              <div
                key={banner._id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={!active}
                inert={!active}
                className="h-full w-full shrink-0"
                data-testid="banner-slide"
                data-active={active}
              >
                {!drawn ? null : banner.link?.startsWith('/') ? (
                  <Link to={banner.link} className="block h-full w-full">
                    {image}
                  </Link>
                ) : banner.link ? (
                  <a href={banner.link} className="block h-full w-full">
                    {image}
                  </a>
                ) : (
                  image
                )}
              </div>
            );
          })}
        </div>
      </div>

      {count > 1 ? (
        <div className="mt-2 flex items-center justify-center gap-1">
          {/* Previous/next sit below the picture, not on it, so they never cover a headline. */}
          <button type="button" className="icon-btn hidden size-8 md:inline-flex" aria-controls={regionId} aria-label="Previous slide" onClick={() => go(current - 1)}>
            <ChevronLeftIcon className="size-5" />
          </button>
          <button type="button" className="icon-btn size-8" aria-label={playing ? 'Pause slide rotation' : 'Start slide rotation'} onClick={() => setPlayChoice(!playing)}>
            {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
          </button>
          {desktop.map((banner, i) => (
            <button
              key={banner._id}
              type="button"
              className="group inline-flex size-6 items-center justify-center rounded-full"
              aria-label={`Show slide ${i + 1}`}
              aria-controls={regionId}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            >
              <span className={`block h-2 rounded-full transition-all ${i === current ? 'w-5 bg-brand-700' : 'w-2 bg-zinc-400 group-hover:bg-zinc-600'}`} />
            </button>
          ))}
          <button type="button" className="icon-btn hidden size-8 md:inline-flex" aria-controls={regionId} aria-label="Next slide" onClick={() => go(current + 1)}>
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
