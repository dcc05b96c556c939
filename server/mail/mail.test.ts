import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailSummary } from '../../shared/schemas/mail';
import type { Page } from '../../shared/schemas/admin';
import { RESET_ANSWER_FLOOR_MS, RESET_REQUESTED_MESSAGE } from '../features/account/password-reset.service';
import { insertProduct, insertUser, signInAs, TEST_PAGE_ADDRESS, testShopSettings } from '../testing/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-server';
import { HttpClient, startTestServer, type TestServer } from '../testing/test-server';
import { enqueueMail, MAIL_RETRY_DELAYS_MS, sendDueMail } from './mail.service';
import { leaseDueMessages } from './outbox.queries';
import { packAndShip } from '../testing/shipping';

/**
 * Issue 15's mail, over real HTTP and a real SMTP server on 127.0.0.1 (the smtp-server
 * package; what arrives is parsed with mailparser): the outbox written with the event, the
 * sender's retries, leases and concurrency, the password reset, and the order messages.
 */

let server: TestServer;
let smtp: TestSmtpServer;
let now = Date.parse('2026-11-24T06:30:00.000Z');
let transport: Transporter;

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
const outboxOf = (to: string) => server.deps.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();

function postForm(client: HttpClient, pathname: string, fields: Record<string, string>) {
  return client.request<string>(pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

describe('the outbox and its sender', () => {
  it('sends each message once, with its Message-ID, and keeps a message through an outage until it goes', async () => {
    const to = 'outage@example.com';
    const mail = { subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' };
    await enqueueMail(server.deps.db, server.deps, 'password-reset', to, mail);
    await smtp.stop();
    expect(await send()).toEqual({ sent: 0, failed: 1 });
    let [row] = await outboxOf(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.next_attempt_at).toBe(new Date(now + MAIL_RETRY_DELAYS_MS[0]).toISOString());

    await smtp.start();
    expect(await send()).toEqual({ sent: 0, failed: 0 }); // not due yet
    now += MAIL_RETRY_DELAYS_MS[0];
    expect(await send()).toEqual({ sent: 1, failed: 0 });
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    [row] = await outboxOf(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    const got = receivedBy(to);
    expect(got).toHaveLength(1);
    expect(got[0]!.parsed.messageId).toBe(row!.message_id);
    expect(got[0]!.parsed.from?.text).toBe('"Voltmart" <shop@voltmart.example>');
  });

  it('leaves a message leased by a sender that died to the next one once the lease ends, and two senders never send one twice', async () => {
    const to = 'lease@example.com';
    await enqueueMail(server.deps.db, server.deps, 'password-reset', to, { subject: 'Leased', html: '<p>x</p>', text: 'x' });
    // A sender took it and died before sending.
    const nowIso = new Date(now).toISOString();
    expect(await leaseDueMessages(server.deps.db, nowIso, new Date(now + 120_000).toISOString(), 10)).toHaveLength(1);
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    now += 120_000;
    for (let i = 0; i < 8; i++) await enqueueMail(server.deps.db, server.deps, 'password-reset', to, { subject: `Batch ${i}`, html: '<p>x</p>', text: 'x' });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.sent + b.sent).toBe(9);
    const ids = receivedBy(to).map((m) => m.parsed.messageId);
    expect(ids).toHaveLength(9);
    expect(new Set(ids).size).toBe(9);
  });

  it('gives up after the last retry and says so in the outbox', async () => {
    const to = 'bounce@example.com';
    await enqueueMail(server.deps.db, server.deps, 'password-reset', to, { subject: 'Never', html: '<p>x</p>', text: 'x' });
    await smtp.stop();
    for (let attempt = 0; attempt <= MAIL_RETRY_DELAYS_MS.length; attempt++) {
      await send();
      now += MAIL_RETRY_DELAYS_MS[attempt] ?? 0;
    }
    await smtp.start();
    const [row] = await outboxOf(to);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_RETRY_DELAYS_MS.length + 1 });
    expect(await send()).toEqual({ sent: 0, failed: 0 });
  });
});

describe('password reset', () => {
  it('answers the same, in the same time, for an account and for none; emails a link only for the account', async () => {
    const user = await insertUser(server.deps.db, { name: 'Rina Reset' });
    const visitor = new HttpClient(server.url);
    const timed = async (email: string) => {
      const started = Date.now();
      const reply = await visitor.trpc('mutation', 'account.requestPasswordReset', { email });
      return { reply, ms: Date.now() - started };
    };
    const known = await timed(user.email);
    const unknown = await timed('nobody-here@example.com');
    expect(known.reply.status).toBe(200);
    expect(unknown.reply.body).toEqual(known.reply.body);
    expect(known.reply.body).toEqual({ message: RESET_REQUESTED_MESSAGE });
    for (const { ms } of [known, unknown]) expect(ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);

    await send();
    expect(receivedBy('nobody-here@example.com')).toHaveLength(0);
    const [mail] = receivedBy(user.email);
    expect(mail!.parsed.subject).toBe('Reset your Voltmart password');
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail!.parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail!.parsed.html).toContain(link!.replace(/&/g, '&amp;'));
    // The database keeps only a hash of the token.
    const token = new URL(link!).searchParams.get('token')!;
    const stored = await server.deps.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it('sets the new password from the link once, ends every other session and signs the user in', async () => {
    const user = await insertUser(server.deps.db, { name: 'Sam Sessions' });
    const otherDevice = new HttpClient(server.url);
    expect((await otherDevice.post('/api/signin', { email: user.email, password: user.password })).status).toBe(200);
    await new HttpClient(server.url).trpc('mutation', 'account.requestPasswordReset', { email: user.email });
    await send();
    const token = new URL(/http\S+reset-password\?token=\S+/.exec(receivedBy(user.email)[0]!.parsed.text ?? '')![0]).searchParams.get('token')!;

    const browser = new HttpClient(server.url);
    // The page asks, as it opens, whether its link can still be used (never from a shared cache).
    const open = await browser.trpc('query', 'account.resetLinkStatus', { token });
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ usable: true });
    expect(open.headers.get('cache-control')).toBe('private, no-store');
    const unknown = await browser.trpc('query', 'account.resetLinkStatus', { token: `${token.slice(0, -4)}AAAA` });
    expect(unknown.body).toEqual({ usable: false, message: 'This reset link has expired or was already used. Ask for a new one.' });
    const mismatch = await browser.trpc('mutation', 'account.resetPassword', { token, password: 'a brand new pass', confirmPassword: 'something else' });
    expect(mismatch.status).toBe(400);
    const reset = await browser.trpc('mutation', 'account.resetPassword', { token, password: 'a brand new pass', confirmPassword: 'a brand new pass' });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ email: user.email });
    expect((await browser.get('/api/user-details')).status).toBe(200);
    expect((await otherDevice.get('/api/user-details')).status).toBe(401);
    expect((await new HttpClient(server.url).post('/api/signin', { email: user.email, password: user.password })).status).toBe(401);
    expect((await new HttpClient(server.url).post('/api/signin', { email: user.email, password: 'a brand new pass' })).status).toBe(200);

    const again = await new HttpClient(server.url).trpc<{ message: string }>('mutation', 'account.resetPassword', {
      token,
      password: 'yet another pass',
      confirmPassword: 'yet another pass',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link has expired or was already used. Ask for a new one.');
    // Used: the page now says so as it opens.
    expect((await new HttpClient(server.url).trpc('query', 'account.resetLinkStatus', { token })).body).toEqual({
      usable: false,
      message: 'This reset link has expired or was already used. Ask for a new one.',
    });
  });

  it('refuses a link after 30 minutes, and throttles requests per email', async () => {
    const user = await insertUser(server.deps.db, { name: 'Late Lata' });
    const visitor = new HttpClient(server.url);
    await visitor.trpc('mutation', 'account.requestPasswordReset', { email: user.email });
    await send();
    const token = new URL(/http\S+reset-password\?token=\S+/.exec(receivedBy(user.email)[0]!.parsed.text ?? '')![0]).searchParams.get('token')!;
    expect((await visitor.trpc('query', 'account.resetLinkStatus', { token })).body).toEqual({ usable: true });
    now += 31 * 60_000;
    expect((await visitor.trpc('query', 'account.resetLinkStatus', { token })).body).toMatchObject({ usable: false });
    expect((await visitor.trpc('mutation', 'account.resetPassword', { token, password: 'too late pass', confirmPassword: 'too late pass' })).status).toBe(400);

    // The first request is out of the 15-minute window by now: five more pass, the sixth does not.
    for (let i = 0; i < 5; i++) expect((await visitor.trpc('mutation', 'account.requestPasswordReset', { email: user.email })).status).toBe(200);
    expect((await visitor.trpc('mutation', 'account.requestPasswordReset', { email: user.email })).status).toBe(429);
  });
});

describe('order messages', () => {
  it('confirms a paid order once with its invoice attached, then tells of shipping and delivery', async () => {
    const { client: admin } = await signInAs(server, 'ADMIN');
    const saved = await admin.trpc('mutation', 'settings.update', testShopSettings());
    expect(saved.status).toBe(200);
    const product = await insertProduct(server.deps.db, { productName: 'Mail Phone', sellingPrice: 1_999_900, price: 2_499_900, stock: 5 });
    const { client, user } = await signInAs(server);
    await client.post('/api/addtocart', { productId: product.id });
    const started = await client.post<{ data: string; id: string }>('/api/checkout', {});
    expect((await postForm(client, `/test-checkout/${started.body.id}/pay`, { shipping: 'standard', ...TEST_PAGE_ADDRESS })).status).toBe(303);
    // The success page asks again: still one message.
    await client.trpc('mutation', 'checkout.confirmReturn', { sessionId: started.body.id });
    await send();
    await send();

    const [confirmation, ...more] = receivedBy(user.email);
    expect(more).toHaveLength(0);
    const number = (await server.deps.db.selectFrom('orders').select('order_number').where('id', '=', started.body.data).executeTakeFirstOrThrow()).order_number;
    expect(confirmation!.parsed.subject).toBe(`Order ${number} confirmed: ₹19,999.00 at Voltmart`);
    expect(confirmation!.parsed.text).toContain(`Order ${number}`);
    expect(confirmation!.parsed.text).toContain('Mail Phone x 1: ₹19,999.00');
    expect(confirmation!.parsed.text).toContain('12 MG Road');
    expect(confirmation!.parsed.text).toContain(`${server.url}/order`);
    expect(confirmation!.parsed.html).toContain('Thank you for your order');
    const [pdf] = confirmation!.parsed.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: 'invoice-VM-2627-00001.pdf' });
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The Mail page lists the attached invoice as a link the admin can open.
    const listed = (await admin.trpc<Page<MailSummary>>('query', 'admin.mail', { limit: 20 })).body.items.find((m) => m.kind === 'order-paid' && m.to === user.email);
    expect(listed!.attachmentFiles).toEqual([{ name: `Invoice of order ${number} (PDF)`, url: `/orders/${started.body.data}/invoice.pdf` }]);
    const opened = await admin.request<unknown>(listed!.attachmentFiles[0]!.url, { method: 'GET' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');

    expect((await packAndShip(admin, started.body.data, { courierName: 'Delhivery', awb: 'DLV5550001' })).status).toBe(200);
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: started.body.data, status: 'delivered' })).status).toBe(200);
    await send();
    expect(receivedBy(user.email).map((m) => m.parsed.subject)).toEqual([
      `Order ${number} confirmed: ₹19,999.00 at Voltmart`,
      `Order ${number} is on its way (Voltmart)`,
      `Order ${number} was delivered (Voltmart)`,
    ]);
    // The shipped mail names the courier and the AWB.
    const shippedMail = receivedBy(user.email)[1]!;
    expect(shippedMail.parsed.text).toContain('Courier: Delhivery, AWB DLV5550001');
    expect(shippedMail.parsed.html).toContain('AWB DLV5550001');
  });

  it('tells the shopper once when an admin cancels a paid order', async () => {
    const { client: admin } = await signInAs(server, 'ADMIN');
    const product = await insertProduct(server.deps.db, { productName: 'Cancelled Camera', sellingPrice: 4_500_000, price: 5_000_000, stock: 2 });
    const { client, user } = await signInAs(server);
    await client.post('/api/addtocart', { productId: product.id });
    const started = await client.post<{ data: string; id: string }>('/api/checkout', {});
    expect((await postForm(client, `/test-checkout/${started.body.id}/pay`, { shipping: 'standard', ...TEST_PAGE_ADDRESS })).status).toBe(303);
    expect((await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: started.body.data, status: 'cancelled' })).status).toBe(200);
    // Asked again (a double click): no second message.
    await admin.trpc('mutation', 'admin.setOrderStatus', { orderId: started.body.data, status: 'cancelled' });
    await send();
    const subjects = receivedBy(user.email).map((m) => m.parsed.subject);
    const number = (await server.deps.db.selectFrom('orders').select('order_number').where('id', '=', started.body.data).executeTakeFirstOrThrow()).order_number;
    expect(subjects).toEqual([`Order ${number} confirmed: ₹45,000.00 at Voltmart`, `Order ${number} was cancelled (Voltmart)`]);
    const cancelled = receivedBy(user.email)[1]!;
    expect(cancelled.parsed.text).toContain('Cancelled Camera x 1: ₹45,000.00');
    expect(cancelled.parsed.text).toContain('a credit note reverses the invoice');
  });

  it('shows the admin every message in the outbox, with its HTML and text; shoppers may not look', async () => {
    const { client: admin } = await signInAs(server, 'ADMIN');
    // That sign-in wrote its own notice to the admin: sent first, so the newest message is a sent one.
    await send();
    const list = await admin.trpc<Page<MailSummary>>('query', 'admin.mail', { limit: 5 });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(5);
    expect(list.body.nextCursor).not.toBeNull();
    const first = list.body.items[0]!;
    expect(first).toMatchObject({ status: 'sent', to: expect.any(String), subject: expect.any(String) });
    const message = await admin.trpc<MailMessage>('query', 'admin.mailMessage', { mailId: first._id });
    expect(message.body.html).toContain('<!doctype html>');
    expect(message.body.text.length).toBeGreaterThan(10);
    const { client: shopper } = await signInAs(server);
    expect((await shopper.trpc('query', 'admin.mail', {})).status).toBe(403);
  });

  it('tells every admin, once, when someone becomes ADMIN', async () => {
    const { client: admin, user: promoter } = await signInAs(server, 'ADMIN');
    const promoted = await insertUser(server.deps.db, { name: 'Pia Promoted' });
    expect((await admin.post('/api/update-user', { userId: promoted.id, role: 'ADMIN' })).status).toBe(200);
    expect((await admin.post('/api/update-user', { userId: promoted.id, role: 'ADMIN' })).status).toBe(200); // no change, no mail
    await send();
    const admins = await server.deps.db.selectFrom('users').select('email').where('role', '=', 'ADMIN').execute();
    expect(admins.length).toBeGreaterThan(2);
    for (const { email } of admins) {
      const notices = receivedBy(email).filter((m) => m.parsed.subject === `${promoted.email} is now an admin of Voltmart`);
      expect(notices, email).toHaveLength(1);
      expect(notices[0]!.parsed.text).toContain(`by ${promoter.name} (${promoter.email})`);
    }
  });
});
