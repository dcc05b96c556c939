import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { freshState, STATE_ELEMENT_ID } from './app/hydration';
import { clientApp } from './app/client-app';
import { createQueryClient, prefetchFirstScreen } from './app/provider';
import { preloadScreens } from './app/router';
import { createTrpcClient } from './lib/trpc';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// One client per page load: the app is a single page and the cache must outlive re-renders.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const serverState = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? undefined;
if (serverState) hydrate(queryClient, freshState(JSON.parse(serverState) as DehydratedState, Date.now()));
prefetchFirstScreen(queryClient, trpcClient, window.location.pathname, serverState !== undefined);

const app = clientApp(queryClient, trpcClient, { hydrating: serverState !== undefined });

if (serverState) {
  // The server rendered this page: load its screen's code first, so hydration does not suspend,
  // then take over the HTML as it is (same markup, same data: nothing is fetched again). In a
  // transition, React hydrates in short slices and a slow phone's main thread stays responsive.
  void preloadScreens(window.location.pathname).finally(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  const root = createRoot(container);
  // A transition lets React yield while it builds the first screen, so a slow phone's main
  // thread is never blocked for long (the app shell in index.html stays up meanwhile).
  startTransition(() => root.render(app));
}
