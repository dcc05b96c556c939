import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { trpc } from './trpc';
import { httpBatchLink } from '@trpc/client';

/**
 * Test wiring for components that use tRPC hooks: a real tRPC client whose transport is the
 * given `fetch` (tests pass a recorder to prove what was, or was not, sent), a fresh
 * QueryClient without retries, and a memory router.
 */
export function renderableApp(opts: { routes: RouteObject[]; initialEntries?: string[]; fetch: typeof globalThis.fetch }): ReactNode {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = trpc.createClient({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch: opts.fetch })] });
  const router = createMemoryRouter(opts.routes, { initialEntries: opts.initialEntries ?? ['/'] });
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
