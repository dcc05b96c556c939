import { useEffect, useRef, useState, type RefObject } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on.
 * Home page rows use it to fetch and render only when the shopper scrolls near them, which
 * keeps the first paint's work (and its network batch) to what is on screen.
 */
export function useInViewOnce<T extends Element>(rootMargin = '200px 0px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  // False on the server and at hydration alike (so the page hydrates as it was sent); where
  // there is no IntersectionObserver (jsdom, very old browsers) everything counts as near.
  const hydrated = useHydrated();
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (seen || !element || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, rootMargin, observable]);
  return [ref, seen || (hydrated && !observable)];
}
