import { useCallback, useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Whether a CSS media query matches now, updated as the window changes. False on the server,
 * while a server-rendered page hydrates, and where there is no matchMedia (jsdom).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches, [query]);
  // The store reads the window on both sides, so hydrating never finds it changed (React would
  // then re-render synchronously); the page still hydrates as the server sent it, false, until
  // the app's hydration flag turns, in a transition (src/lib/use-hydrated.ts).
  const hydrated = useHydrated();
  return useSyncExternalStore(subscribe, matches, matches) && hydrated;
}
