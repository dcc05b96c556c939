import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { httpBatchLink } from '@trpc/client';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryCheck as DeliveryCheckReply } from '../../../../shared/schemas/settings';
import { FakeServerError, fakeServer, renderableApp } from '../../../lib/test-providers';
import { trpc } from '../../../lib/trpc';
import { DeliveryCheck, PIN_STORAGE_KEY } from './delivery-check';

/** The shop delivers to PINs starting 56 only. */
function shop() {
  return fakeServer({
    'settings.deliveryCheck': (input: any): DeliveryCheckReply => {
      const pin = String(input.pin);
      const serviceable = pin.startsWith('56');
      return {
        pin,
        serviceable,
        standardDays: '3–5',
        expressDays: '1–2',
        message: serviceable ? `Deliver to ${pin}: available, arrives in 3–5 days` : `Sorry, we do not deliver to ${pin} yet`,
      };
    },
  });
}

function renderBox(server = shop()) {
  render(renderableApp({ routes: [{ path: '/', element: <DeliveryCheck /> }], fetch: server.fetch }));
  return server;
}

const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Deliver to' });
const status = () => screen.getByRole('status');

describe('DeliveryCheck', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanup);

  it('asks nothing until Check, then shows the answer in green or red and remembers the PIN', async () => {
    const server = renderBox();
    expect(server.fetch).not.toHaveBeenCalled();

    fireEvent.change(box(), { target: { value: '560001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(status().textContent).toBe('Deliver to 560001: available, arrives in 3–5 days'));
    expect(status().className).toContain('text-emerald-800');
    expect(server.inputsOf('settings.deliveryCheck')).toEqual([{ pin: '560001' }]);
    expect(window.localStorage.getItem(PIN_STORAGE_KEY)).toBe('560001');

    fireEvent.change(box(), { target: { value: '110001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(status().textContent).toBe('Sorry, we do not deliver to 110001 yet'));
    expect(status().className).toContain('text-red-700');
    expect(window.localStorage.getItem(PIN_STORAGE_KEY)).toBe('110001');
  });

  it('says what is wrong with a PIN that is not 6 digits, without asking the server', () => {
    const server = renderBox();
    fireEvent.change(box(), { target: { value: '5600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(status().textContent).toBe('PIN code must be 6 digits (e.g. 560001)');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    // Typing again clears it; letters do not go in.
    fireEvent.change(box(), { target: { value: '5600a' } });
    expect(box().value).toBe('5600');
    expect(status().textContent).toBe('');
    expect(server.fetch).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(PIN_STORAGE_KEY)).toBeNull();
  });

  it('shows a failed check as an error', async () => {
    const server = fakeServer({
      'settings.deliveryCheck': () => {
        throw new FakeServerError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
      },
    });
    renderBox(server);
    fireEvent.change(box(), { target: { value: '560001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(status().textContent).toBe('Something went wrong on our side. Please try again.'));
  });

  it('fills in the PIN checked last time', () => {
    window.localStorage.setItem(PIN_STORAGE_KEY, '400001');
    const server = renderBox();
    expect(box().value).toBe('400001');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('renders the same on the server for everyone, and fills the remembered PIN only once hydrated', async () => {
    const server = shop();
    const app = () => {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const client = trpc.createClient({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch: server.fetch })] });
      return (
        <trpc.Provider client={client} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <DeliveryCheck />
          </QueryClientProvider>
        </trpc.Provider>
      );
    };
    window.localStorage.setItem(PIN_STORAGE_KEY, '400001');
    const html = renderToString(app());
    expect(html).toContain('value=""');
    expect(html).not.toContain('400001');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args.map(String).join(' ')));
    const recoverable: unknown[] = [];
    const root = await act(() => hydrateRoot(container, app(), { onRecoverableError: (error) => recoverable.push(error) }));
    try {
      expect(container.querySelector('input')?.value).toBe('400001');
      expect(errors).toEqual([]);
      expect(recoverable).toEqual([]);
      expect(server.fetch).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      act(() => root.unmount());
      container.remove();
    }
  });
});
