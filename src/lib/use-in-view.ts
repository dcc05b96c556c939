import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on.
 * Home page rows use it to fetch and render only when the shopper scrolls near them, which
 * keeps the first paint's work (and its network batch) to what is on screen.
 */
export function useInViewOnce<T extends Element>(rootMargin = '200px 0px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, rootMargin]);
  return [ref, seen];
}
