import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderableApp } from '../../lib/test-providers';
import { Layout } from './layout';

function renderLayout(url = '/') {
  const element = (
    <Layout user={null} cartCount={0} onLogout={() => undefined}>
      <h1>First line of the page</h1>
    </Layout>
  );
  // The footer asks for the shop's details; unanswered, it shows without them.
  return render(renderableApp({ routes: [{ path: '*', element }], initialEntries: [url], fetch: fakeServer({}).fetch }));
}

const opened = () => document.documentElement.dataset.mobileSearch;

describe('the phone search row under the fixed header', () => {
  afterEach(cleanup);

  it('moves the page down by its own height while it is open', async () => {
    renderLayout('/product/p1');
    // The main area starts below the header by the same variable the open row lengthens.
    expect(screen.getByRole('main').className).toContain('pt-(--header-height)');
    expect(opened()).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    const row = document.getElementById(screen.getByRole('button', { name: 'Close search' }).getAttribute('aria-controls')!)!;
    expect(row.hidden).toBe(false);
    expect(row.className).toContain('h-(--mobile-search-height)');
    expect(opened()).toBe('open');

    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(row.hidden).toBe(true);
    expect(opened()).toBeUndefined();

    // Leaving for another page folds the row away, and the page goes back up with it.
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    expect(opened()).toBe('open');
    fireEvent.click(screen.getByRole('link', { name: 'Voltmart home' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open search' })).toBeTruthy());
    expect(opened()).toBeUndefined();
  });

  it('does not leave the page moved down once the header is gone', () => {
    const view = renderLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    expect(opened()).toBe('open');
    view.unmount();
    expect(opened()).toBeUndefined();
  });

  it('lengthens --header-height (main area, sticky bars, anchor scroll padding) by the row, on phones only', () => {
    // Vitest stubs CSS imports, so the stylesheet is read as text.
    const styles = readFileSync(path.join(import.meta.dirname, '../../styles.css'), 'utf8');
    const css = styles.replace(/\s+/g, ' ');
    expect(css).toContain('--mobile-search-height: 3.5rem;');
    expect(css).toContain("@media (width < 48rem) { html[data-mobile-search='open'] { --header-height: calc(4rem + var(--mobile-search-height)); } }");
    expect(css).toContain('scroll-padding-top: calc(var(--header-height) + 1rem);');
  });
});
