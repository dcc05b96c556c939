import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { PASSWORD_MISMATCH_MESSAGE } from '../../features/account/components/sign-up-form';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../lib/test-providers';
import { Component as ResetPassword } from './reset-password';

const TOKEN = 'Zm9yLXRlc3RzLW9ubHktYS1yZXNldC10b2tlbg';
const ravi = { _id: 'u1', name: 'Ravi Kumar', email: 'ravi@example.com', role: 'GENERAL', profilePic: '', createdAt: '2026-11-01T10:00:00.000Z' };
const DEAD_LINK = 'This reset link has expired or was already used. Ask for a new one.';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Home, as far as this test cares: who the header would greet. */
function Home() {
  const { user } = useCurrentUser();
  return <p data-testid="signed-in-as">{user?.name ?? 'visitor'}</p>;
}

function renderPage(url: string, resetPassword: (input: any) => unknown = () => ({ ...ravi, signedIn: true }), linkStatus: () => unknown = () => ({ usable: true })) {
  let signedIn = false;
  const server = fakeServer({
    'account.resetLinkStatus': linkStatus,
    'account.resetPassword': (input) => {
      const user = resetPassword(input) as { signedIn: boolean };
      signedIn = user.signedIn;
      return user;
    },
    'account.me': () => (signedIn ? ravi : null),
  });
  render(
    renderableApp({
      routes: [
        {
          path: '/reset-password',
          element: (
            <>
              <ResetPassword />
              <Where />
            </>
          ),
        },
        {
          path: '/',
          element: (
            <>
              <Home />
              <Where />
            </>
          ),
        },
        { path: '/login', element: <Where /> },
      ],
      initialEntries: [url],
      fetch: server.fetch,
      toasts: true,
    }),
  );
  return server;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

describe('Reset password page', () => {
  withToastHost();
  afterEach(cleanup);

  it('sends nothing while the passwords differ or are too short, and says so beside the fields', async () => {
    const server = renderPage(`/reset-password?token=${TOKEN}`);
    expect(document.title).toBe('Choose a new password · Voltmart');
    fill('New password', 'correct-horse-1');
    fill('Confirm new password', 'correct-horse-2');
    save();
    const mismatch = await screen.findByText(PASSWORD_MISMATCH_MESSAGE);
    expect(mismatch.id).toBe('reset-confirmPassword-error');
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-describedby')).toBe('reset-confirmPassword-error');

    fill('New password', 'short');
    fill('Confirm new password', 'short');
    save();
    const tooShort = await screen.findByText('password must be at least 8 characters');
    expect(tooShort.id).toBe('reset-password-error');
    expect(screen.queryByText(PASSWORD_MISMATCH_MESSAGE)).toBeNull();
    expect(server.inputsOf('account.resetPassword')).toEqual([]);
    // The one question asked: whether the link can still be used, as the page opened.
    expect(server.inputsOf('account.resetLinkStatus')).toEqual([{ token: TOKEN }]);
  });

  it('sets the password with the token from the link, refreshes who is signed in, and goes home', async () => {
    const server = renderPage(`/reset-password?token=${TOKEN}`);
    fill('New password', 'correct-horse-1');
    fill('Confirm new password', 'correct-horse-1');
    save();

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(server.inputsOf('account.resetPassword')).toEqual([{ token: TOKEN, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' }]);
    expect(await screen.findByText('Your password was changed. You are signed in.')).toBeTruthy();
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Ravi Kumar');
  });

  it('sends an account with two-factor sign-in on to sign in with the new password and a code', async () => {
    renderPage(`/reset-password?token=${TOKEN}`, () => ({ ...ravi, signedIn: false }));
    fill('New password', 'correct-horse-1');
    fill('Confirm new password', 'correct-horse-1');
    save();

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(await screen.findByText('Your password was changed. Sign in with it and a code from your authenticator app.')).toBeTruthy();
  });

  it('shows a used or expired link with the way to a new one', async () => {
    renderPage(`/reset-password?token=${TOKEN}`, () => {
      throw new FakeServerError(400, 'BAD_INPUT', DEAD_LINK);
    });
    fill('New password', 'correct-horse-1');
    fill('Confirm new password', 'correct-horse-1');
    save();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DEAD_LINK);
    expect(within(alert).getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    // The form is gone: this link will never work.
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe(`/reset-password?token=${TOKEN}`);
  });

  it('says at once, as the page opens, that a used or expired link cannot be used, with the way to a new one', async () => {
    const server = renderPage(
      `/reset-password?token=${TOKEN}`,
      () => ({ ...ravi, signedIn: true }),
      () => ({ usable: false, message: DEAD_LINK }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DEAD_LINK);
    expect(within(alert).getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(server.inputsOf('account.resetPassword')).toEqual([]);
  });

  it('keeps other refusals beside the form, which stays usable', async () => {
    const refusal = 'Something went wrong on our side. Please try again.';
    renderPage(`/reset-password?token=${TOKEN}`, () => {
      throw new FakeServerError(500, 'INTERNAL', refusal);
    });
    fill('New password', 'correct-horse-1');
    fill('Confirm new password', 'correct-horse-1');
    save();

    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save new password' }).disabled).toBe(false);
  });

  it('without a token, explains and links to a new reset link', () => {
    const server = renderPage('/reset-password');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('has no link in it');
    expect(within(alert).getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('treats a cut-short link as a dead one as the page opens, without asking the server', async () => {
    const server = renderPage('/reset-password?token=abc');
    const alert = await screen.findByRole('alert');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(alert.textContent).toContain('The reset link is not complete. Ask for a new one.');
    expect(within(alert).getByRole('link', { name: 'Ask for a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    expect(server.calls).toEqual([]);
  });
});
