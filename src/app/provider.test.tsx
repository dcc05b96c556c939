import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { httpBatchLink } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useCurrentUser } from '../features/account/api/use-current-user';
import { FakeServerError, fakeServer } from '../lib/test-providers';
import { trpc } from '../lib/trpc';
import { AppProvider, createQueryClient } from './provider';

const admin = { _id: 'a1', name: 'Asha Rao', email: 'asha@voltmart.in', role: 'ADMIN', profilePic: '', createdAt: '2026-11-01T10:00:00.000Z', twoFactorEnabled: false };

function AdminScreen() {
  const { user } = useCurrentUser();
  const settings = trpc.settings.get.useQuery(undefined, { enabled: user !== null });
  return <p data-testid="must-enrol">{settings.isError ? String(user?.mustEnrolTwoFactor) : 'waiting'}</p>;
}

describe('createQueryClient', () => {
  afterEach(cleanup);

  it('asks "me" again when the server says this admin must first set up two-factor sign-in', async () => {
    // The owner turned the rule on after this admin's page loaded "me".
    let required = false;
    const server = fakeServer({
      'account.me': () => ({ ...admin, mustEnrolTwoFactor: required }),
      'settings.get': () => {
        required = true;
        throw new FakeServerError(403, 'TWO_FACTOR_ENROLMENT_REQUIRED', 'This shop requires two-factor sign-in for admins: turn it on at /account/two-factor first.');
      },
    });
    const client = trpc.createClient({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch: server.fetch })] });
    render(
      <AppProvider queryClient={createQueryClient()} client={client}>
        <AdminScreen />
      </AppProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('must-enrol').textContent).toBe('true'));
    expect(server.inputsOf('account.me')).toHaveLength(2);
  });
});
