import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCQueryUtils, getQueryKey } from '@trpc/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster, useToasterStore } from 'react-hot-toast';
import type { AppRouter } from '../../server/app-router';
import { preloadFirstBanner } from '../components/banner/banner-carousel';
import { errorAppCode, errorStatus, trpc, type TrpcClient } from '../lib/trpc';

export function createQueryClient() {
  // The owner may start requiring two-factor sign-in of admins while one is signed in: the server
  // then refuses them with TWO_FACTOR_ENROLMENT_REQUIRED, and "me", asked again, says so, which
  // sends them to the enrolment page (see RootLayout) rather than leaving them before refusals.
  const onError = (error: unknown) => {
    if (errorAppCode(error) === 'TWO_FACTOR_ENROLMENT_REQUIRED') void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.account.me) });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return queryClient;
}

/**
 * Asks for what the first screen needs before React has rendered anything: on a slow phone
 * the first render takes a while, and the banner (the home page's largest picture) can only
 * start loading once its URL is known. The queries land in the cache the hooks read. A page
 * the server rendered came with its catalogue data: then only the personal parts are asked for.
 */
export function prefetchFirstScreen(queryClient: QueryClient, client: TrpcClient, pathname: string, serverRendered: boolean): void {
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client });
  void utils.account.me.prefetch();
  void utils.cart.count.prefetch();
  if (serverRendered || pathname !== '/') return;
  void utils.catalog.categoryBubbles.prefetch();
  utils.catalog.banners
    .fetch()
    .then((data) => preloadFirstBanner(data.desktop, data.mobile))
    .catch(() => undefined);
}

/** QueryClient, tRPC client and the toast host (spec §9: top-center, 5000 ms). */
export function AppProvider({ children, queryClient, client }: { children: ReactNode; queryClient: QueryClient; client: TrpcClient }) {
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastHost />
      </QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * The toast host, mounted with the first toast and kept from then on. Mounting it injects
 * react-hot-toast's stylesheet, which makes the browser restyle the whole page: on a phone that
 * was the longest task of loading a page, for toasts most visits never show.
 */
function ToastHost() {
  const { toasts } = useToasterStore();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  // Below the fixed header (4rem): a toast never covers the cart badge or the account menu it
  // announces, and a finger (or a test's pointer) on them never pauses it by hovering.
  return needed || toasts.length > 0 ? <Toaster position="top-center" containerStyle={{ top: 72 }} toastOptions={{ duration: 5000 }} /> : null;
}
