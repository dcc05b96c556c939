import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeRouteError, ErrorPage, RouteErrorPage } from './error-page';

describe('describeRouteError', () => {
  it('reads status and text of a thrown response, the message of an Error, or a string', () => {
    expect(describeRouteError(new Error('boom'))).toEqual({ message: 'boom' });
    expect(describeRouteError('plain')).toEqual({ message: 'plain' });
    expect(describeRouteError(42)).toEqual({ message: 'Something went wrong' });
  });
});

describe('ErrorPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the fixed heading with the status and message', () => {
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ErrorPage status={404} message="Not Found" /> }])} />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByTestId('error-detail').textContent).toBe('404 Not Found');
  });

  it('renders for a route that throws an error or a response', async () => {
    // React logs caught render errors; they are the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('Kaboom');
    };
    const router = createMemoryRouter(
      [
        { path: '/boom', element: <Boom />, errorElement: <RouteErrorPage /> },
        {
          path: '/gone',
          loader: () => {
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router fails a loader by throwing its data() response
            throw data('gone', { status: 410, statusText: 'Gone' });
          },
          element: <p>never</p>,
          errorElement: <RouteErrorPage />,
        },
      ],
      { initialEntries: ['/boom'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByTestId('error-detail').textContent).toBe('Kaboom');

    await act(() => router.navigate('/gone'));
    expect(screen.getByTestId('error-detail').textContent).toBe('410 Gone');
  });
});
