import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Me, TwoFactorStatus } from '../../../shared/schemas/account';
import { COPIED_MESSAGE, RECOVERY_CODES_FILE_NAME } from '../../features/account/components/recovery-codes';
import { MUST_ENROL_MESSAGE, QR_CODE_ALT } from '../../features/account/components/two-factor-enrolment';
import { REQUIRED_NOTE, TWO_FACTOR_OFF_MESSAGE } from '../../features/account/components/two-factor-settings';
import { ADMIN_PANEL_QUERY } from '../../lib/admin-landing';
import { FakeServerError, fakeServer, renderableApp, stubMatchMedia, withToastHost } from '../../lib/test-providers';
import { Component as TwoFactorPage } from './two-factor';

const ravi: Me = {
  _id: 'u1',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  role: 'GENERAL',
  profilePic: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  twoFactorEnabled: false,
  mustEnrolTwoFactor: false,
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const OTPAUTH = `otpauth://totp/Voltmart:ravi%40example.com?secret=${SECRET}&issuer=Voltmart`;
// A QR code as the server draws it; the script must never run, nor the markup reach the page.
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M2 2h7v7H2z"/><script>alert(1)</script></svg>';
const CODES = ['abcde-fghjk', 'bcdef-ghjkm', 'cdefg-hjkmn', 'defgh-jkmnp', 'efghj-kmnpq', 'fghjk-mnpqr', 'ghjkm-npqrs', 'hjkmn-pqrst', 'jkmnp-qrstu', 'kmnpq-rstuv'];
const WRONG_CODE = 'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

type Procedures = Parameters<typeof fakeServer>[0];

function renderPage(opts: { me?: Me | null; status?: TwoFactorStatus; procedures?: Procedures } = {}) {
  let status: TwoFactorStatus = opts.status ?? { enabled: false, required: false, recoveryCodesLeft: 0 };
  let me = opts.me === undefined ? ravi : opts.me;
  const server = fakeServer({
    'account.me': () => me,
    'account.twoFactor.status': () => status,
    'account.twoFactor.begin': () => ({ secret: SECRET, otpauthUrl: OTPAUTH, qrSvg: QR_SVG }),
    'account.twoFactor.confirm': () => {
      status = { enabled: true, required: status.required, recoveryCodesLeft: 10 };
      if (me) me = { ...me, twoFactorEnabled: true, mustEnrolTwoFactor: false };
      return { recoveryCodes: CODES };
    },
    ...opts.procedures,
  });
  const where = { element: <Where /> };
  render(
    renderableApp({
      routes: [
        { path: '/account/two-factor', element: <TwoFactorPage /> },
        { path: '/account', ...where },
        { path: '/login', ...where },
        { path: '/admit-panel', ...where },
        { path: '/', ...where },
      ],
      initialEntries: ['/account/two-factor'],
      fetch: server.fetch,
      toasts: true,
    }),
  );
  return server;
}

const setUp = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Set up' }));
  await screen.findByRole('img', { name: QR_CODE_ALT });
};
const enrolForm = () => screen.getByRole('form', { name: 'Turn on two-factor sign-in' });
const typeCode = (form: HTMLElement, code: string) => fireEvent.change(within(form).getByLabelText(/code/), { target: { value: code } });
const messagesOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

/** jsdom's Blob has no text(). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });

describe('Two-factor sign-in page', () => {
  withToastHost();
  afterEach(cleanup);

  it('sets it up: QR code as an image, the key in groups of four, a code from the app, then the recovery codes once', async () => {
    const server = renderPage();
    expect(document.title).toBe('Two-factor sign-in · Voltmart');
    expect(await screen.findByText(/Google Authenticator, Microsoft Authenticator or any other TOTP app/)).toBeTruthy();
    expect(screen.queryByTestId('must-enrol')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my account' }).getAttribute('href')).toBe('/account');
    expect(server.inputsOf('account.twoFactor.begin')).toEqual([]);

    await setUp();
    expect(server.inputsOf('account.twoFactor.begin')).toEqual([undefined]);
    const qr = screen.getByRole<HTMLImageElement>('img', { name: QR_CODE_ALT });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
    expect(qr.getAttribute('width')).toBe('200');
    expect(qr.getAttribute('height')).toBe('200');
    expect(document.querySelector('svg, script')).toBeNull();
    expect(screen.getByText("Can't scan? Enter this key")).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(screen.getByRole('link', { name: 'Open in an authenticator app on this phone' }).getAttribute('href')).toBe(OTPAUTH);

    const input = within(enrolForm()).getByLabelText<HTMLInputElement>('6-digit code');
    expect(input.inputMode).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('pattern')).toBe('[0-9]{6}');

    // Five digits: refused here, nothing sent.
    typeCode(enrolForm(), '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(input)).toContain('code must be the 6 digits your app shows');
    expect(server.inputsOf('account.twoFactor.confirm')).toEqual([]);

    typeCode(enrolForm(), '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(server.inputsOf('account.twoFactor.confirm')).toEqual([{ code: '123456' }]);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    // The QR code and the secret are gone.
    expect(screen.queryByRole('img', { name: QR_CODE_ALT })).toBeNull();
    expect(screen.queryByTestId('two-factor-secret')).toBeNull();

    const done = screen.getByRole<HTMLButtonElement>('button', { name: 'Done' });
    expect(done.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    expect(done.disabled).toBe(false);
    const meCalls = server.inputsOf('account.me').length;
    expect(server.inputsOf('account.twoFactor.status').length).toBeGreaterThanOrEqual(2);
    expect(meCalls).toBeGreaterThanOrEqual(2);
    fireEvent.click(done);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account'));
  });

  it('copies the codes and downloads them as a text file', async () => {
    // jsdom has neither a clipboard nor object URLs, and does not download.
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let blob: Blob | null = null;
    const downloads: { name: string; blob: Blob }[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:codes'), revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:codes' && blob) downloads.push({ name: this.download, blob });
    });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'clipboard');
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
      click.mockRestore();
    });
    renderPage();
    await setUp();
    typeCode(enrolForm(), '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('list', { name: 'Recovery codes' });

    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(await screen.findByText(COPIED_MESSAGE)).toBeTruthy();
    expect(writeText.mock.calls).toEqual([[CODES.join('\n')]]);

    fireEvent.click(screen.getByRole('button', { name: 'Download as text file' }));
    expect(downloads.map((file) => file.name)).toEqual([RECOVERY_CODES_FILE_NAME]);
    const text = await readText(downloads[0]!.blob);
    expect(text).toContain('ravi@example.com');
    for (const code of CODES) expect(text).toContain(`\n${code}\n`);
  });

  it('shows a wrong code beside the field, and too many tries as an alert', async () => {
    let tries = 0;
    const server = renderPage({
      procedures: {
        'account.twoFactor.confirm': () => {
          tries += 1;
          if (tries === 1) throw new FakeServerError(401, 'TWO_FACTOR_INVALID', WRONG_CODE, { code: 'is not right' });
          throw new FakeServerError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Please wait 15 minutes and try again.');
        },
      },
    });
    await setUp();
    typeCode(enrolForm(), '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const input = within(enrolForm()).getByLabelText('6-digit code');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(messagesOf(input)).toContain(WRONG_CODE);
    // Still on the page, still signed in: a 401 here is about the code, not the session.
    expect(screen.getByRole('img', { name: QR_CODE_ALT })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();

    typeCode(enrolForm(), '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await within(enrolForm()).findByRole('alert')).textContent).toBe('Too many wrong codes. Please wait 15 minutes and try again.');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(server.inputsOf('account.twoFactor.confirm')).toEqual([{ code: '000000' }, { code: '111111' }]);
  });

  it("tells an admin who must enrol why, and takes them to the admin panel's Dashboard when done", async () => {
    // A window wide enough for the panel (on a phone they land on the storefront, as signing in does).
    stubMatchMedia((query) => query === ADMIN_PANEL_QUERY);
    renderPage({ me: { ...ravi, role: 'ADMIN', mustEnrolTwoFactor: true }, status: { enabled: false, required: true, recoveryCodesLeft: 0 } });
    expect((await screen.findByTestId('must-enrol')).textContent).toBe(MUST_ENROL_MESSAGE);
    await setUp();
    typeCode(enrolForm(), '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admit-panel'));
  });

  it('while on: gets new recovery codes for a current code', async () => {
    const server = renderPage({
      me: { ...ravi, twoFactorEnabled: true },
      status: { enabled: true, required: false, recoveryCodesLeft: 2 },
      procedures: {
        'account.twoFactor.regenerateRecoveryCodes': (input: any) => {
          if (input.code !== '654321') throw new FakeServerError(401, 'TWO_FACTOR_INVALID', WRONG_CODE, { code: 'is not right' });
          return { recoveryCodes: CODES };
        },
      },
    });
    expect((await screen.findByTestId('two-factor-on')).textContent).toContain('Two-factor sign-in is on');
    expect(screen.getByTestId('recovery-codes-left').textContent).toContain('2 recovery codes left.');
    const form = screen.getByRole('form', { name: 'Get new recovery codes' });
    const input = within(form).getByLabelText('Authentication code');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');

    typeCode(form, '111111');
    fireEvent.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
    await waitFor(() => expect(messagesOf(input)).toContain(WRONG_CODE));

    typeCode(form, '654321');
    fireEvent.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(server.inputsOf('account.twoFactor.regenerateRecoveryCodes')).toEqual([{ code: '111111' }, { code: '654321' }]);
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account'));
  });

  it('while on: turns it off with the password and a code, a wrong password shown beside its field', async () => {
    const server = renderPage({
      me: { ...ravi, twoFactorEnabled: true },
      status: { enabled: true, required: false, recoveryCodesLeft: 10 },
      procedures: {
        'account.twoFactor.disable': (input: any) => {
          if (input.currentPassword !== 'correct-horse')
            throw new FakeServerError(400, 'WRONG_PASSWORD', 'Your current password is not right.', { currentPassword: 'is not right' });
          return { enabled: false, required: false, recoveryCodesLeft: 0 };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Turn off two-factor sign-in' });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'wrong' } });
    typeCode(form, 'abcde-fghjk');
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off' }));
    const password = within(form).getByLabelText('Current password');
    await waitFor(() => expect(messagesOf(password)).toContain('Your current password is not right.'));

    fireEvent.change(password, { target: { value: 'correct-horse' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_OFF_MESSAGE)).toBeTruthy();
    expect(server.inputsOf('account.twoFactor.disable')).toEqual([
      { currentPassword: 'wrong', code: 'abcde-fghjk' },
      { currentPassword: 'correct-horse', code: 'abcde-fghjk' },
    ]);
    // Off again: the page offers to set it up.
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it('does not offer to turn it off while the shop requires it', async () => {
    renderPage({ me: { ...ravi, role: 'ADMIN', twoFactorEnabled: true }, status: { enabled: true, required: true, recoveryCodesLeft: 10 } });
    expect(await screen.findByText(REQUIRED_NOTE)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Turn off two-factor sign-in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('sends a visitor to sign in', async () => {
    const server = renderPage({ me: null });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(server.inputsOf('account.twoFactor.status')).toEqual([]);
  });
});
