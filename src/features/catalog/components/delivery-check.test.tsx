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

const date = (iso: string, label: string) => ({ date: iso, label: `Delivery by ${label}` });

/** The shop delivers to PINs starting 56 (express too) and 78 (standard only), and nowhere else. */
function reply(pin: string): DeliveryCheckReply {
  const base = { pin, standardDays: '3–5', expressDays: '1–2' };
  if (pin.startsWith('56')) {
    const standard = date('2026-12-05', 'Saturday, 5 December');
    return {
      ...base,
      serviceable: true,
      message: standard.label,
      zone: 'sameCity',
      standard,
      express: date('2026-12-04', 'Friday, 4 December'),
      validUntil: '2026-12-03T08:30:00.000Z',
    };
  }
  if (pin.startsWith('78')) {
    const standard = date('2026-12-12', 'Saturday, 12 December');
    return { ...base, serviceable: true, message: standard.label, zone: 'northEast', standard, express: null, validUntil: '2026-12-03T08:30:00.000Z' };
  }
  return { ...base, serviceable: false, message: `Sorry, we do not deliver to ${pin} yet`, zone: null, standard: null, express: null, validUntil: null };
}

function shop() {
  return fakeServer({ 'settings.deliveryCheck': (input: any): DeliveryCheckReply => reply(String(input.pin)) });
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
    await waitFor(() => expect(status().textContent).toBe('Delivery by Saturday, 5 December' + 'Express: by Friday, 4 December'));
    expect(status().className).toContain('text-emerald-800');
    // Two lines: the standard date, and express's under it.
    expect([...status().querySelectorAll('span')].map((line) => line.textContent)).toEqual(['Delivery by Saturday, 5 December', 'Express: by Friday, 4 December']);
    expect(server.inputsOf('settings.deliveryCheck')).toEqual([{ pin: '560001' }]);
    expect(window.localStorage.getItem(PIN_STORAGE_KEY)).toBe('560001');

    fireEvent.change(box(), { target: { value: '110001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(status().textContent).toBe('Sorry, we do not deliver to 110001 yet'));
    expect(status().className).toContain('text-red-700');
    expect(window.localStorage.getItem(PIN_STORAGE_KEY)).toBe('110001');
  });

  it('says so when express does not go to the PIN, and shows one line when both rates arrive the same day', async () => {
    const server = fakeServer({
      'settings.deliveryCheck': (input: any): DeliveryCheckReply => {
        const pin = String(input.pin);
        if (pin !== '560002') return reply(pin);
        const same = date('2026-12-04', 'Friday, 4 December');
        return { ...reply('560001'), pin, message: same.label, standard: same, express: same };
      },
    });
    renderBox(server);
    fireEvent.change(box(), { target: { value: '781001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(status().textContent).toBe('Delivery by Saturday, 12 December' + 'Express delivery is not available to 781001'));

    fireEvent.change(box(), { target: { value: '560002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(status().textContent).toBe('Delivery by Friday, 4 December'));
    expect(status().querySelectorAll('span')).toHaveLength(0);
  });

  it('asks again for a PIN checked before once its answer is past its validUntil (the dispatch cut-off)', async () => {
    let calls = 0;
    const server = fakeServer({
      'settings.deliveryCheck': (input: any): DeliveryCheckReply => {
        calls++;
        // The first answer was already past its time; the second lasts.
        return { ...reply(String(input.pin)), validUntil: calls === 1 ? new Date(Date.now() - 1000).toISOString() : new Date(Date.now() + 3_600_000).toISOString() };
      },
    });
    renderBox(server);
    const checkPin = (pin: string) => {
      fireEvent.change(box(), { target: { value: pin } });
      fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    };
    checkPin('560001');
    await waitFor(() => expect(status().textContent).toContain('Delivery by Saturday, 5 December'));
    checkPin('110001');
    await waitFor(() => expect(status().textContent).toBe('Sorry, we do not deliver to 110001 yet'));
    checkPin('560001');
    await waitFor(() => expect(server.inputsOf('settings.deliveryCheck')).toEqual([{ pin: '560001' }, { pin: '110001' }, { pin: '560001' }]));
    // Fresh now (an hour left): asked no more.
    checkPin('110001');
    checkPin('560001');
    await waitFor(() => expect(status().textContent).toContain('Delivery by Saturday, 5 December'));
    expect(server.inputsOf('settings.deliveryCheck')).toHaveLength(3);
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
