import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCurrentUser } from '../../features/account/api/use-current-user';
import { MISSING_EMAIL_TOKEN_MESSAGE } from '../../features/account/components/confirm-email-change';
import { FakeServerError, fakeServer, renderableApp } from '../../lib/test-providers';
import { Component as ConfirmEmail } from './confirm-email';

const TOKEN = 'Zm9yLXRlc3RzLW9ubHktYW4tZW1haWwtdG9rZW4';
const ravi = {
  _id: 'u1',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  role: 'GENERAL',
  profilePic: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  twoFactorEnabled: false,
  mustEnrolTwoFactor: false,
};
const DEAD_LINK = 'This confirmation link has expired or was already used. Ask for a new one on your account page.';

/** Who the header would greet. */
function SignedInAs() {
  const { user } = useCurrentUser();
  return <p data-testid="signed-in-as">{user?.email ?? 'visitor'}</p>;
}

function renderPage(url: string, opts: { signedIn?: boolean; confirm?: (input: any) => unknown } = {}) {
  let email = ravi.email;
  const server = fakeServer({
    'account.confirmEmailChange': (input) => {
      const answer = opts.confirm ? opts.confirm(input) : { email: 'ravi.kumar@example.in' };
      email = (answer as { email: string }).email;
      return answer;
    },
    'account.me': () => (opts.signedIn ? { ...ravi, email } : null),
  });
  render(
    renderableApp({
      routes: [
        {
          path: '/confirm-email',
          element: (
            <>
              <ConfirmEmail />
              <SignedInAs />
            </>
          ),
        },
      ],
      initialEntries: [url],
      fetch: server.fetch,
    }),
  );
  return server;
}

const confirmButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' });

describe('Confirm email page', () => {
  afterEach(cleanup);

  it('does nothing until Confirm is pressed, then shows the new email and refreshes who is signed in', async () => {
    const server = renderPage(`/confirm-email?token=${TOKEN}`, { signedIn: true });
    expect(document.title).toBe('Confirm your new email · Voltmart');
    expect(screen.getByRole('heading', { name: 'Confirm your new email' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('signed-in-as').textContent).toBe('ravi@example.com'));
    // A mail scanner opening the link must not use it up.
    expect(server.inputsOf('account.confirmEmailChange')).toEqual([]);

    fireEvent.click(confirmButton());
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your email is now ravi.kumar@example.in. Sign in with it from now on.');
    expect(within(done).getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe('/account');
    expect(server.inputsOf('account.confirmEmailChange')).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(screen.getByTestId('signed-in-as').textContent).toBe('ravi.kumar@example.in'));
  });

  it('offers to sign in when nobody is signed in', async () => {
    renderPage(`/confirm-email?token=${TOKEN}`);
    fireEvent.click(confirmButton());
    const done = await screen.findByRole('status');
    expect(within(done).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('shows a used or expired link with the way to a new one', async () => {
    renderPage(`/confirm-email?token=${TOKEN}`, {
      confirm: () => {
        throw new FakeServerError(400, 'BAD_INPUT', DEAD_LINK);
      },
    });
    fireEvent.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DEAD_LINK);
    expect(within(alert).getByRole('link', { name: 'Change your email on your account page' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('says so when another account took the email meanwhile', async () => {
    const taken = 'Another account started using this email meanwhile. Choose another on your account page.';
    renderPage(`/confirm-email?token=${TOKEN}`, {
      confirm: () => {
        throw new FakeServerError(409, 'EMAIL_TAKEN', taken);
      },
    });
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toContain(taken);
  });

  it('keeps other failures beside the button, which works again', async () => {
    let tries = 0;
    const server = renderPage(`/confirm-email?token=${TOKEN}`, {
      confirm: () => {
        tries += 1;
        if (tries === 1) throw new FakeServerError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
        return { email: 'ravi.kumar@example.in' };
      },
    });
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side. Please try again.');
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('status')).textContent).toContain('ravi.kumar@example.in');
    expect(server.inputsOf('account.confirmEmailChange')).toHaveLength(2);
  });

  it('without a token, or with part of one, says the link is incomplete and asks nothing', () => {
    const server = renderPage('/confirm-email');
    expect(screen.getByRole('alert').textContent).toContain(MISSING_EMAIL_TOKEN_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(server.inputsOf('account.confirmEmailChange')).toEqual([]);
    cleanup();

    const cutShort = renderPage('/confirm-email?token=abc');
    expect(screen.getByRole('alert').textContent).toContain('The confirmation link is not complete.');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(cutShort.inputsOf('account.confirmEmailChange')).toEqual([]);
  });
});
