import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderableApp } from '../../../lib/test-providers';
import { PASSWORD_MISMATCH_MESSAGE, SignUpForm, validateSignUp } from './sign-up-form';

const valid = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'correct-horse-1', confirmPassword: 'correct-horse-1', profilePic: '' };

describe('validateSignUp', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('names the field that is wrong, with the shared schema wording', () => {
    const errors = validateSignUp({ ...valid, name: ' ', email: 'not-an-email', password: 'short', confirmPassword: 'short' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'password']);
    expect(errors.email).toBe('email must be a valid email address');
  });

  it('reports a password mismatch on the confirm field', () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'something-else' })).toEqual({ confirmPassword: PASSWORD_MISMATCH_MESSAGE });
  });
});

describe('SignUpForm', () => {
  afterEach(cleanup);

  function renderForm() {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new Error('no network in this test')));
    render(renderableApp({ routes: [{ path: '/sign-up', element: <SignUpForm /> }], initialEntries: ['/sign-up'], fetch }));
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    return { fetch, fill };
  }

  it('sends nothing when the passwords differ and says so next to the field', async () => {
    const { fetch, fill } = renderForm();
    fill('Name', valid.name);
    fill('Email', valid.email);
    fill('Password', valid.password);
    fill('Confirm Password', 'different-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    const message = await screen.findByText(PASSWORD_MISMATCH_MESSAGE);
    expect(message.id).toBe('signup-confirmPassword-error');
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-describedby')).toBe('signup-confirmPassword-error');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the form (with the photo preview as a data URL) once it is valid', async () => {
    const { fetch, fill } = renderForm();
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload photo (optional)'), { target: { files: [photo] } });
    const preview = await screen.findByRole('img', { name: 'Profile photo preview' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    fill('Name', valid.name);
    fill('Email', valid.email);
    fill('Password', valid.password);
    fill('Confirm Password', valid.password);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url instanceof Request ? url.url : url.toString()).toContain('/trpc/account.signUp');
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '') as Record<string, { name: string; profilePic: string }>;
    const input = Object.values(body)[0]!;
    expect(input.name).toBe(valid.name);
    expect(input.profilePic).toMatch(/^data:image\/png;base64,/);
  });
});
