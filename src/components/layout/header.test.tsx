import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header, type HeaderProps } from './header';
import { searchPath } from './search-box';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderHeader(props: Partial<HeaderProps> = {}, url = '/') {
  const onLogout = vi.fn();
  const element = (
    <>
      <Header user={null} cartCount={0} onLogout={onLogout} {...props} />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, onLogout };
}

const where = () => screen.getByTestId('where').textContent;
const admin = { name: 'Asha Admin', role: 'ADMIN' as const, profilePic: null };
const shopper = { name: 'Ravi Shopper', role: 'GENERAL' as const, profilePic: '/images/abc.webp' };

describe('searchPath', () => {
  it('goes to /search when empty and encodes the text otherwise', () => {
    expect(searchPath('')).toBe('/search');
    expect(searchPath('boat airdopes')).toBe('/search?q=boat%20airdopes');
    expect(searchPath('a&b=c')).toBe('/search?q=a%26b%3Dc');
  });
});

describe('Header', () => {
  afterEach(cleanup);

  it('links the logo home and shows Login when signed out', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Voltmart home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });

  it('shows a visitor the cart link with its count once their guest cart holds something', () => {
    renderHeader({ cartCount: 2 });
    expect(screen.getByRole('link', { name: 'Cart, 2 items' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('navigates to /search?q= on every keystroke and to /search when cleared', () => {
    const { router } = renderHeader({}, '/product/p1');
    const box = screen.getAllByRole('searchbox', { name: 'Search products' })[0]!;
    fireEvent.change(box, { target: { value: 'i' } });
    expect(where()).toBe('/search?q=i');
    fireEvent.change(box, { target: { value: 'iph' } });
    expect(where()).toBe('/search?q=iph');
    // Typing on the search page replaces the entry so Back leaves the search.
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.change(box, { target: { value: '' } });
    expect(where()).toBe('/search');
  });

  it('fills the box from ?q= on the search page and empties it elsewhere', async () => {
    const { router } = renderHeader({}, '/search?q=sony');
    const box = () => screen.getAllByRole('searchbox', { name: 'Search products' })[0] as HTMLInputElement;
    expect(box().value).toBe('sony');
    await act(() => router.navigate('/cart'));
    expect(box().value).toBe('');
  });

  it('keeps what the shopper typed while the address catches up', async () => {
    const { router } = renderHeader({}, '/');
    const box = screen.getAllByRole('searchbox', { name: 'Search products' })[0] as HTMLInputElement;
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'son' } });
    // A slower, earlier navigation lands after the latest keystroke.
    await act(() => router.navigate('/search?q=so'));
    expect(box.value).toBe('son');
    fireEvent.blur(box);
    await act(() => router.navigate('/search?q=sony'));
    expect(box.value).toBe('sony');
  });

  it('opens a search box on small screens from the search icon', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close search' }).getAttribute('aria-expanded')).toBe('true');
    const boxes = screen.getAllByRole('searchbox', { name: 'Search products' });
    expect(boxes).toHaveLength(2);
    fireEvent.change(boxes[1]!, { target: { value: 'tv' } });
    expect(where()).toBe('/search?q=tv');
  });

  it('shows the admin menu with Admin Panel, My account and Order, the cart badge and Logout', () => {
    const { onLogout } = renderHeader({ user: admin, cartCount: 3 });
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(within(cart).getByTestId('cart-count').textContent).toBe('3');
    expect(screen.getByTestId('default-avatar')).toBeTruthy();

    const menuButton = screen.getByRole('button', { name: 'Account menu for Asha Admin' });
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
    fireEvent.click(menuButton);
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Admin Panel', '/admit-panel/all-products'],
      ['My account', '/account'],
      ['Order', '/order'],
    ]);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Order' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('hides Admin Panel from a general user and shows their profile picture', () => {
    renderHeader({ user: shopper, cartCount: 1 });
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    const menuButton = screen.getByRole('button', { name: 'Account menu for Ravi Shopper' });
    expect(menuButton.querySelector('img')?.getAttribute('src')).toBe('/images/abc.webp');
    fireEvent.click(menuButton);
    expect(screen.getByRole('link', { name: 'Order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
    // Following a menu link closes the menu.
    fireEvent.click(screen.getByRole('link', { name: 'Order' }));
    expect(where()).toBe('/order');
    expect(screen.queryByRole('link', { name: 'Order' })).toBeNull();
  });
});
