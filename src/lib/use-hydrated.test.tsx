import { act } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrationGate, useHydrated } from './use-hydrated';

function Flag({ renders }: { renders: boolean[] }) {
  const hydrated = useHydrated();
  renders.push(hydrated);
  return <p>{hydrated ? 'hydrated' : 'as sent'}</p>;
}

let container: HTMLElement;
afterEach(() => container?.remove());

function mount(html = ''): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

describe('useHydrated', () => {
  it('inside the gate: false on the server and while hydrating, then true, with no mismatch', () => {
    const html = renderToString(
      <HydrationGate hydrating>
        <Flag renders={[]} />
      </HydrationGate>,
    );
    expect(html).toContain('as sent');
    const element = mount(html);
    const renders: boolean[] = [];
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    act(() => {
      hydrateRoot(
        element,
        <HydrationGate hydrating>
          <Flag renders={renders} />
        </HydrationGate>,
        { onRecoverableError: (error) => void errors.push(error) },
      );
    });
    spy.mockRestore();
    expect(errors).toEqual([]);
    expect(element.textContent).toBe('hydrated');
    // Hydrated as sent, then once more as hydrated: the flag moved by the gate's transition.
    expect(renders[0]).toBe(false);
    expect(renders.at(-1)).toBe(true);
  });

  it('inside the gate of a page the browser renders alone: true from the first render', () => {
    const renders: boolean[] = [];
    act(() => {
      createRoot(mount()).render(
        <HydrationGate hydrating={false}>
          <Flag renders={renders} />
        </HydrationGate>,
      );
    });
    expect(renders.every(Boolean)).toBe(true);
    expect(container.textContent).toBe('hydrated');
  });

  it('outside a gate (a screen rendered alone): false on the server, true in the browser', () => {
    expect(renderToString(<Flag renders={[]} />)).toContain('as sent');
    const renders: boolean[] = [];
    act(() => {
      createRoot(mount()).render(<Flag renders={renders} />);
    });
    expect(renders.every(Boolean)).toBe(true);
  });
});
