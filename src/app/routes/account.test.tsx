import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSession, Me, TwoFactorStatus } from '../../../shared/schemas/account';
import type { SavedAddress } from '../../../shared/schemas/settings';
import { FakeServerError, fakeServer, renderableApp, withToastHost } from '../../lib/test-providers';
import { Component as Account } from './account';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

const ravi: Me = {
  _id: 'u1',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  role: 'GENERAL',
  profilePic: '',
  createdAt: '2026-01-01T10:00:00.000Z',
  twoFactorEnabled: false,
  mustEnrolTwoFactor: false,
};

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const thisPhone: AccountSession = {
  id: 's-current',
  current: true,
  browser: 'Chrome',
  os: 'Android',
  device: 'mobile',
  ip: '10.0.0.7',
  signedInAt: ago(3 * 24 * HOUR + MINUTE),
  lastSeenAt: ago(10_000),
};
const iphone: AccountSession = {
  id: 's-iphone',
  current: false,
  browser: 'Safari',
  os: 'iOS',
  device: 'mobile',
  ip: '1.2.3.4',
  signedInAt: ago(2 * HOUR + 30_000),
  lastSeenAt: ago(5 * MINUTE + 10_000),
};
const laptop: AccountSession = { ...iphone, id: 's-laptop', browser: 'Unknown browser', os: 'Unknown system', device: 'unknown', ip: '5.6.7.8' };

const home: SavedAddress = {
  _id: 'a-home',
  name: 'Ravi Kumar',
  phone: '+919876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  stateCode: '29',
  pin: '560001',
  gstin: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

type Procedures = Parameters<typeof fakeServer>[0];

/** The server as the account page sees it; `overrides` replace single procedures. */
function shop(opts: { user?: Me | null; twoFactor?: TwoFactorStatus; overrides?: Procedures } = {}) {
  let user = opts.user === undefined ? ravi : opts.user;
  let sessions = [thisPhone, iphone, laptop];
  let addresses = [home];
  return fakeServer({
    'account.me': () => user,
    'account.twoFactor.status': () => opts.twoFactor ?? { enabled: false, required: false, recoveryCodesLeft: 0 },
    'account.sessions': () => sessions,
    'address.list': () => addresses,
    'account.updateProfile': (input: any) => {
      user = { ...user!, name: input.name, profilePic: input.profilePic === undefined ? user!.profilePic : input.profilePic ? '/images/new.webp' : '' };
      return user;
    },
    'account.requestEmailChange': (input: any) => ({ message: `We sent a link to ${input.newEmail}. Your email changes when you open it (within 24 hours).` }),
    'account.changePassword': () => {
      const ended = sessions.length - 1;
      sessions = sessions.filter((s) => s.current);
      return { endedSessions: ended };
    },
    'account.endSession': (input: any) => {
      sessions = sessions.filter((s) => s.id !== input.id);
      return { ended: true };
    },
    'account.endOtherSessions': () => {
      const ended = sessions.length - 1;
      sessions = sessions.filter((s) => s.current);
      return { endedSessions: ended };
    },
    'address.remove': (input: any) => {
      addresses = addresses.filter((a) => a._id !== input.addressId);
      return { removed: input.addressId };
    },
    'account.deleteAccount': () => {
      user = null;
      return { deleted: true };
    },
    'cart.count': () => ({ count: 0 }),
    ...opts.overrides,
  });
}

function renderAccount(server: ReturnType<typeof shop>) {
  render(
    renderableApp({
      routes: [
        {
          path: '/account',
          element: (
            <>
              <Account />
              <Where />
            </>
          ),
        },
        { path: '/login', element: <Where /> },
        { path: '/', element: <Where /> },
      ],
      initialEntries: ['/account'],
      fetch: server.fetch,
      toasts: true,
    }),
  );
}

const region = (name: string) => screen.getByRole('region', { name });
const fill = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const where = () => screen.getByTestId('where').textContent;
const wrongPassword = () => new FakeServerError(400, 'WRONG_PASSWORD', 'Your current password is not right.', { currentPassword: 'is not right' });

describe('Account page', () => {
  withToastHost();
  afterEach(cleanup);

  it('sends a visitor to login, to come back here', async () => {
    renderAccount(shop({ user: null }));
    await waitFor(() => expect(where()).toBe('/login {"from":"/account"}'));
  });

  it('shows every section, the two-factor state and the data download', async () => {
    renderAccount(shop());
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    expect(document.title).toBe('My account · Voltmart');
    for (const name of ['Profile', 'Email', 'Password', 'Two-factor sign-in', 'Signed-in devices', 'Delivery addresses', 'Your data']) {
      expect(region(name)).toBeTruthy();
    }
    expect(within(region('Email')).getByText('ravi@example.com')).toBeTruthy();

    const twoFactor = region('Two-factor sign-in');
    await waitFor(() => expect(within(twoFactor).getByTestId('two-factor-state').textContent).toBe('Off'));
    expect(within(twoFactor).getByRole('link', { name: 'Set up two-factor sign-in' }).getAttribute('href')).toBe('/account/two-factor');

    const download = within(region('Your data')).getByRole('link', { name: 'Download my data (JSON)' });
    expect(download.getAttribute('href')).toBe('/account/my-data.json');
    expect(download.hasAttribute('download')).toBe(true);

    // The saved address, from the address book the checkout uses.
    expect(await within(region('Delivery addresses')).findByText('Bengaluru, Karnataka 560001')).toBeTruthy();
  });

  it('says two-factor sign-in is on with the recovery codes left, or that the shop requires it', async () => {
    renderAccount(shop({ twoFactor: { enabled: true, required: true, recoveryCodesLeft: 7 } }));
    const on = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await waitFor(() => expect(within(on).getByTestId('two-factor-state').textContent).toBe('On'));
    expect(within(on).getByText('7 recovery codes left')).toBeTruthy();
    expect(within(on).getByRole('link', { name: 'Manage two-factor sign-in' }).getAttribute('href')).toBe('/account/two-factor');
    cleanup();

    renderAccount(shop({ user: { ...ravi, role: 'ADMIN' }, twoFactor: { enabled: false, required: true, recoveryCodesLeft: 0 } }));
    const off = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(off).findByText(/The shop requires two-factor sign-in for admins/)).toBeTruthy();
  });

  it('saves the name with a new photo, then removes the photo, and keeps an unchanged photo out of the input', async () => {
    const server = shop();
    renderAccount(server);
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByTestId('default-avatar')).toBeTruthy();

    fill(profile, 'Name', 'Ravi K');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(within(profile).getByLabelText('Choose a photo'), { target: { files: [photo] } });
    const preview = await within(profile).findByRole('img', { name: 'Profile photo preview' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeTruthy();
    const [first] = server.inputsOf('account.updateProfile') as { name: string; profilePic: string }[];
    expect(first?.name).toBe('Ravi K');
    expect(first?.profilePic).toMatch(/^data:image\/png;base64,/);
    // "Me" is read again (the header shows the name and photo), and the saved photo is shown.
    await waitFor(() => expect(within(profile).getByRole('img', { name: 'Profile photo preview' }).getAttribute('src')).toBe('/images/new.webp'));
    expect(server.inputsOf('account.me').length).toBeGreaterThanOrEqual(2);

    fireEvent.click(within(profile).getByRole('button', { name: 'Remove photo' }));
    expect(within(profile).getByTestId('default-avatar')).toBeTruthy();
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(server.inputsOf('account.updateProfile')).toHaveLength(2));
    expect(server.inputsOf('account.updateProfile')[1]).toEqual({ name: 'Ravi K', profilePic: '' });

    await waitFor(() => expect(within(profile).getByRole<HTMLButtonElement>('button', { name: 'Save profile' }).disabled).toBe(false));
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(server.inputsOf('account.updateProfile')).toHaveLength(3));
    expect(server.inputsOf('account.updateProfile')[2]).toEqual({ name: 'Ravi K' });
  });

  it('checks the name before sending it', async () => {
    const server = shop();
    renderAccount(server);
    const profile = await screen.findByRole('region', { name: 'Profile' });
    fill(profile, 'Name', '   ');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(within(profile).getByText('Name is required')).toBeTruthy();
    expect(server.inputsOf('account.updateProfile')).toEqual([]);
  });

  it("asks for an email change and shows the server's answer; a wrong password is said beside its field", async () => {
    let refuse = false;
    const server = shop({
      overrides: {
        'account.requestEmailChange': (input: any) => {
          if (refuse) throw wrongPassword();
          return { message: `We sent a link to ${input.newEmail}. Your email changes when you open it (within 24 hours).` };
        },
      },
    });
    renderAccount(server);
    const email = await screen.findByRole('region', { name: 'Email' });
    fill(email, 'New email', 'Ravi.New@Example.com');
    fill(email, 'Current password', 'old-secret-1');
    fireEvent.click(within(email).getByRole('button', { name: 'Send confirmation link' }));

    await waitFor(() =>
      expect(within(email).getByRole('status').textContent).toBe('We sent a link to ravi.new@example.com. Your email changes when you open it (within 24 hours).'),
    );
    expect(server.inputsOf('account.requestEmailChange')).toEqual([{ newEmail: 'ravi.new@example.com', currentPassword: 'old-secret-1' }]);
    // The address shown is still the old one: it changes when the link is opened.
    expect(within(email).getByText('ravi@example.com')).toBeTruthy();

    refuse = true;
    fill(email, 'New email', 'ravi.new@example.com');
    fill(email, 'Current password', 'not-it');
    fireEvent.click(within(email).getByRole('button', { name: 'Send confirmation link' }));
    const message = await within(email).findByText('Your current password is not right');
    const password = within(email).getByLabelText('Current password');
    expect(password.getAttribute('aria-describedby')).toBe(message.id);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(email).getByRole('status').textContent).toBe('');
  });

  it('changes the password, clears the fields, says how many devices were signed out and reads the device list again', async () => {
    const server = shop();
    renderAccount(server);
    const password = await screen.findByRole('region', { name: 'Password' });
    const devices = region('Signed-in devices');
    await within(devices).findByText('Safari on iOS');

    fill(password, 'Current password', 'old-secret-1');
    fill(password, 'New password', 'new-secret-2');
    fill(password, 'Confirm new password', 'new-secret-3');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(within(password).getByText('The new password and its confirmation are not the same')).toBeTruthy();
    expect(server.inputsOf('account.changePassword')).toEqual([]);

    fill(password, 'Confirm new password', 'new-secret-2');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed. Signed out of 2 other devices.')).toBeTruthy();
    expect(server.inputsOf('account.changePassword')).toEqual([{ currentPassword: 'old-secret-1', password: 'new-secret-2', confirmPassword: 'new-secret-2' }]);
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(within(password).getByLabelText<HTMLInputElement>(label).value).toBe('');
    }
    await waitFor(() => expect(within(devices).queryByText('Safari on iOS')).toBeNull());
    expect(within(devices).getByText('You are not signed in anywhere else.')).toBeTruthy();
  });

  it('lists the signed-in devices, this one first, and signs one or all of the others out', async () => {
    const server = shop();
    renderAccount(server);
    const devices = await screen.findByRole('region', { name: 'Signed-in devices' });
    const items = await within(devices).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    ['Chrome on Android', 'Safari on iOS', 'Unknown device'].forEach((name, i) => expect(within(items[i]!).getByText(name)).toBeTruthy());

    // This device: no "Sign out" of its own (that is the header's Logout).
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[0]!.textContent).toContain('Signed in 3 days ago · Active now · IP 10.0.0.7');

    const safari = items[1]!;
    expect(safari.textContent).toContain('Signed in 2 hours ago · Active 5 minutes ago · IP 1.2.3.4');
    const signedIn = safari.querySelector('time');
    expect(signedIn?.getAttribute('dateTime')).toBe(iphone.signedInAt);
    // The exact moment, on the shop's clock, on hover.
    expect(signedIn?.getAttribute('title')).toMatch(/IST$/);

    fireEvent.click(within(safari).getByRole('button', { name: 'Sign out of Safari on iOS' }));
    expect(await screen.findByText('Signed out of Safari on iOS')).toBeTruthy();
    expect(server.inputsOf('account.endSession')).toEqual([{ id: 's-iphone' }]);
    await waitFor(() => expect(within(devices).queryByText('Safari on iOS')).toBeNull());

    fireEvent.click(within(devices).getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await screen.findByText('Signed out of 1 other device')).toBeTruthy();
    expect(server.inputsOf('account.endOtherSessions')).toHaveLength(1);
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
  });

  it('deletes a saved address after asking', async () => {
    const server = shop();
    renderAccount(server);
    const addresses = await screen.findByRole('region', { name: 'Delivery addresses' });
    fireEvent.click(await within(addresses).findByRole('button', { name: /^Delete the address of Ravi Kumar/ }));
    fireEvent.click(within(addresses).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Address deleted')).toBeTruthy();
    expect(server.inputsOf('address.remove')).toEqual([{ addressId: 'a-home' }]);
    await waitFor(() => expect(within(addresses).getByText(/You have no saved addresses yet/)).toBeTruthy());
  });

  it('deletes the account only once DELETE is typed, shows why it was refused, and goes home when it is done', async () => {
    let refusal: FakeServerError | null = new FakeServerError(
      409,
      'OPEN_ORDERS',
      'Your order is still under way (ord_123). You can delete your account once it is delivered or cancelled.',
    );
    const server = shop({
      overrides: {
        'account.deleteAccount': () => {
          if (refusal) throw refusal;
          return { deleted: true };
        },
      },
    });
    renderAccount(server);
    const data = await screen.findByRole('region', { name: 'Your data' });
    expect(data.textContent).toContain('as Indian GST law requires');
    fireEvent.click(within(data).getByRole('button', { name: 'Delete my account…' }));

    const form = within(data).getByRole('form', { name: 'Delete my account' });
    const submit = within(form).getByRole<HTMLButtonElement>('button', { name: 'Delete my account' });
    fill(form, 'Current password', 'old-secret-1');
    expect(submit.disabled).toBe(true);
    fill(form, 'Type DELETE to confirm', 'delete');
    expect(submit.disabled).toBe(true);
    fill(form, 'Type DELETE to confirm', 'DELETE');
    expect(submit.disabled).toBe(false);

    fireEvent.click(submit);
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Your order is still under way (ord_123). You can delete your account once it is delivered or cancelled.');
    expect(where()).toBe('/account null');

    refusal = wrongPassword();
    fireEvent.click(submit);
    expect(await within(form).findByText('Your current password is not right')).toBeTruthy();

    refusal = null;
    fireEvent.click(submit);
    await waitFor(() => expect(where()).toBe('/ null'));
    expect(await screen.findByText('Your account was deleted')).toBeTruthy();
    expect(server.inputsOf('account.deleteAccount')).toEqual([
      { currentPassword: 'old-secret-1', confirm: 'DELETE' },
      { currentPassword: 'old-secret-1', confirm: 'DELETE' },
      { currentPassword: 'old-secret-1', confirm: 'DELETE' },
    ]);
  });
});
