import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SPEC_CATEGORY_INFO } from '../../shared/categories';
import { trpc } from './trpc';
import { httpBatchLink } from '@trpc/client';
import { getQueryKey } from '@trpc/react-query';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Test wiring for components that use tRPC hooks: a real tRPC client whose transport is the
 * given `fetch` (tests pass a recorder to prove what was, or was not, sent), a fresh
 * QueryClient without retries, and a memory router. `toasts` adds the app's toast host; call
 * withToastHost() in the test file first.
 */
export function renderableApp(opts: { routes: RouteObject[]; initialEntries?: string[]; fetch: typeof globalThis.fetch; toasts?: boolean }): ReactNode {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // Every server-rendered page comes with the owner's categories (src/app/page-data.ts): so does the test's.
  queryClient.setQueryData(getQueryKey(trpc.catalog.categories, undefined, 'query'), SPEC_CATEGORY_INFO);
  const client = trpc.createClient({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch: opts.fetch })] });
  const router = createMemoryRouter(opts.routes, { initialEntries: opts.initialEntries ?? ['/'] });
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {opts.toasts ? <Toaster /> : null}
      </QueryClientProvider>
    </trpc.Provider>
  );
}

/** A refusal as the server words it: status, application code, message and field errors. */
export class FakeServerError extends Error {
  constructor(
    readonly status: number,
    readonly appCode: string,
    message: string,
    readonly fieldErrors: Record<string, string> | null = null,
  ) {
    super(message);
  }
}

type Procedure = (input: unknown) => unknown;

/**
 * What every page reads of the owner's categories, answered unless a test says otherwise: the
 * spec's twelve as a fresh shop has them (storefront and admin views); and no parcels.
 */
const DEFAULT_PROCEDURES: Record<string, Procedure> = {
  'catalog.categories': () => SPEC_CATEGORY_INFO,
  'catalog.adminCategories': () =>
    SPEC_CATEGORY_INFO.map((c) => ({
      ...c,
      hsn: '8517',
      rateBasisPoints: 1800,
      template: [],
      unitIds: 'none',
      productCount: 0,
      createdAt: '2026-12-03T00:00:00.000Z',
      updatedAt: '2026-12-03T00:00:00.000Z',
    })),
  // The admin's order list reads its orders' parcels: none unless a test says otherwise.
  'shipping.ofOrders': () => ({}),
  // All orders shows the failed deliveries waiting for an answer: none unless a test says otherwise.
  'shipping.ndrQueue': () => [],
  // All orders links the manifest when parcels await the courier's pickup: none unless a test says otherwise.
  'shipping.awaitingPickup': () => ({ count: 0 }),
};
type Reply =
  | { result: { data: unknown } }
  | { error: { message: string; code: number; data: { path: string; httpStatus: number; appCode: string; fieldErrors: Record<string, string> | null } } };

/**
 * A stand-in for the server at the far end of the real tRPC client: answers each call of a
 * (batched) request with `procedures[path](input)`, in tRPC's wire format and with our error
 * shape (httpStatus, appCode, fieldErrors) for a thrown FakeServerError. `calls` records what
 * was asked, in order. A path without a procedure is a 404, so a test notices what it forgot.
 */
export function fakeServer(procedures: Record<string, Procedure>) {
  const calls: { path: string; input: unknown }[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (request, init) => {
    const url = new URL(request instanceof Request ? request.url : request.toString());
    const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    const raw = typeof init?.body === 'string' ? init.body : url.searchParams.get('input');
    const inputs = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const replies = await Promise.all(
      paths.map(async (path, i): Promise<Reply> => {
        const input = inputs[String(i)];
        calls.push({ path, input });
        const procedure = procedures[path] ?? DEFAULT_PROCEDURES[path];
        try {
          if (!procedure) throw new FakeServerError(404, 'NOT_FOUND', `No procedure ${path} in this test`);
          return { result: { data: await procedure(input) } };
        } catch (error) {
          if (!(error instanceof FakeServerError)) throw error;
          return { error: { message: error.message, code: -32000, data: { path, httpStatus: error.status, appCode: error.appCode, fieldErrors: error.fieldErrors } } };
        }
      }),
    );
    // The client reads the status from each reply's data; the HTTP status is only for looks.
    const only = replies.length === 1 ? replies[0] : undefined;
    const status = only && 'error' in only ? only.error.data.httpStatus : 200;
    return new Response(JSON.stringify(replies), { status, headers: { 'content-type': 'application/json' } });
  });
  /** The inputs of every call made to `path`, in order. */
  const inputsOf = (path: string) => calls.filter((call) => call.path === path).map((call) => call.input);
  return { fetch, calls, inputsOf };
}

/**
 * A window.matchMedia (which jsdom lacks) whose queries match as `matches` says, e.g. a window
 * wide enough for the admin panel: `stubMatchMedia((query) => query === ADMIN_PANEL_QUERY)`.
 * Undone by `vi.unstubAllGlobals()`.
 */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches(query), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

/**
 * For tests that read toasts: react-hot-toast asks matchMedia (which jsdom lacks) about reduced
 * motion, and keeps its toasts in a module-wide store. Call at the top of a describe block.
 */
export function withToastHost() {
  beforeEach(() => stubMatchMedia(() => false));
  afterEach(() => {
    toast.remove();
    vi.unstubAllGlobals();
  });
}
