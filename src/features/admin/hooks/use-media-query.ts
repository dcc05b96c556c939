import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, updated as the window changes (false where there is no matchMedia). */
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
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** The admin panel's minimum width (Tailwind's `lg`). */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
