import { httpBatchLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
// Type only: the client sees the server as nothing but the AppRouter type.
import type { AppRouter } from '../../server/app-router';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Catalogue queries for admins only: in a catalogue batch they would make the whole batch personal. */
const ADMIN_CATALOG_READS = new Set(['catalog.stockHistory', 'catalog.adminBanners']);

/**
 * Catalogue reads are the same for every shopper, and the server answers them from its shared
 * response cache, but only when a batch holds nothing personal: they travel in batches of
 * their own, apart from the cart and account queries.
 */
const isCatalogRead = (op: { type: string; path: string }) => op.type === 'query' && op.path.startsWith('catalog.') && !ADMIN_CATALOG_READS.has(op.path);

export type TrpcClient = ReturnType<typeof createTrpcClient>;

export function createTrpcClient() {
  // Same origin: the session cookie rides along by default; say so for clarity.
  const sameOriginFetch: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'same-origin' });
  return trpc.createClient({
    links: [
      splitLink({
        condition: isCatalogRead,
        true: httpBatchLink({ url: '/trpc', fetch: sameOriginFetch }),
        false: httpBatchLink({ url: '/trpc', fetch: sameOriginFetch }),
      }),
    ],
  });
}

/** The message a shopper should read for a failed call (the server already words it for them). */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof TRPCClientError || error instanceof Error) return error.message || fallback;
  return fallback;
}

/** Per-field messages from a zod failure on the server, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'fieldErrors' in data) {
      const fields = data.fieldErrors;
      if (fields && typeof fields === 'object') return fields as Record<string, string>;
    }
  }
  return {};
}

/** The server's application error code of a failed call (`STOCK_CHANGED`, `OUT_OF_STOCK`, ...), when it sent one. */
export function errorAppCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'appCode' in data && typeof data.appCode === 'string') return data.appCode;
  }
  return undefined;
}

/** HTTP status of a failed call, when the server sent one. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'httpStatus' in data && typeof data.httpStatus === 'number') return data.httpStatus;
  }
  return undefined;
}
