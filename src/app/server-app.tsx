import { StrictMode } from 'react';
import { StaticRouter } from 'react-router';
import { createTrpcClient } from '../lib/trpc';
import { HydrationGate } from '../lib/use-hydrated';
import { seedQueries, type PageQuery } from './page-data';
import { AppProvider, createQueryClient } from './provider';
import { AppRoutes, preloadScreens } from './router';

/**
 * The app as the server renders a storefront page (server/routes/pages/): the same screens as the
 * browser (src/main.tsx), at `url`, with the answers of the page's queries already in the
 * QueryClient under the keys the screens' hooks read, and the screen's code loaded so nothing
 * suspends. The browser hydrates it with the same QueryClient state (dehydrated into the page).
 */
export async function serverApp(url: string, queries: readonly PageQuery[], results: readonly unknown[]) {
  const queryClient = createQueryClient();
  seedQueries(queryClient, queries, results);
  await preloadScreens(new URL(url, 'http://shop.invalid').pathname);
  const element = (
    <StrictMode>
      <HydrationGate hydrating>
        {/* No query is fetched while rendering: this client is never asked anything. */}
        <AppProvider queryClient={queryClient} client={createTrpcClient()}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </HydrationGate>
    </StrictMode>
  );
  return { element, queryClient };
}
