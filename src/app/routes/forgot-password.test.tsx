import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../lib/test-providers';
import { Component as ForgotPassword } from './forgot-password';

const SENT = 'If an account exists for that email, we sent it a link to choose a new password. It works for 30 minutes.';

function renderPage(requestReset: (input: any) => unknown) {
  const server = fakeServer({ 'account.requestPasswordReset': requestReset });
  render(renderableApp({ routes: [{ path: '/forgot-password', element: <ForgotPassword /> }], initialEntries: ['/forgot-password'], fetch: server.fetch, toasts: true }));
  return server;
}

const email = () => screen.getByLabelText<HTMLInputElement>('Email');
/** The page's own status box (the toast host has one too). */
const answer = () => within(screen.getByRole('region', { name: 'Forgot password' })).getByRole('status');
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Send reset link|Sending/ });

describe('Forgot password page', () => {
  withToastHost();
  afterEach(cleanup);

  it("sends the email and shows the server's answer, leaving the form usable", async () => {
    const server = renderPage(() => ({ message: SENT }));
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    expect(document.title).toBe('Forgot password · Voltmart');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    // Sent by script only: without JavaScript the browser would POST, never put the email in the address.
    expect(email().closest('form')?.getAttribute('method')).toBe('post');

    fireEvent.change(email(), { target: { value: 'Ravi@Example.com' } });
    fireEvent.click(sendButton());

    await waitFor(() => expect(answer().textContent).toBe(SENT));
    expect(server.inputsOf('account.requestPasswordReset')).toEqual([{ email: 'ravi@example.com' }]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendButton().disabled).toBe(false);
    expect(email().value).toBe('Ravi@Example.com');

    // Asking again works, and the answer is the same.
    fireEvent.click(sendButton());
    await waitFor(() => expect(server.inputsOf('account.requestPasswordReset')).toHaveLength(2));
    await waitFor(() => expect(answer().textContent).toBe(SENT));
  });

  it('says what is wrong with the email beside the field and sends nothing', async () => {
    const server = renderPage(() => ({ message: SENT }));
    fireEvent.click(sendButton());
    const error = await screen.findByText('email must be a valid email address');
    expect(error.id).toBe('forgot-email-error');
    expect(email().getAttribute('aria-describedby')).toBe('forgot-email-error');
    expect(server.calls).toEqual([]);
  });

  it('shows a refusal (too many requests) as an alert and a toast', async () => {
    const refusal = 'Too many reset requests. Please wait 15 minutes and try again.';
    renderPage(() => {
      throw new FakeServerError(429, 'TOO_MANY_ATTEMPTS', refusal);
    });
    fireEvent.change(email(), { target: { value: 'ravi@example.com' } });
    fireEvent.click(sendButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    // And as a toast.
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
    expect(answer().textContent).toBe('');
    expect(sendButton().disabled).toBe(false);
  });
});
