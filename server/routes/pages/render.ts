import { Writable } from 'node:stream';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { stateScript } from '../../../src/app/hydration';
import type { PageQuery } from '../../../src/app/page-data';
import { serverApp } from '../../../src/app/server-app';

/** A page that takes longer than this to render is not server-rendered (the browser renders it). */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * A storefront page's app HTML for #root, and its queries as a JSON data block for hydration:
 * rendered with React's streaming renderer from the page's query answers (see serverApp).
 */
export async function renderApp(url: string, queries: readonly PageQuery[], results: readonly unknown[]): Promise<{ html: string; state: string }> {
  const { element, queryClient } = await serverApp(url, queries, results);
  const html = await renderToHtml(element);
  const state = stateScript(timeless(dehydrate(queryClient)));
  queryClient.clear();
  return { html, state };
}

/**
 * The state without the times it was fetched and dehydrated, so that the same data renders the
 * same bytes (one ETag for one version of a page); the browser dates it when it hydrates it
 * (src/app/hydration.ts, freshState).
 */
function timeless(state: DehydratedState): DehydratedState {
  return { ...state, queries: state.queries.map((query) => ({ ...query, dehydratedAt: 0, state: { ...query.state, dataUpdatedAt: 0 } })) };
}

/**
 * React's streaming renderer, read to the end: the page waits for everything (onAllReady), and
 * no finished part is held back for a later chunk (progressiveChunkSize), so the HTML is
 * complete, carries no inline script (the Content-Security-Policy allows none), and can be kept
 * and validated by its ETag. Any error, even one a Suspense boundary would hide, fails it.
 */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: unknown;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        done();
        if (failure === undefined) resolve(Buffer.concat(chunks).toString('utf8'));
        else reject(failure instanceof Error ? failure : new Error('server rendering failed', { cause: failure }));
      },
    });
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('server rendering failed', { cause: error }));
      },
      onError(error) {
        failure ??= error;
      },
    });
    const timer = setTimeout(() => stream.abort(new Error(`rendering took longer than ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  });
}
