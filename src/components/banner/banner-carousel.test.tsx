import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_INTERVAL_MS, BannerCarousel, type BannerImage } from './banner-carousel';

const hash = (n: number) => String(n).repeat(32).slice(0, 32);
const desktop: BannerImage[] = [1, 2, 3, 4, 5].map((n) => ({ _id: `d${n}`, imageUrl: `/images/${hash(n)}.webp`, alt: `Desktop offer ${n}` }));
const mobile: BannerImage[] = [1, 2, 3, 4, 5].map((n) => ({ _id: `m${n}`, imageUrl: `/images/${hash(n + 4)}.webp`, alt: `Phone offer ${n}` }));

/** Moves the fake clock inside act(); sync act flushes React before it returns. */
function tick(ms: number): void {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function activeSlide(): string | null {
  const slides = screen.getAllByTestId('banner-slide');
  const active = slides.filter((slide) => slide.getAttribute('data-active') === 'true');
  expect(active).toHaveLength(1);
  return active[0]!.getAttribute('aria-label');
}

function mockReducedMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: (_: string, cb: () => void) => listeners.add(cb),
      removeEventListener: (_: string, cb: () => void) => listeners.delete(cb),
    })),
  );
}

describe('BannerCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
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
    mockReducedMotion(true);
    render(<BannerCarousel desktop={desktop} mobile={mobile} />);
    tick(20_000);
    expect(activeSlide()).toBe('1 of 5');
    expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeTruthy();
  });

  it('serves the phone set through <picture>, the first slide first and alone', () => {
    const { container } = render(<BannerCarousel desktop={desktop} mobile={mobile} />);
    // Nothing else competes with the first banner until it has loaded.
    expect(container.querySelectorAll('picture')).toHaveLength(1);
    fireEvent.load(screen.getByRole('img', { name: 'Desktop offer 1' }));
    const sources = container.querySelectorAll('picture source');
    expect(sources).toHaveLength(5);
    expect(sources[0]!.getAttribute('media')).toBe('(max-width: 767px)');
    expect(sources[0]!.getAttribute('srcset')).toContain(`/images/${hash(5)}-w640.webp 640w`);

    const images = screen.getAllByRole('img', { hidden: true });
    expect(images[0]!.getAttribute('alt')).toBe('Desktop offer 1');
    expect(images[0]!.getAttribute('loading')).toBe('eager');
    expect(images[1]!.getAttribute('loading')).toBe('lazy');
    // Hidden slides are inert so their links cannot be tabbed into.
    expect(screen.getAllByTestId('banner-slide')[1]!.hasAttribute('inert')).toBe(true);
  });

  it('renders nothing without banners (a new shop, or every banner hidden)', () => {
    const { container } = render(<BannerCarousel desktop={[]} mobile={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
