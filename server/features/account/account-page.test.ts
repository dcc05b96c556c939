import nodemailer, { type Transporter } from 'nodemailer';
import sharp from 'sharp';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession, Me, TwoFactorEnrolment, TwoFactorStatus, User } from '../../../shared/schemas/account';
import { insertProduct, insertUser, signInAs, TEST_PAGE_ADDRESS, testShopSettings, type TestUser } from '../../testing/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp-server';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import { packAndShip } from '../../testing/shipping';
import { sendDueMail } from '../../mail/mail.service';
import { TWO_FACTOR_MAX_FAILURES } from './two-factor.service';

/**
 * Issue 15's account page and two-factor sign-in, over real HTTP, with the shop's mail sent to
 * a real SMTP server on 127.0.0.1 and parsed: profile, password, email change, signed-in
 * devices, data export, account deletion, TOTP enrolment and sign-in, the owner's "require
 * two-factor sign-in for admins", and the admin sign-in notice.
 */

let server: TestServer;
let smtp: TestSmtpServer;
let now = Date.parse('2026-11-25T06:30:00.000Z');
let transport: Transporter;

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ clock: () => new Date(now), env: { SMTP_URL: smtp.url, MAIL_FROM: '"Voltmart" <shop@voltmart.example>' } });
  transport = nodemailer.createTransport(smtp.url);
});

afterAll(async () => {
  transport?.close();
  await server?.close();
  await smtp?.close();
});

const send = () => sendDueMail(server.deps, transport);
const receivedBy = (to: string) => smtp.received.filter((m) => m.envelopeTo.includes(to));

/** Signs in from a browser with this User-Agent (and an optional two-factor code). */
async function signInFrom(user: { email: string; password: string }, userAgent = ANDROID_CHROME, code?: string) {
  const client = new HttpClient(server.url);
  const reply = await client.request<{ message: string; data: User | null; appCode?: string }>('/api/signin', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: user.email, password: user.password, ...(code !== undefined ? { code } : {}) }),
  });
  return { client, reply };
}

const signedIn = async (client: HttpClient) => (await client.get('/api/user-details')).status === 200;

/** The code an authenticator app shows at the test clock's time, `offsetSeconds` away. */
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(now / 1000) + offsetSeconds });

async function pngDataUrl(): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#22aa66' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Turns two-factor sign-in on for the client's account; returns the secret and the recovery codes. */
async function enrol(client: HttpClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const begun = await client.trpc<TwoFactorEnrolment>('mutation', 'account.twoFactor.begin');
  expect(begun.status).toBe(200);
  const confirmed = await client.trpc<{ recoveryCodes: string[] }>('mutation', 'account.twoFactor.confirm', { code: await codeAt(begun.body.secret) });
  expect(confirmed.status).toBe(200);
  return { secret: begun.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

describe('profile and password', () => {
  it('changes the name and photo, and removes the photo', async () => {
    const { client } = await signInAs(server);
    const saved = await client.trpc<User>('mutation', 'account.updateProfile', { name: '  Meera Nair ', profilePic: await pngDataUrl() });
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('Meera Nair');
    expect(saved.body.profilePic).toMatch(/^\/images\/avatar-[a-z0-9]+\.webp$/);
    expect((await client.get(saved.body.profilePic)).status).toBe(200);

    const kept = await client.trpc<User>('mutation', 'account.updateProfile', { name: 'Meera N.' });
    expect(kept.body).toMatchObject({ name: 'Meera N.', profilePic: saved.body.profilePic });
    const removed = await client.trpc<User>('mutation', 'account.updateProfile', { name: 'Meera N.', profilePic: '' });
    expect(removed.body.profilePic).toBe('');

    const bad = await client.trpc<{ message: string }>('mutation', 'account.updateProfile', { name: 'Meera', profilePic: 'data:image/png;base64,bm90IGFuIGltYWdl' });
    expect(bad.status).toBe(400);
    expect((await client.trpc<User>('query', 'account.me')).body.name).toBe('Meera N.');
  });

  it('changes the password only with the current one, and ends every other session', async () => {
    const user = await insertUser(server.deps.db);
    const { client: phone } = await signInFrom(user, ANDROID_CHROME);
    const { client: laptop } = await signInFrom(user, IPHONE_SAFARI);

    const wrong = await phone.trpc<{ message: string; data: { appCode: string; fieldErrors: Record<string, string> } }>('mutation', 'account.changePassword', {
      currentPassword: 'not it',
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is not right.');

    const changed = await phone.trpc('mutation', 'account.changePassword', { currentPassword: user.password, password: 'a new password', confirmPassword: 'a new password' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ endedSessions: 1 });
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect((await signInFrom(user)).reply.status).toBe(401);
    expect((await signInFrom({ email: user.email, password: 'a new password' })).reply.status).toBe(200);
  });
});

describe('signed-in devices', () => {
  it('lists each device by browser and system, the current one first, and ends others', async () => {
    const user = await insertUser(server.deps.db);
    const { client: phone } = await signInFrom(user, ANDROID_CHROME);
    now += 2 * 3_600_000;
    const { client: iphone } = await signInFrom(user, IPHONE_SAFARI);
    const { client: third } = await signInFrom(user, 'curl/8.5.0');

    const list = await iphone.trpc<AccountSession[]>('query', 'account.sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body[0]).toMatchObject({ current: true, browser: 'Safari', os: 'iOS', device: 'mobile', ip: expect.any(String) });
    const android = list.body.find((s) => s.os === 'Android')!;
    expect(android).toMatchObject({ current: false, browser: 'Chrome', device: 'mobile' });
    expect(Date.parse(android.signedInAt)).toBe(now - 2 * 3_600_000);
    // The handle is not the session's secret: the cookie never appears in the answer.
    const cookies = [...phone.cookies.values(), ...iphone.cookies.values()].join(' ');
    for (const s of list.body) expect(cookies).not.toContain(s.id);

    const current = await iphone.trpc('mutation', 'account.endSession', { id: list.body[0]!.id });
    expect(current.status).toBe(400);
    expect((await iphone.trpc('mutation', 'account.endSession', { id: android.id })).status).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    expect((await iphone.trpc('mutation', 'account.endSession', { id: android.id })).status).toBe(404);

    expect((await iphone.trpc('mutation', 'account.endOtherSessions')).body).toEqual({ endedSessions: 1 });
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(iphone)).toBe(true);
    expect((await new HttpClient(server.url).trpc('query', 'account.sessions')).status).toBe(401);
  });

  it("cannot end another account's session, even knowing its handle", async () => {
    const { client: victim } = await signInAs(server);
    const { client: attacker } = await signInAs(server);
    const [handle] = (await victim.trpc<AccountSession[]>('query', 'account.sessions')).body;
    expect((await attacker.trpc('mutation', 'account.endSession', { id: handle!.id })).status).toBe(404);
    expect(await signedIn(victim)).toBe(true);
  });
});

describe('changing the email', () => {
  it('changes it only when the link sent to the new address is opened, and tells the old address', async () => {
    const user = await insertUser(server.deps.db, { name: 'Esha Email' });
    const { client } = await signInFrom(user);
    const other = await insertUser(server.deps.db);
    const newEmail = `esha-${Date.now()}@new.example`;

    expect((await client.trpc('mutation', 'account.requestEmailChange', { newEmail, currentPassword: 'wrong' })).status).toBe(400);
    expect((await client.trpc('mutation', 'account.requestEmailChange', { newEmail: other.email, currentPassword: user.password })).status).toBe(409);
    const asked = await client.trpc<{ message: string }>('mutation', 'account.requestEmailChange', { newEmail: newEmail.toUpperCase(), currentPassword: user.password });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toContain(newEmail);
    // Nothing changes until the link is opened.
    expect((await client.trpc<User>('query', 'account.me')).body.email).toBe(user.email);

    await send();
    const [confirmMail, ...more] = receivedBy(newEmail);
    expect(more).toHaveLength(0);
    expect(confirmMail!.parsed.subject).toBe('Confirm your new email for Voltmart');
    const link = /http:\/\/127\.0\.0\.1:\d+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(confirmMail!.parsed.text ?? '')![0];
    expect(confirmMail!.parsed.html).toContain(link);
    const token = new URL(link).searchParams.get('token')!;

    // Opened on another device, not signed in.
    const confirmed = await new HttpClient(server.url).trpc('mutation', 'account.confirmEmailChange', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: newEmail });
    expect((await client.trpc<User>('query', 'account.me')).body.email).toBe(newEmail);
    expect((await new HttpClient(server.url).trpc('mutation', 'account.confirmEmailChange', { token })).status).toBe(400);

    await send();
    const [notice, ...moreNotices] = receivedBy(user.email);
    expect(moreNotices).toHaveLength(0);
    expect(notice!.parsed.subject).toBe('Your Voltmart email was changed');
    expect(notice!.parsed.text).toContain(`from ${user.email} to ${newEmail}`);
    expect((await signInFrom(user)).reply.status).toBe(401);
    expect((await signInFrom({ email: newEmail, password: user.password })).reply.status).toBe(200);
    // The old email is free for a new account.
    const signUp = await new HttpClient(server.url).post('/api/signup', { name: 'New', email: user.email, password: 'another pass', confirmPassword: 'another pass' });
    expect(signUp.status).toBe(201);
  });

  it('refuses a link after 24 hours', async () => {
    const user = await insertUser(server.deps.db);
    const { client } = await signInFrom(user);
    const newEmail = `late-${Date.now()}@new.example`;
    expect((await client.trpc('mutation', 'account.requestEmailChange', { newEmail, currentPassword: user.password })).status).toBe(200);
    await send();
    const token = new URL(/http\S+confirm-email\?token=\S+/.exec(receivedBy(newEmail)[0]!.parsed.text ?? '')![0]).searchParams.get('token')!;
    now += 24 * 3_600_000 + 1000;
    const late = await client.trpc<{ message: string }>('mutation', 'account.confirmEmailChange', { token });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired or was already used/);
  });
});

/** A paid order of the client's user (test checkout), returning its id. */
async function paidOrder(client: HttpClient): Promise<string> {
  const product = await insertProduct(server.deps.db, { productName: 'Account Phone', stock: 5 });
  expect((await client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
  const started = await client.post<{ data: string; id: string }>('/api/checkout', {});
  const paid = await client.request(`/test-checkout/${started.body.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ shipping: 'standard', ...TEST_PAGE_ADDRESS }).toString(),
  });
  expect(paid.status).toBe(303);
  return started.body.data;
}

describe('my data and deleting the account', () => {
  let admin: HttpClient;
  beforeAll(async () => {
    ({ client: admin } = await signInAs(server, 'ADMIN'));
    expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
  });

  it('downloads profile, addresses and orders as a JSON file, for the signed-in user only', async () => {
    const { client, user } = await signInAs(server);
    const address = { name: 'Dia Data', phone: '9876543210', line1: '1 Park Street', line2: '', city: 'Kolkata', stateCode: '19', pin: '700016', gstin: '' };
    expect((await client.trpc('mutation', 'address.create', address)).status).toBe(200);
    const orderId = await paidOrder(client);

    const file = await client.request<string>('/account/my-data.json', { method: 'GET' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/json/);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="voltmart-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const data = (typeof file.body === 'string' ? JSON.parse(file.body) : file.body) as Record<string, any>;
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, name: user.name, twoFactorEnabled: false });
    expect(data.addresses).toEqual([expect.objectContaining({ line1: '1 Park Street', pin: '700016' })]);
    expect(data.orders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash|totp_secret/);

    expect((await new HttpClient(server.url).request('/account/my-data.json', { method: 'GET' })).status).toBe(401);
  });

  it("names the file with the shop's date (India's), not UTC's", async () => {
    const { client } = await signInAs(server);
    const saved = now;
    try {
      // 19:00 UTC on 30 November is 00:30 IST on 1 December.
      now = Date.parse('2026-11-30T19:00:00.000Z');
      const file = await client.request<string>('/account/my-data.json', { method: 'GET' });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="voltmart-my-data-2026-12-01.json"');
      const data = (typeof file.body === 'string' ? JSON.parse(file.body) : file.body) as { exportedAt: string };
      expect(data.exportedAt).toBe('2026-11-30T19:00:00.000Z');
    } finally {
      now = saved;
    }
  });

  it('deletes the account once no order is under way: orders stay, personal data goes, the email can sign up again', async () => {
    const { client, user } = await signInAs(server);
    await client.trpc('mutation', 'account.updateProfile', { name: user.name, profilePic: await pngDataUrl() });
    expect(
      (
        await client.trpc('mutation', 'address.create', {
          name: 'Del Eted',
          phone: '9876543210',
          line1: '5 Hill Road',
          line2: '',
          city: 'Mumbai',
          stateCode: '27',
          pin: '400050',
          gstin: '',
        })
      ).status,
    ).toBe(200);
    const orderId = await paidOrder(client);

    expect((await client.trpc('mutation', 'account.deleteAccount', { currentPassword: user.password, confirm: 'delete' })).status).toBe(400);
    expect((await client.trpc('mutation', 'account.deleteAccount', { currentPassword: 'wrong', confirm: 'DELETE' })).status).toBe(400);
    const underWay = await client.trpc<{ message: string }>('mutation', 'account.deleteAccount', { currentPassword: user.password, confirm: 'DELETE' });
    expect(underWay.status).toBe(409);
    expect(underWay.body.message).toContain(orderId);

    expect((await packAndShip(admin, orderId)).status).toBe(200);
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId, status: 'delivered' })).status).toBe(200);
    const product = await insertProduct(server.deps.db, { stock: 3 });
    await client.post('/api/addtocart', { productId: product.id });

    const deleted = await client.trpc('mutation', 'account.deleteAccount', { currentPassword: user.password, confirm: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(await signedIn(client)).toBe(false);
    expect((await signInFrom(user)).reply.status).toBe(401);

    const { db } = server.deps;
    const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Deleted account', profile_pic: '', role: 'GENERAL', totp_secret: null });
    expect(row.email).not.toContain(user.email);
    expect(row.deleted_at).not.toBeNull();
    for (const table of ['addresses', 'cart_items', 'sessions'] as const) {
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', user.id).execute(), table).toEqual([]);
    }
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', user.email).execute()).toEqual([]);
    // The order stays for the tax records, with the name and address it was invoiced to.
    const order = await db.selectFrom('orders').select(['user_id', 'invoice_number', 'delivery_address']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.user_id).toBe(user.id);
    expect(order.invoice_number).toMatch(/^VM\/2627\/\d{5}$/);
    expect(order.delivery_address).toContain('12 MG Road');
    // Admins no longer see the account among the users; the order is still in their list.
    const users = await admin.get<{ data: User[] }>('/api/all-user');
    expect(users.body.data.map((u) => u._id)).not.toContain(user.id);
    const orders = await admin.trpc<{ _id: string }[]>('query', 'order.all');
    expect(orders.body.map((o) => o._id)).toContain(orderId);

    const again = await new HttpClient(server.url).post('/api/signup', { name: 'Back Again', email: user.email, password: 'fresh password', confirmPassword: 'fresh password' });
    expect(again.status).toBe(201);
  });

  it('refuses to delete the last admin', async () => {
    const admins = await server.deps.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').execute();
    const { client, user } = await signInAs(server, 'ADMIN');
    // Demote every other admin (the last one cannot be demoted, so demote in order, keeping this one).
    for (const { id } of admins) expect((await client.post('/api/update-user', { userId: id, role: 'GENERAL' })).status).toBe(200);
    const refused = await client.trpc<{ message: string }>('mutation', 'account.deleteAccount', { currentPassword: user.password, confirm: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/last admin/);
    for (const { id } of admins) expect((await client.post('/api/update-user', { userId: id, role: 'ADMIN' })).status).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('enrols with a QR code the shop draws and a code from the app, and hands out ten recovery codes once', async () => {
    const { client, user } = await signInAs(server);
    const begun = await client.trpc<TwoFactorEnrolment>('mutation', 'account.twoFactor.begin');
    expect(begun.status).toBe(200);
    expect(begun.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(begun.body.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain(`Voltmart:${user.email}`);
    expect(uri.searchParams.get('secret')).toBe(begun.body.secret);
    expect(uri.searchParams.get('issuer')).toBe('Voltmart');
    expect(begun.body.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(begun.body.qrSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);

    const wrong = await client.trpc<{ data: { appCode: string } }>('mutation', 'account.twoFactor.confirm', {
      code: '000000' === (await codeAt(begun.body.secret)) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    expect((await client.trpc<TwoFactorStatus>('query', 'account.twoFactor.status')).body.enabled).toBe(false);

    const confirmed = await client.trpc<{ recoveryCodes: string[] }>('mutation', 'account.twoFactor.confirm', { code: await codeAt(begun.body.secret, -30) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    expect((await client.trpc<TwoFactorStatus>('query', 'account.twoFactor.status')).body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect((await client.trpc<Me>('query', 'account.me')).body).toMatchObject({ twoFactorEnabled: true, mustEnrolTwoFactor: false });
    // Only hashes are kept.
    const stored = await server.deps.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    for (const code of confirmed.body.recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(code.replace('-', ''));
    expect((await client.trpc('mutation', 'account.twoFactor.begin')).status).toBe(409);
  });

  it('needs the code after the password: the password alone signs nobody in', async () => {
    const user = await insertUser(server.deps.db);
    const { client } = await signInFrom(user);
    const { secret, recoveryCodes } = await enrol(client);
    now += 60_000;

    const passwordOnly = await signInFrom(user);
    expect(passwordOnly.reply.status).toBe(401);
    expect(passwordOnly.reply.body.message).toBe('Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
    expect(passwordOnly.reply.body.data).toBeNull();
    expect(await signedIn(passwordOnly.client)).toBe(false);
    // A code without the right password is no help either.
    expect((await signInFrom({ email: user.email, password: 'wrong password' }, ANDROID_CHROME, await codeAt(secret))).reply.status).toBe(401);

    const code = await codeAt(secret);
    const withCode = await signInFrom(user, ANDROID_CHROME, code);
    expect(withCode.reply.status).toBe(200);
    expect(await signedIn(withCode.client)).toBe(true);
    // Each code works once.
    const replay = await signInFrom(user, ANDROID_CHROME, code);
    expect(replay.reply.status).toBe(401);
    expect(await signedIn(replay.client)).toBe(false);

    // A recovery code works once, typed in any case and with spaces.
    const recovery = recoveryCodes[0]!;
    const withRecovery = await signInFrom(user, IPHONE_SAFARI, ` ${recovery.toUpperCase().replace('-', ' ')} `);
    expect(withRecovery.reply.status).toBe(200);
    expect((await signInFrom(user, IPHONE_SAFARI, recovery)).reply.status).toBe(401);
    expect((await withRecovery.client.trpc<TwoFactorStatus>('query', 'account.twoFactor.status')).body.recoveryCodesLeft).toBe(9);
  });

  it('does not sign in from a password reset link alone: the code is still needed', async () => {
    const user = await insertUser(server.deps.db);
    const { client } = await signInFrom(user);
    const { secret } = await enrol(client);
    await new HttpClient(server.url).trpc('mutation', 'account.requestPasswordReset', { email: user.email });
    await send();
    const token = new URL(/http\S+reset-password\?token=\S+/.exec(receivedBy(user.email).at(-1)!.parsed.text ?? '')![0]).searchParams.get('token')!;
    const browser = new HttpClient(server.url);
    const reset = await browser.trpc<User & { signedIn: boolean }>('mutation', 'account.resetPassword', { token, password: 'reset but 2fa', confirmPassword: 'reset but 2fa' });
    expect(reset.status).toBe(200);
    expect(reset.body.signedIn).toBe(false);
    expect(await signedIn(browser)).toBe(false);
    expect(await signedIn(client)).toBe(false);
    now += 60_000;
    expect((await signInFrom({ email: user.email, password: 'reset but 2fa' })).reply.status).toBe(401);
    expect((await signInFrom({ email: user.email, password: 'reset but 2fa' }, ANDROID_CHROME, await codeAt(secret))).reply.status).toBe(200);
  });

  it('locks code attempts after five wrong ones in 15 minutes', async () => {
    const user = await insertUser(server.deps.db);
    const { client } = await signInFrom(user);
    const { secret } = await enrol(client);
    now += 60_000;
    const good = await codeAt(secret);
    const bad = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < TWO_FACTOR_MAX_FAILURES; i++) expect((await signInFrom(user, ANDROID_CHROME, bad)).reply.status).toBe(401);
    const locked = await signInFrom(user, ANDROID_CHROME, good);
    expect(locked.reply.status).toBe(429);
    expect(await signedIn(locked.client)).toBe(false);
    now += 15 * 60_000 + 1000;
    expect((await signInFrom(user, ANDROID_CHROME, await codeAt(secret))).reply.status).toBe(200);
  });

  it('turns off with the password and a code, and new recovery codes replace the old', async () => {
    const user = await insertUser(server.deps.db);
    const { client } = await signInFrom(user);
    const { secret, recoveryCodes } = await enrol(client);
    now += 60_000;
    const renewed = await client.trpc<{ recoveryCodes: string[] }>('mutation', 'account.twoFactor.regenerateRecoveryCodes', { code: await codeAt(secret) });
    expect(renewed.status).toBe(200);
    expect((await signInFrom(user, ANDROID_CHROME, recoveryCodes[0])).reply.status).toBe(401);

    now += 60_000;
    expect((await client.trpc('mutation', 'account.twoFactor.disable', { currentPassword: 'wrong', code: await codeAt(secret) })).status).toBe(400);
    const off = await client.trpc<TwoFactorStatus>('mutation', 'account.twoFactor.disable', { currentPassword: user.password, code: renewed.body.recoveryCodes[0] });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await signInFrom(user)).reply.status).toBe(200);
  });
});

describe('admins: two-factor required by the owner, and a notice of every sign-in', () => {
  let owner: TestUser;
  let ownerClient: HttpClient;
  beforeAll(async () => {
    owner = await insertUser(server.deps.db, { role: 'ADMIN', name: 'Olivia Owner' });
    ({ client: ownerClient } = await signInFrom(owner));
  });

  afterAll(async () => {
    // The rest of the suite's admins sign in with a password alone again.
    const off = await ownerClient.trpc('mutation', 'settings.update', testShopSettings({ security: { requireAdminTwoFactor: false } }));
    expect(off.status).toBe(200);
  });

  it('emails an admin about each sign-in, naming the browser and system', async () => {
    await send();
    const notices = receivedBy(owner.email).filter((m) => m.parsed.subject === 'New sign-in to your Voltmart admin account');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.parsed.text).toContain('from Chrome on Android');
    // Shoppers get none.
    const shopper = await insertUser(server.deps.db);
    await signInFrom(shopper);
    await send();
    expect(receivedBy(shopper.email)).toHaveLength(0);
  });

  it('is refused to an owner who has no second factor themself, then required of every admin', async () => {
    const refused = await ownerClient.trpc<{ message: string }>('mutation', 'settings.update', testShopSettings({ security: { requireAdminTwoFactor: true } }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/two-factor sign-in for your own account/);

    const { secret: ownerSecret } = await enrol(ownerClient);
    // From now on the owner's password alone signs nobody in.
    const passwordOnly = await signInFrom(owner);
    expect(passwordOnly.reply.status).toBe(401);
    expect(await signedIn(passwordOnly.client)).toBe(false);
    now += 60_000;
    expect((await signInFrom(owner, IPHONE_SAFARI, await codeAt(ownerSecret))).reply.status).toBe(200);
    const saved = await ownerClient.trpc('mutation', 'settings.update', testShopSettings({ security: { requireAdminTwoFactor: true } }));
    expect(saved.status).toBe(200);
    expect((await ownerClient.trpc('query', 'settings.get')).status).toBe(200);

    // Another admin, signed in with a password only, can reach enrolment and nothing else of the panel.
    const colleague = await insertUser(server.deps.db, { role: 'ADMIN' });
    const { client } = await signInFrom(colleague);
    expect((await client.trpc<Me>('query', 'account.me')).body).toMatchObject({ role: 'ADMIN', twoFactorEnabled: false, mustEnrolTwoFactor: true });
    const blocked = await client.get<{ message: string }>('/api/all-user');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toMatch(/requires two-factor sign-in for admins/);
    expect((await client.trpc('query', 'settings.get')).status).toBe(403);
    expect((await client.trpc('query', 'account.sessions')).status).toBe(403);
    expect((await client.trpc<TwoFactorStatus>('query', 'account.twoFactor.status')).body).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    const { secret: colleagueSecret } = await enrol(client);
    expect((await client.get('/api/all-user')).status).toBe(200);
    // Under the requirement an admin cannot turn it off.
    now += 60_000;
    expect((await client.trpc('mutation', 'account.twoFactor.disable', { currentPassword: colleague.password, code: await codeAt(colleagueSecret) })).status).toBe(403);
  });
});
