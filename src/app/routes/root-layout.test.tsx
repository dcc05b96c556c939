import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../shared/schemas/account';
import { fakeServer, renderableApp, withToastHost } from '../../lib/test-providers';
import { RootLayout } from './root-layout';

const admin: Me = {
  _id: 'a1',
  name: 'Asha Rao',
  email: 'asha@voltmart.in',
  role: 'ADMIN',
  profilePic: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  twoFactorEnabled: false,
  mustEnrolTwoFactor: true,
};

function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="where">
      {name} at {location.pathname}
    </p>
  );
}

function renderAt(url: string, me: Me) {
  let signedIn = true;
  const server = fakeServer({
    'account.me': () => (signedIn ? me : null),
    'account.logout': () => {
      signedIn = false;
      return [];
    },
    'cart.count': () => 0,
    'settings.storefront': () => null,
  });
  render(
    renderableApp({
      routes: [
        {
          path: '/',
          element: <RootLayout />,
          children: [
            { index: true, element: <Where name="home" /> },
            { path: 'admit-panel/all-products', element: <Where name="admin panel" /> },
            { path: 'account/two-factor', element: <Where name="two-factor page" /> },
          ],
        },
      ],
      initialEntries: [url],
      fetch: server.fetch,
      toasts: true,
    }),
  );
  return server;
}

describe('Root layout', () => {
  withToastHost();
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends an admin who must set up two-factor sign-in to its page, from any other', async () => {
    renderAt('/admit-panel/all-products', admin);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('two-factor page at /account/two-factor'));
  });

  it('leaves them on the two-factor page, and lets them log out', async () => {
    renderAt('/account/two-factor', admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('home at /'));
  });

  it("forgets the tab's half-typed forms on logout, and only ours", async () => {
    window.sessionStorage.setItem('voltmart:draft:checkout-address:a1', '{"name":"Asha Rao"}');
    window.sessionStorage.setItem('something-else', 'kept');
    renderAt('/', { ...admin, twoFactorEnabled: true, mustEnrolTwoFactor: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await screen.findByText('Logged out successfully');
    expect(window.sessionStorage.getItem('voltmart:draft:checkout-address:a1')).toBeNull();
    expect(window.sessionStorage.getItem('something-else')).toBe('kept');
    window.sessionStorage.clear();
  });

  it('leaves everyone else where they are', async () => {
    const server = renderAt('/admit-panel/all-products', { ...admin, twoFactorEnabled: true, mustEnrolTwoFactor: false });
    await screen.findByRole('button', { name: 'Logout' });
    await waitFor(() => expect(server.inputsOf('account.me')).toHaveLength(1));
    expect(screen.getByTestId('where').textContent).toBe('admin panel at /admit-panel/all-products');
  });
});
