import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates a page the server rendered, true from
 * then on (and at once on a page rendered in the browser alone). Personal parts (the signed-in
 * header, the cart count) wait for it, so the server's HTML is the same for everyone and
 * hydration finds exactly what the server sent.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
