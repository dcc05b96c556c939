import { completePage, pageAt } from '../../../src/app/page-data';
import { answers, RENDERED_PAGES } from './hydration.fixtures';
import { renderApp } from './render';

/*
 * Run by server/routes/pages/hydration.test.ts in a process of its own: React's server renderer leaves
 * its last context values behind in the shared context objects when it finishes, which a client
 * renderer in the same process would then read (a "Router inside another Router"). A real server
 * never runs React's client renderer, so the test keeps them apart. Prints { url: { html, state } }.
 */
const pages: Record<string, { html: string; state: string }> = {};
for (const url of RENDERED_PAGES) {
  const address = new URL(url, 'http://shop.invalid');
  const first = pageAt(address.pathname, address.searchParams)!;
  const page = completePage(
    first,
    first.queries.map((query) => answers(query.path, query.input)),
  );
  pages[url] = await renderApp(
    url,
    page.queries,
    page.queries.map((query) => answers(query.path, query.input)),
  );
}
process.stdout.write(JSON.stringify(pages));
