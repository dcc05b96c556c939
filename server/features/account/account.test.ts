import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import { insertUser, signInAs } from '../../testing/factories';
import { testDialect } from '../../testing/test-database';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const client = () => new HttpClient(server.url);
let n = 0;
const freshEmail = () => `new-user-${Date.now()}-${n++}@example.com`;

async function pngDataUrl(): Promise<string> {
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('POST /api/signup', () => {
  it('creates a GENERAL user with the contract shape and a trimmed, lower-cased email', async () => {
    const email = freshEmail();
    const reply = await client().post('/api/signup', {
      name: '  Asha Rao ',
      email: `  ${email.toUpperCase()} `,
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      profilePic: '',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, error: false, message: 'User created Successfully!' });
    expect(Object.keys(reply.body.data).sort()).toEqual(['_id', 'createdAt', 'email', 'name', 'profilePic', 'role']);
    expect(reply.body.data).toMatchObject({ name: 'Asha Rao', email, role: 'GENERAL', profilePic: '' });
    expect(JSON.stringify(reply.body)).not.toMatch(/argon2|password/i);
  });

  it('refuses a second sign-up with the same email (409), whatever its case', async () => {
    const email = freshEmail();
    const body = { name: 'A', email, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', profilePic: '' };
    expect((await client().post('/api/signup', body)).status).toBe(201);
    const again = await client().post('/api/signup', { ...body, email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: true, data: null });
    expect(again.body.message).toMatch(/already exists/);
  });

  it.each([
    [{ email: 'not-an-email' }, /email/],
    [{ password: 'short', confirmPassword: 'short' }, /password.*8/],
    [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, /password.*128/],
    [{ name: '   ' }, /name/],
    [{ name: 'n'.repeat(101) }, /name.*100/],
    [{ confirmPassword: 'something-else' }, /confirmPassword/],
    [{ email: undefined }, /email/],
  ])('answers 400 naming the field for %j', async (patch, message) => {
    const body = { name: 'Valid Name', email: freshEmail(), password: 'secret-pass-1', confirmPassword: 'secret-pass-1', profilePic: '', ...patch };
    const reply = await client().post('/api/signup', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, error: true, data: null });
    expect(reply.body.message).toMatch(message);
  });

  it('stores a real profile photo small, as WebP, served with an immutable cache', async () => {
    const reply = await client().post('/api/signup', {
      name: 'Photo',
      email: freshEmail(),
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      profilePic: await pngDataUrl(),
    });
    expect(reply.status).toBe(201);
    const url: string = reply.body.data.profilePic;
    expect(url).toMatch(/^\/images\/.+\.webp$/);
    const image = await fetch(new URL(url, server.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(256);
  });

  it('refuses a photo that is not an image, and creates no user', async () => {
    const email = freshEmail();
    const fake = `data:image/png;base64,${Buffer.from('this is plain text, not a PNG').toString('base64')}`;
    const reply = await client().post('/api/signup', { name: 'Fake', email, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', profilePic: fake });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/image/i);
    const signin = await client().post('/api/signin', { email, password: 'secret-pass-1' });
    expect(signin.status).toBe(401);
  });

  it('refuses a photo over 5 MB (413), and creates no user', async () => {
    const email = freshEmail();
    const big = `data:image/png;base64,${Buffer.alloc(6 * 1024 * 1024, 7).toString('base64')}`;
    const reply = await client().post('/api/signup', { name: 'Big', email, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', profilePic: big });
    expect([400, 413]).toContain(reply.status);
    expect(reply.body.success).toBe(false);
    expect(await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });
});

describe('sign-in, session and logout', () => {
  it('signs in with an httpOnly SameSite=Lax cookie and answers user-details from it', async () => {
    const user = await insertUser(server.deps.db);
    const c = client();
    const reply = await c.post('/api/signin', { email: user.email.toUpperCase(), password: user.password });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, error: false, message: 'Login successfully', data: { email: user.email } });
    const cookie = reply.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/); // PUBLIC_URL is http here
    const details = await c.get('/api/user-details');
    expect(details.body).toEqual({
      success: true,
      error: false,
      message: 'User details',
      data: { _id: user.id, name: user.name, email: user.email, role: 'GENERAL', profilePic: '', createdAt: expect.any(String) },
    });
  });

  it('answers a wrong password and an unknown email with the same 401 message', async () => {
    const user = await insertUser(server.deps.db);
    const wrong = await client().post('/api/signin', { email: user.email, password: 'not-the-password' });
    const unknown = await client().post('/api/signin', { email: 'nobody-here@example.com', password: 'whatever-pass' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.data).toBeNull();
  });

  it('gives a visitor 401 "Please Login...!" on user-details', async () => {
    const reply = await client().get('/api/user-details');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ success: false, error: true, message: 'Please Login...!', data: null });
  });

  it('ends the session on the server at logout: a cookie copied before no longer works', async () => {
    const { client: c } = await signInAs(server);
    const copy = new HttpClient(server.url);
    for (const [k, v] of c.cookies) copy.cookies.set(k, v);
    expect((await copy.get('/api/user-details')).status).toBe(200);
    const out = await c.get('/api/userLogout');
    expect(out.body).toEqual({ success: true, error: false, message: 'Logged out successfully', data: [] });
    expect((await c.get('/api/user-details')).status).toBe(401);
    expect((await copy.get('/api/user-details')).status).toBe(401);
  });

  it('throttles after 10 failures for one email within 15 minutes, even with the right password', async () => {
    // Its own server: the failures also count against 127.0.0.1, which every test shares.
    const own = await startTestServer();
    try {
      const user = await insertUser(own.deps.db);
      for (let i = 0; i < 10; i++) {
        expect((await new HttpClient(own.url).post('/api/signin', { email: user.email, password: `wrong-${i}-pass` })).status).toBe(401);
      }
      const locked = await new HttpClient(own.url).post('/api/signin', { email: user.email, password: user.password });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ success: false, error: true, data: null, message: expect.stringMatching(/too many/i) });
      // The IP is locked too: another account from the same address is refused.
      const other = await insertUser(own.deps.db);
      expect((await new HttpClient(own.url).post('/api/signin', { email: other.email, password: other.password })).status).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('lets the lock pass once the 15-minute window is over', async () => {
    let now = Date.now();
    const own = await startTestServer({ clock: () => new Date(now) });
    try {
      const user = await insertUser(own.deps.db);
      for (let i = 0; i < 10; i++) await new HttpClient(own.url).post('/api/signin', { email: user.email, password: 'wrong-pass-x' });
      expect((await new HttpClient(own.url).post('/api/signin', { email: user.email, password: user.password })).status).toBe(429);
      now += 15 * 60 * 1000 + 1000;
      expect((await new HttpClient(own.url).post('/api/signin', { email: user.email, password: user.password })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('admin: all-user and update-user', () => {
  it('answers 401 to a visitor and 403 to a GENERAL user, with data kept', async () => {
    const visitor = client();
    expect(await visitor.get('/api/all-user')).toMatchObject({ status: 401, body: { success: false, message: 'Please Login...!', data: [] } });
    expect(await visitor.post('/api/update-user', { userId: 'x', role: 'ADMIN' })).toMatchObject({ status: 401, body: { data: null } });
    const { client: general, user } = await signInAs(server, 'GENERAL');
    expect(await general.get('/api/all-user')).toMatchObject({ status: 403, body: { success: false, data: [] } });
    const selfPromote = await general.post('/api/update-user', { userId: user.id, role: 'ADMIN' });
    expect(selfPromote.status).toBe(403);
    const row = await server.deps.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('GENERAL');
  });

  it('lists users newest first without any password hash', async () => {
    const { client: admin } = await signInAs(server, 'ADMIN');
    const newest = await insertUser(server.deps.db, { name: 'Newest User' });
    const reply = await admin.get('/api/all-user');
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('All User');
    expect(reply.body.data[0]).toMatchObject({ _id: newest.id, name: 'Newest User', role: 'GENERAL' });
    expect(JSON.stringify(reply.body)).not.toMatch(/argon2|password/i);
  });

  it('changes a role, and the change takes effect on that user’s next request', async () => {
    const { client: admin } = await signInAs(server, 'ADMIN');
    const { client: shopper, user } = await signInAs(server, 'GENERAL');
    expect((await shopper.get('/api/all-user')).status).toBe(403);
    const reply = await admin.post('/api/update-user', { userId: user.id, role: 'ADMIN' });
    expect(reply.body).toMatchObject({ success: true, message: 'User Updated', data: { _id: user.id, role: 'ADMIN' } });
    expect((await shopper.get('/api/all-user')).status).toBe(200);
  });

  it('validates the role and the user id', async () => {
    const { client: admin } = await signInAs(server, 'ADMIN');
    expect(await admin.post('/api/update-user', { userId: 'no-such-user', role: 'ADMIN' })).toMatchObject({ status: 404 });
    const bad = await admin.post('/api/update-user', { userId: 'x', role: 'KING' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/role/);
  });

  it('refuses to remove the last admin', async () => {
    const solo = await startTestServer();
    try {
      const { client: admin, user } = await signInAs(solo, 'ADMIN');
      const reply = await admin.post('/api/update-user', { userId: user.id, role: 'GENERAL' });
      expect(reply.status).toBe(409);
      expect(reply.body.message).toMatch(/last admin/i);
      expect((await admin.get('/api/all-user')).status).toBe(200);
    } finally {
      await solo.close();
    }
  });
});

describe('tRPC procedures', () => {
  it('serves the same operations at /trpc', async () => {
    const user = await insertUser(server.deps.db);
    const c = client();
    expect((await c.trpc('query', 'account.me')).body).toBeNull();
    const signIn = await c.trpc('mutation', 'account.signIn', { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    expect((await c.trpc('query', 'account.me')).body).toMatchObject({ _id: user.id, role: 'GENERAL' });
    const list = await c.trpc('query', 'account.list');
    expect(list.status).toBe(403);
    await c.trpc('mutation', 'account.logout');
    expect((await c.trpc('query', 'account.me')).body).toBeNull();
  });

  it('names the bad field in a validation error', async () => {
    const reply = await client().trpc<{ message: string; data: { fieldErrors: Record<string, string> } }>('mutation', 'account.signUp', {
      name: 'x',
      email: 'bad',
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/email/);
    expect(reply.body.data.fieldErrors).toHaveProperty('email');
  });
});

describe('HTTP hygiene', () => {
  it('refuses a state-changing request from another origin (403)', async () => {
    const evil = new HttpClient(server.url, { origin: 'https://evil.example' });
    const reply = await evil.post('/api/signup', { name: 'x', email: freshEmail(), password: 'secret-pass-1', confirmPassword: 'secret-pass-1' });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false, error: true });
    expect((await evil.post('/trpc/account.logout')).status).toBe(403);
  });

  it('accepts only JSON bodies on /api and /trpc (a cross-site form cannot post)', async () => {
    const c = new HttpClient(server.url, { origin: null });
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    expect((await c.post('/api/signin', 'email=a%40b.c&password=x', form)).status).toBe(415);
    expect((await c.post('/trpc/account.signIn', 'email=a%40b.c&password=x', form)).status).toBe(415);
  });

  it('answers malformed JSON with 400, an oversized body with 413 and an unknown path with a JSON 404', async () => {
    const c = client();
    expect(await c.post('/api/signin', '{"email": ')).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/JSON/) } });
    const huge = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(11 * 1024 * 1024) });
    expect((await c.post('/api/signin', huge)).status).toBe(413);
    expect(await c.get('/api/no-such-thing')).toMatchObject({ status: 404, body: { success: false, error: true, data: null } });
  });

  it('sends security headers, a request id and a strict script policy', async () => {
    const reply = await client().get('/healthz');
    expect(reply.body).toEqual({ ok: true, database: { dialect: testDialect(), ok: true, ms: expect.any(Number) as unknown } });
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('restart', () => {
  it('keeps users and sessions across a restart on the same data folder', async () => {
    const first = await startTestServer();
    const { client: c, user } = await signInAs(first);
    await first.close();
    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const again = new HttpClient(second.url);
      for (const [k, v] of c.cookies) again.cookies.set(k, v);
      expect((await again.get('/api/user-details')).body.data).toMatchObject({ _id: user.id });
      const fresh = new HttpClient(second.url);
      expect((await fresh.post('/api/signin', { email: user.email, password: user.password })).status).toBe(200);
      if (testDialect() === 'sqlite') expect(fs.existsSync(path.join(first.dataDir, 'shop.sqlite'))).toBe(true);
    } finally {
      await second.close();
    }
  });
});
