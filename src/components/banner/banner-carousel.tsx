import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { imageRenditionUrl, imageSrcSet } from '../../../shared/images';
import { useMediaQuery } from '../../lib/use-media-query';
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
  /** The desktop banners, in order: shown from 768 px up. */
  desktop: readonly BannerImage[];
  /** The phone banners, in order, each with its own picture, alt text and link: shown below 768 px. */
  mobile: readonly BannerImage[];
  intervalMs?: number;
}

// Tailwind's md breakpoint (48rem, 768 px at the browser's usual text size), in the same unit,
// so the pictures and the rotation follow the carousel the CSS shows at any text size.
const MOBILE_MEDIA = '(max-width: 47.99rem)';
const DESKTOP_MEDIA = '(min-width: 48rem)';
const DESKTOP_SIZES = '(min-width: 1280px) 1216px, 100vw';
const MOBILE_SIZES = '100vw';
/** A transparent 1×1 GIF: what the carousel of the other screen "loads" instead of its pictures. */
const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

type Screen = 'desktop' | 'phone';

/** Whether a media query matches at this moment (false where there is no matchMedia: jsdom). */
function matchesNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * Each screen's carousel: where it shows (the other one's media query hides it), the picture it
 * wants (24:7 on desktops, square on phones, as the admin's Banners page recommends), and the
 * prev/next buttons that only desktops have (spec: previous/next buttons on desktop).
 */
const SCREENS = {
  desktop: {
    media: DESKTOP_MEDIA,
    other: MOBILE_MEDIA,
    sizes: DESKTOP_SIZES,
    rendition: 1280,
    width: 1280,
    height: 400,
    box: 'aspect-[24/7]',
    shown: 'hidden md:block',
    arrows: true,
  },
  phone: { media: MOBILE_MEDIA, other: DESKTOP_MEDIA, sizes: MOBILE_SIZES, rendition: 640, width: 800, height: 800, box: 'aspect-square', shown: 'md:hidden', arrows: false },
} as const;

/** What phones show: the phone banners, or the desktop ones in a shop that shows no phone banner. */
export function phoneBanners(desktop: readonly BannerImage[], mobile: readonly BannerImage[]): readonly BannerImage[] {
  return mobile.length > 0 ? mobile : desktop;
}

/**
 * Starts downloading the first banner (phone or desktop picture, whichever this screen will
 * show) before React has rendered the carousel. The hints mirror the first slide's <img> of each
 * carousel below, so the browser reuses the preloaded file instead of fetching another.
 */
export function preloadFirstBanner(desktop: readonly BannerImage[], mobile: readonly BannerImage[]): void {
  if (typeof document === 'undefined') return;
  const firsts = [
    { screen: SCREENS.phone, banner: phoneBanners(desktop, mobile)[0] },
    { screen: SCREENS.desktop, banner: desktop[0] },
  ];
  for (const { screen, banner } of firsts) {
    if (!banner) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.media = screen.media;
    link.href = imageRenditionUrl(banner.imageUrl, screen.rendition);
    const srcset = imageSrcSet(banner.imageUrl);
    if (srcset) {
      link.imageSrcset = srcset;
      link.imageSizes = screen.sizes;
    }
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}

/**
 * The home page banners: the desktop list and the phone list, each its own carousel with its
 * own slides, alt text and links. Both are in the page (server-rendered alike for every
 * screen); CSS shows the one that fits, and the other neither rotates nor downloads pictures.
 */
export function BannerCarousel({ desktop, mobile, intervalMs = BANNER_INTERVAL_MS }: BannerCarouselProps) {
  return (
    <>
      <Carousel screen="desktop" banners={desktop} intervalMs={intervalMs} />
      <Carousel screen="phone" banners={phoneBanners(desktop, mobile)} intervalMs={intervalMs} />
    </>
  );
}

/**
 * One screen's carousel: auto-advances and wraps, previous/next on desktop, dots and a
 * pause button everywhere, arrow keys while focus is inside. It does not rotate while the
 * shopper has paused it, while focus is inside it, when the OS asks for reduced motion
 * (the play button still starts it on request), or while the screen shows the other carousel.
 */
function Carousel({ screen, banners, intervalMs }: { screen: Screen; banners: readonly BannerImage[]; intervalMs: number }) {
  const spec = SCREENS[screen];
  const count = banners.length;
  // False until hydrated: the server's page carries both carousels, and CSS alone picks one.
  const offScreen = useMediaQuery(spec.other);
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // null = the shopper has not chosen; then reduced motion decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  // Until the first banner has loaded, the other slides draw no image: on a slow phone
  // connection they would compete with the one picture the shopper is looking at.
  const [warm, setWarm] = useState(false);
  const firstImage = useRef<HTMLImageElement>(null);
  // The carousel of the other screen never warms: its first "picture" is the blank, which loads
  // at once, and warming would create the other slides' <img> elements in the browser, where
  // Chromium may pick a file from their srcset before they sit inside their <picture>.
  const warmUp = () => {
    if (!matchesNow(spec.other)) setWarm(true);
  };
  // On a page the server rendered, the first banner may have loaded before React was there to hear it.
  useEffect(() => {
    if (firstImage.current?.complete && !matchesNow(spec.other)) setWarm(true);
  }, [spec.other]);
  const regionId = useId();

  const playing = playChoice ?? !reducedMotion;
  const rotating = playing && !focusInside && !offScreen && count > 1;

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
      className={`relative ${spec.shown}`}
      // Once the page runs, the carousel of the other screen is hidden outright, not only by CSS.
      hidden={offScreen}
      data-testid="banner-carousel"
      data-screen={screen}
      aria-roledescription="carousel"
      aria-label="Featured offers"
      onKeyDown={onKeyDown}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      }}
    >
      <div className={`relative w-full overflow-hidden rounded-2xl bg-zinc-200 ${spec.box}`}>
        <div
          id={regionId}
          className="flex h-full transition-transform duration-500 ease-out"
          style={{ transform: `translateX(-${current * 100}%)` }}
          aria-live={rotating ? 'off' : 'polite'}
        >
          {banners.map((banner, i) => {
            const active = i === current;
            const image = (
              <picture>
                {/* On the other screen this carousel is not shown: a blank instead of a download. */}
                <source media={spec.other} srcSet={BLANK_IMAGE} />
                <img
                  src={imageRenditionUrl(banner.imageUrl, spec.rendition)}
                  srcSet={imageSrcSet(banner.imageUrl)}
                  sizes={spec.sizes}
                  alt={banner.alt}
                  width={spec.width}
                  height={spec.height}
                  // Only the first slide is part of the first paint; the rest wait.
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  {...(i === 0 ? { ref: firstImage, fetchPriority: 'high' as const, onLoad: warmUp, onError: warmUp } : {})}
                  className="h-full w-full object-cover"
                />
              </picture>
            );
            // Once the page runs, the other screen's carousel draws no picture at all.
            const drawn = !offScreen && (i === 0 || warm || active);
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
          {spec.arrows ? (
            <button type="button" className="icon-btn size-8" aria-controls={regionId} aria-label="Previous slide" onClick={() => go(current - 1)}>
              <ChevronLeftIcon className="size-5" />
            </button>
          ) : null}
          <button type="button" className="icon-btn size-8" aria-label={playing ? 'Pause slide rotation' : 'Start slide rotation'} onClick={() => setPlayChoice(!playing)}>
            {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
          </button>
          {banners.map((banner, i) => (
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
          {spec.arrows ? (
            <button type="button" className="icon-btn size-8" aria-controls={regionId} aria-label="Next slide" onClick={() => go(current + 1)}>
              <ChevronRightIcon className="size-5" />
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
