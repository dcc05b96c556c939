import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderableApp } from '../../../lib/test-providers';
import { LoginForm, redirectTarget } from './login-form';

describe('redirectTarget', () => {
  it('returns to the page that sent the shopper to login, else home', () => {
    expect(redirectTarget({ from: '/cart' })).toBe('/cart');
    expect(redirectTarget({ from: '/order' })).toBe('/order');
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({})).toBe('/');
  });

  it('never leaves the site or loops back to login', () => {
    expect(redirectTarget({ from: 'https://evil.example/' })).toBe('/');
    expect(redirectTarget({ from: '//evil.example/' })).toBe('/');
    expect(redirectTarget({ from: '/login' })).toBe('/');
    expect(redirectTarget({ from: 42 })).toBe('/');
  });
});

describe('LoginForm', () => {
  afterEach(cleanup);

  it('toggles the password between hidden and shown, and links to the other account pages', () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    render(renderableApp({ routes: [{ path: '/login', element: <LoginForm /> }], initialEntries: ['/login'], fetch }));
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');

    expect(screen.getByRole('link', { name: 'Forgot password ?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
    expect(fetch).not.toHaveBeenCalled();
  });
});
