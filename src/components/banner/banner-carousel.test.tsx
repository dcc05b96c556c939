import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_INTERVAL_MS, BannerCarousel, preloadFirstBanner, type BannerImage } from './banner-carousel';

const hash = (n: number) => String(n).repeat(32).slice(0, 32);
const desktop: BannerImage[] = [1, 2, 3, 4, 5].map((n) => ({ _id: `d${n}`, imageUrl: `/images/${hash(n)}.webp`, alt: `Desktop offer ${n}` }));
const mobile: BannerImage[] = [1, 2, 3, 4, 5].map((n) => ({ _id: `m${n}`, imageUrl: `/images/${hash(n + 4)}.webp`, alt: `Phone offer ${n}` }));

/** Moves the fake clock inside act(); sync act flushes React before it returns. */
function tick(ms: number): void {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The carousel this screen shows (the other one is hidden). */
const shownCarousel = () => screen.getByRole('region', { name: 'Featured offers' });

function activeSlide(): string | null {
  const slides = within(shownCarousel()).getAllByTestId('banner-slide');
  const active = slides.filter((slide) => slide.getAttribute('data-active') === 'true');
  expect(active).toHaveLength(1);
  return active[0]!.getAttribute('aria-label');
}

/** A window `width` CSS pixels wide (1rem = 16 px), asking for reduced motion or not. */
function mockScreen(width: number, reduce = false) {
  const px = (match: RegExpExecArray | null) => (match ? Number(match[1]) * (match[2] === 'rem' ? 16 : 1) : undefined);
  const matches = (query: string) => {
    if (query.includes('prefers-reduced-motion')) return reduce;
    const min = px(/min-width:\s*([\d.]+)(px|rem)/.exec(query));
    const max = px(/max-width:\s*([\d.]+)(px|rem)/.exec(query));
    return (min === undefined || width >= min) && (max === undefined || width <= max);
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: matches(query), media: query, addEventListener: () => undefined, removeEventListener: () => undefined })),
  );
}
const PHONE = 375;
const DESKTOP = 1440;

describe('BannerCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockScreen(DESKTOP);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('advances every 5000 ms and wraps from the fifth slide to the first', () => {
    render(<BannerCarousel desktop={desktop} mobile={mobile} />);
    expect(BANNER_INTERVAL_MS).toBe(5000);
    expect(activeSlide()).toBe('1 of 5');

    tick(4999);
    expect(activeSlide()).toBe('1 of 5');
    tick(1);
    expect(activeSlide()).toBe('2 of 5');

    for (const expected of ['3 of 5', '4 of 5', '5 of 5', '1 of 5']) {
      tick(5000);
      expect(activeSlide()).toBe(expected);
    }
  });

  it('stops rotating when paused and resumes with the play button', () => {
    render(<BannerCarousel desktop={desktop} mobile={mobile} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slide rotation' }));
    tick(20_000);
    expect(activeSlide()).toBe('1 of 5');

    fireEvent.click(screen.getByRole('button', { name: 'Start slide rotation' }));
    tick(5000);
    expect(activeSlide()).toBe('2 of 5');
  });

  it('moves with previous/next, dots and arrow keys, restarting the interval after a manual move', () => {
    render(<BannerCarousel desktop={desktop} mobile={mobile} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlide()).toBe('5 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()).toBe('1 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 4' }));
    expect(activeSlide()).toBe('4 of 5');

    const region = screen.getByRole('region', { name: 'Featured offers' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(activeSlide()).toBe('5 of 5');
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(activeSlide()).toBe('1 of 5');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(activeSlide()).toBe('5 of 5');

    tick(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 2' }));
    tick(3000);
    expect(activeSlide()).toBe('2 of 5');
    tick(2000);
    expect(activeSlide()).toBe('3 of 5');
  });

  it('holds still while keyboard focus is inside, and moves on once it leaves', () => {
    render(
      <>
        <BannerCarousel desktop={desktop} mobile={mobile} />
        <button type="button">outside</button>
      </>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }));
    tick(15_000);
    expect(activeSlide()).toBe('1 of 5');

    fireEvent.blur(screen.getByRole('button', { name: 'Next slide' }), { relatedTarget: screen.getByRole('button', { name: 'outside' }) });
    tick(5000);
    expect(activeSlide()).toBe('2 of 5');
  });

  it('does not auto-advance when the OS asks for reduced motion', () => {
    mockScreen(DESKTOP, true);
    render(<BannerCarousel desktop={desktop} mobile={mobile} />);
    tick(20_000);
    expect(activeSlide()).toBe('1 of 5');
    expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeTruthy();
  });

  it('draws the first slide first and alone, and keeps the other screen from downloading its pictures', () => {
    const { container } = render(<BannerCarousel desktop={desktop} mobile={mobile} />);
    const desk = container.querySelector('[data-screen="desktop"]')!;
    const phone = container.querySelector('[data-screen="phone"]')!;
    // Nothing else competes with the first banner until it has loaded.
    expect(desk.querySelectorAll('picture')).toHaveLength(1);
    fireEvent.load(screen.getByRole('img', { name: 'Desktop offer 1' }));
    expect(desk.querySelectorAll('picture')).toHaveLength(5);
    // On a desktop, the browser draws no phone picture at all: not even an <img> for it to fetch.
    expect(phone.querySelectorAll('picture, img')).toHaveLength(0);
    // In the server's page (the same for every screen), each carousel's pictures resolve to a
    // blank on the other screen: the desktop ones on a phone, the phone ones on a desktop.
    const server = document.createElement('div');
    server.innerHTML = renderToString(
      <MemoryRouter>
        <BannerCarousel desktop={desktop} mobile={mobile} />
      </MemoryRouter>,
    );
    const deskSource = server.querySelector('[data-screen="desktop"] picture source')!;
    expect(deskSource.getAttribute('media')).toBe('(max-width: 47.99rem)');
    expect(deskSource.getAttribute('srcset')).toMatch(/^data:image\/gif;base64,/);
    const phoneSource = server.querySelector('[data-screen="phone"] picture source')!;
    expect(phoneSource.getAttribute('media')).toBe('(min-width: 48rem)');
    expect(phoneSource.getAttribute('srcset')).toMatch(/^data:image\/gif;base64,/);

    const images = within(shownCarousel()).getAllByRole('img', { hidden: true });
    expect(images[0]!.getAttribute('alt')).toBe('Desktop offer 1');
    expect(images[0]!.getAttribute('srcset')).toContain(`/images/${hash(1)}-w1280.webp 1280w`);
    expect(images[0]!.getAttribute('loading')).toBe('eager');
    expect(images[1]!.getAttribute('loading')).toBe('lazy');
    // Hidden slides are inert so their links cannot be tabbed into.
    expect(within(shownCarousel()).getAllByTestId('banner-slide')[1]!.hasAttribute('inert')).toBe(true);
  });

  describe('each screen its own list (issue 26)', () => {
    // Five desktop banners and six phone banners, each with its own link.
    const linkedDesktop = desktop.map((b, i) => ({ ...b, link: `/product-category?category=desk-${i + 1}` }));
    const linkedPhone = [...mobile, { _id: 'm6', imageUrl: `/images/${'f'.repeat(32)}.webp`, alt: 'Phone offer 6' }].map((b, i) => ({
      ...b,
      link: `/product-category?category=phone-${i + 1}`,
    }));
    const renderAt = (width: number, d: readonly BannerImage[] = linkedDesktop, m: readonly BannerImage[] = linkedPhone) => {
      mockScreen(width);
      return render(
        <MemoryRouter>
          <BannerCarousel desktop={d} mobile={m} />
        </MemoryRouter>,
      );
    };
    const shownLink = () => within(shownCarousel()).getByRole('link');

    it('a phone shows the phone list: its own pictures, alt text and links, all six of them', () => {
      renderAt(PHONE);
      expect(screen.getAllByRole('region', { name: 'Featured offers' })).toHaveLength(1);
      expect(shownCarousel().getAttribute('data-screen')).toBe('phone');
      expect(activeSlide()).toBe('1 of 6');
      const first = within(shownCarousel()).getByRole('img');
      expect(first.getAttribute('alt')).toBe('Phone offer 1');
      expect(first.getAttribute('src')).toBe(`/images/${hash(5)}-w640.webp`);
      expect(shownLink().getAttribute('href')).toBe('/product-category?category=phone-1');
      expect(screen.queryByRole('img', { name: /^Desktop offer/ })).toBeNull();
      // No previous/next on a phone (spec): dots, one per phone banner.
      expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Show slide 6' }));
      expect(activeSlide()).toBe('6 of 6');
      expect(within(shownCarousel()).getByRole('img').getAttribute('alt')).toBe('Phone offer 6');
      expect(within(shownCarousel()).getByRole('img').getAttribute('src')).toBe(`/images/${'f'.repeat(32)}-w640.webp`);
      expect(shownLink().getAttribute('href')).toBe('/product-category?category=phone-6');
    });

    it('a desktop shows the desktop list with its own alt text and links, and the phone carousel stays still', () => {
      renderAt(DESKTOP);
      expect(shownCarousel().getAttribute('data-screen')).toBe('desktop');
      expect(activeSlide()).toBe('1 of 5');
      expect(within(shownCarousel()).getByRole('img').getAttribute('alt')).toBe('Desktop offer 1');
      expect(shownLink().getAttribute('href')).toBe('/product-category?category=desk-1');
      expect(screen.queryByRole('img', { name: /^Phone offer/ })).toBeNull();
      const phone = document.querySelector('[data-screen="phone"]')!;
      expect(phone.hasAttribute('hidden')).toBe(true);

      tick(5000);
      expect(activeSlide()).toBe('2 of 5');
      expect(shownLink().getAttribute('href')).toBe('/product-category?category=desk-2');
      // The hidden phone carousel did not rotate along.
      expect(phone.querySelector('[data-active="true"]')!.getAttribute('aria-label')).toBe('1 of 6');
    });

    it('a phone shows the desktop list while the shop shows no phone banner; a desktop never shows the phone list', () => {
      renderAt(PHONE, linkedDesktop, []);
      expect(activeSlide()).toBe('1 of 5');
      expect(within(shownCarousel()).getByRole('img').getAttribute('alt')).toBe('Desktop offer 1');
      expect(shownLink().getAttribute('href')).toBe('/product-category?category=desk-1');
      cleanup();

      renderAt(DESKTOP, [], linkedPhone);
      expect(screen.queryByRole('region', { name: 'Featured offers' })).toBeNull();
      cleanup();
      renderAt(PHONE, [], linkedPhone);
      expect(activeSlide()).toBe('1 of 6');
    });
  });

  it('preloads the first picture of each screen’s own list, each for its screen', () => {
    const hints = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => [link.getAttribute('media'), link.getAttribute('href')]);
    preloadFirstBanner(desktop, mobile);
    expect(hints()).toEqual([
      ['(max-width: 47.99rem)', `/images/${hash(5)}-w640.webp`],
      ['(min-width: 48rem)', `/images/${hash(1)}-w1280.webp`],
    ]);
    document.head.innerHTML = '';
    // No phone banner shown: phones get the desktop list's first.
    preloadFirstBanner(desktop, []);
    expect(hints()[0]).toEqual(['(max-width: 47.99rem)', `/images/${hash(1)}-w640.webp`]);
    document.head.innerHTML = '';
  });

  it('renders nothing without banners (a new shop, or every banner hidden)', () => {
    const { container } = render(<BannerCarousel desktop={[]} mobile={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
