import { createContext, createElement, startTransition, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/** The app's hydration state, from HydrationGate; null outside one (tests that render a screen alone). */
const HydrationContext = createContext<boolean | null>(null);

/**
 * Holds the app's "hydrated" flag: false while the browser hydrates a page the server rendered
 * (and on the server), then true from a transition. Personal parts waiting for it (the
 * signed-in header, the cart badge, the home rows' lazy loading) then re-render in slices React
 * can interrupt: with a store flag instead (useSyncExternalStore), React re-rendered everything
 * under the header in one synchronous task right after hydrating, the home page's longest task
 * on a slow phone (Lighthouse's Total Blocking Time).
 *
 * @param hydrating true when the page came from the server; false for a page the browser renders alone
 */
export function HydrationGate({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(HydrationContext, { value: hydrated }, children);
}

/**
 * False on the server and while the browser hydrates a page the server rendered, true from
 * then on (and at once on a page rendered in the browser alone). Personal parts (the signed-in
 * header, the cart count) wait for it, so the server's HTML is the same for everyone and
 * hydration finds exactly what the server sent. Outside a HydrationGate (a screen rendered alone
 * in a test) it tells server rendering from browser rendering by itself.
 */
export function useHydrated(): boolean {
  const gate = useContext(HydrationContext);
  // Inside a gate both snapshots agree, so React never forces a synchronous re-render here.
  const rendered = useSyncExternalStore(subscribe, () => true, gate === null ? () => false : () => true);
  return gate ?? rendered;
}
