import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import type { TrpcClient } from '../lib/trpc';
import { HydrationGate } from '../lib/use-hydrated';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The app as the browser runs it (src/main.tsx): the tree that hydrates what server-app.tsx
 * rendered (`hydrating`), or renders a page alone.
 */
export function clientApp(queryClient: QueryClient, client: TrpcClient, opts: { hydrating: boolean }) {
  return (
    <StrictMode>
      <HydrationGate hydrating={opts.hydrating}>
        <AppProvider queryClient={queryClient} client={client}>
          {/* Synchronous navigations: a ticked filter box shows its new state at once (no transition). */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </HydrationGate>
    </StrictMode>
  );
}
