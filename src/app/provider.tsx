import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import type { AppRouter } from '../../server/trpc/app-router';
import { preloadFirstBanner } from '../components/banner/banner-carousel';
import { createTrpcClient, errorStatus, trpc } from '../lib/trpc';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; network blips and 5xx get two retries.
        retry: (failureCount, error) => {
          const status = errorStatus(error);
          if (status !== undefined && status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

// One client per page load: the app is a single page and the cache must outlive re-renders.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

/**
 * Asks for what the first screen needs before React has rendered anything: on a slow phone
 * the first render takes a while, and the banner (the home page's largest picture) can only
 * start loading once its URL is known. The queries land in the cache the hooks read.
 */
export function prefetchFirstScreen(pathname: string): void {
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient });
  void utils.account.me.prefetch();
  void utils.cart.count.prefetch();
  // index.html preloads this one on every page, so it is always asked for (and then cached).
  const banners = utils.catalog.banners.fetch();
  if (pathname === '/') {
    void utils.catalog.categoryBubbles.prefetch();
    banners.then((data) => preloadFirstBanner(data.desktop, data.mobile)).catch(() => undefined);
  } else {
    banners.catch(() => undefined);
  }
}

/** QueryClient, tRPC client and the toast host (spec §9: top-center, 5000 ms). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster position="top-center" toastOptions={{ duration: 5000 }} />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
