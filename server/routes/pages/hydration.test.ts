// @vitest-environment jsdom
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientApp } from '../../../src/app/client-app';
import { freshState, STATE_ELEMENT_ID } from '../../../src/app/hydration';
import { createQueryClient } from '../../../src/app/provider';
import { preloadScreens } from '../../../src/app/router';
import { createTrpcClient } from '../../../src/lib/trpc';
import { RENDERED_PAGES } from './hydration.fixtures';

/*
 * What the server renders, hydrated by the browser's own tree (src/app/client-app.tsx) in jsdom
 * with React's development build, which reports every difference between the two: text,
 * attributes, and the ids useId() gives (they follow the tree's shape, so one component only
 * one side renders shifts them all). The queries come back from the page, not the network. The
 * server's HTML is rendered in a process of its own (server/routes/pages/render-for-test.ts says why).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let rendered: Record<string, { html: string; state: string }>;

beforeAll(() => {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const output = execFileSync(tsx, ['--tsconfig', path.join(ROOT, 'tsconfig.json'), path.join(ROOT, 'server', 'routes', 'pages', 'render-for-test.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  rendered = JSON.parse(output) as typeof rendered;
});

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function hydratePage(url: string): Promise<string[]> {
  const address = new URL(url, 'http://shop.test');
  const { html, state } = rendered[url]!;

  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${html}</div>${state}`;
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args.map(String).join(' ')));

  const queryClient = createQueryClient();
  const stateText = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? '';
  hydrate(queryClient, freshState(JSON.parse(stateText) as DehydratedState, Date.now()));
  // Nothing may be fetched: a request would be a second fetch of what the page brought.
  const fetches = vi.fn<typeof fetch>(() => Promise.reject(new Error('no network in this test')));
  vi.stubGlobal('fetch', fetches);
  // As on a phone's screen: the rows and recommendations further down are never in view here.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  await preloadScreens(address.pathname);
  act(() => {
    root = hydrateRoot(document.getElementById('root')!, clientApp(queryClient, createTrpcClient(), { hydrating: true }));
  });
  // Let the hydration transition, effects and any query they start settle.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const catalogCalls = fetches.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input)).filter((u) => u.includes('catalog.'));
  vi.unstubAllGlobals();
  expect(catalogCalls).toEqual([]);
  return errors;
}

describe('hydrating a server-rendered page', () => {
  for (const url of RENDERED_PAGES) {
    it(`${url}: the browser's tree matches the server's HTML`, async () => {
      const errors = await hydratePage(url);
      expect(errors.filter((e) => /hydrat|did not match|didn't match/i.test(e))).toEqual([]);
    });
  }
});
