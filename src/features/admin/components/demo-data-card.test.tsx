import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SetupStatus } from '../../../../shared/schemas/admin';
import { fakeServer, renderableApp, withToastHost } from '../../../lib/test-providers';
import { DemoDataCard, demoRemovedMessage } from './demo-data-card';

const status = (demo: SetupStatus['demo']): SetupStatus => ({ productsOnSale: 42, bannersShown: 5, settingsSaved: true, demo });

function renderCard(demo: SetupStatus['demo']) {
  let current = status(demo);
  const server = fakeServer({
    'admin.setupStatus': () => current,
    'admin.removeDemoData': () => {
      current = status({ products: 0, banners: 0 });
      return { productsDeleted: 38, productsArchived: 2, bannersDeleted: 5 };
    },
  });
  render(renderableApp({ routes: [{ path: '/', element: <DemoDataCard /> }], fetch: server.fetch, toasts: true }));
  return server;
}

describe('DemoDataCard', () => {
  withToastHost();
  afterEach(cleanup);

  it('counts the demo data left and removes it after a confirmation that says what happens', async () => {
    const server = renderCard({ products: 40, banners: 5 });
    expect((await screen.findByTestId('demo-data')).textContent).toContain('Demo data: 40 products and 5 banners from the demo catalogue');
    fireEvent.click(screen.getByRole('button', { name: 'Remove demo data' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove demo data?' });
    expect(dialog.textContent).toContain('40 products and 5 banners are removed');
    expect(dialog.textContent).toContain('Demo products that are in orders are archived instead, so those orders keep them.');
    expect(dialog.textContent).toContain('Your own products and banners stay as they are.');
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(server.inputsOf('admin.removeDemoData')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove demo data' }));
    expect(await screen.findByText('Demo data removed: 38 products deleted, 2 archived (they are in orders), 5 banners deleted')).toBeTruthy();
    expect(server.inputsOf('admin.removeDemoData')).toHaveLength(1);
    // Asked again: nothing left, so the card goes.
    await waitFor(() => expect(screen.queryByTestId('demo-data')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the demo data when the owner changes their mind', async () => {
    const server = renderCard({ products: 1, banners: 0 });
    expect((await screen.findByTestId('demo-data')).textContent).toContain('Demo data: 1 product and 0 banners from the demo catalogue');
    fireEvent.click(screen.getByRole('button', { name: 'Remove demo data' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.inputsOf('admin.removeDemoData')).toEqual([]);
  });

  it('is not shown once there is no demo data', async () => {
    const server = renderCard({ products: 0, banners: 0 });
    await waitFor(() => expect(server.inputsOf('admin.setupStatus')).toHaveLength(1));
    expect(screen.queryByTestId('demo-data')).toBeNull();
  });

  it('words a removal without archived products', () => {
    expect(demoRemovedMessage({ productsDeleted: 1, productsArchived: 0, bannersDeleted: 1 })).toBe('Demo data removed: 1 product deleted, 1 banner deleted');
  });
});
