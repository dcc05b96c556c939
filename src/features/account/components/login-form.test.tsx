import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Navigate, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PANEL_QUERY } from '../../../lib/admin-landing';
import { FakeServerError, fakeServer, renderableApp, stubMatchMedia, withToastHost } from '../../../lib/test-providers';
import { LOGIN_SUCCESS_MESSAGE, LoginForm, redirectTarget } from './login-form';
import { RECOVERY_CODE_HINT } from './two-factor-code-field';

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

describe('where signing in lands', () => {
  withToastHost();
  afterEach(cleanup);

  function Where() {
    return <output data-testid="where">{useLocation().pathname}</output>;
  }

  /** Signs `role` in at a window `wide` enough for the admin panel, or not, from /login reached with `state`. */
  async function signInAs(role: 'ADMIN' | 'GENERAL', wide: boolean, state?: unknown) {
    stubMatchMedia((query) => wide && query === ADMIN_PANEL_QUERY);
    const user = { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', role, profilePic: '', createdAt: '2026-11-01T10:00:00.000Z' };
    const server = fakeServer({ 'account.signIn': () => user, 'account.me': () => ({ ...user, twoFactorEnabled: false, mustEnrolTwoFactor: false }) });
    const where = { element: <Where /> };
    render(
      renderableApp({
        routes: [
          { path: '/login', element: <LoginForm /> },
          // As a page that needs an account sends a visitor to login.
          { path: '/sent', element: <Navigate to="/login" state={state} replace /> },
          { path: '/', ...where },
          { path: '/admit-panel', ...where },
          { path: '/cart', ...where },
        ],
        initialEntries: [state ? '/sent' : '/login'],
        fetch: server.fetch,
        toasts: true,
      }),
    );
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: user.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    return (await screen.findByTestId('where')).textContent;
  }

  it("takes an admin to the panel's Dashboard on a screen wide enough for the panel", async () => {
    expect(await signInAs('ADMIN', true)).toBe('/admit-panel');
  });

  it('takes an admin on a phone to the storefront, where the panel would only ask for a wider window', async () => {
    expect(await signInAs('ADMIN', false)).toBe('/');
  });

  it('takes a shopper home, at any width, and anyone back to the page that sent them', async () => {
    expect(await signInAs('GENERAL', true)).toBe('/');
    cleanup();
    expect(await signInAs('ADMIN', true, { from: '/cart' })).toBe('/cart');
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

describe('LoginForm with two-factor sign-in', () => {
  withToastHost();
  afterEach(cleanup);

  const ravi = { _id: 'u1', name: 'Ravi Kumar', email: 'ravi@example.com', role: 'GENERAL', profilePic: '', createdAt: '2026-11-01T10:00:00.000Z' };
  const REQUIRED = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
  const WRONG_CODE = 'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';

  function Where() {
    const location = useLocation();
    return <output data-testid="where">{location.pathname}</output>;
  }

  /** A server for an account with two-factor sign-in on: `check` answers the code. */
  function renderLogin(check: (code: string) => void) {
    let signedIn = false;
    const server = fakeServer({
      'account.signIn': (input: any) => {
        if (input.password !== 'correct-horse') throw new FakeServerError(401, 'NOT_SIGNED_IN', 'Invalid email or password');
        if (!input.code) throw new FakeServerError(401, 'TWO_FACTOR_REQUIRED', REQUIRED);
        check(input.code);
        signedIn = true;
        return ravi;
      },
      'account.me': () => (signedIn ? { ...ravi, twoFactorEnabled: true, mustEnrolTwoFactor: false } : null),
    });
    render(
      renderableApp({
        routes: [
          { path: '/login', element: <LoginForm /> },
          { path: '/', element: <Where /> },
        ],
        initialEntries: ['/login'],
        fetch: server.fetch,
        toasts: true,
      }),
    );
    return server;
  }

  const signInWithPassword = () => {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ravi@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  };
  const codeField = () => screen.getByLabelText<HTMLInputElement>('Authentication code');
  const messagesOf = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '');

  it('asks for the code after the password, then signs in with email, password and code', async () => {
    const server = renderLogin(() => undefined);
    signInWithPassword();

    const code = await screen.findByLabelText<HTMLInputElement>('Authentication code');
    expect(document.activeElement).toBe(code);
    expect(code.inputMode).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(messagesOf(code)).toEqual([RECOVERY_CODE_HINT]);
    // Asking for the code is a step, not a failure.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(await screen.findByText(LOGIN_SUCCESS_MESSAGE)).toBeTruthy();
    expect(server.inputsOf('account.signIn')).toEqual([
      { email: 'ravi@example.com', password: 'correct-horse' },
      { email: 'ravi@example.com', password: 'correct-horse', code: '123456' },
    ]);
  });

  it('shows a wrong code beside the field, and too many tries as an alert', async () => {
    let tries = 0;
    const server = renderLogin(() => {
      tries += 1;
      if (tries === 1) throw new FakeServerError(401, 'TWO_FACTOR_INVALID', WRONG_CODE, { code: 'is not right' });
      throw new FakeServerError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Please wait 15 minutes and try again.');
    });
    signInWithPassword();
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(codeField())).toContain(WRONG_CODE);

    fireEvent.change(codeField(), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(screen.getAllByText('Too many wrong codes. Please wait 15 minutes and try again.')).toHaveLength(2));
    expect(codeField().getAttribute('aria-invalid')).toBeNull();
    expect(server.inputsOf('account.signIn').map((input: any) => input.code)).toEqual([undefined, '000000', 'abcde-fghjk']);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('goes back to the password step on request, and sends no empty code', async () => {
    const server = renderLogin(() => undefined);
    signInWithPassword();
    await screen.findByLabelText('Authentication code');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(server.inputsOf('account.signIn')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ravi@example.com');
  });
});
