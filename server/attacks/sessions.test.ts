import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealData } from 'iron-session';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../sessions/session';
import { insertProduct, insertUser, signInAs } from '../testing/factories';
import { snapshotDb } from '../testing/db-snapshot';
import { HttpClient, startTestServer, type HttpReply, type TestServer } from '../testing/test-server';

/**
 * Session attacks: forged, tampered, foreign, expired and revoked cookies. Each one makes the
 * caller a visitor (401 where sign-in is needed), never a 500, and the bad cookie is cleared.
 */
let server: TestServer;
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
});

afterAll(async () => {
  await server.close();
});

const NOT_SIGNED_IN = { success: false, error: true, message: 'Please Login...!', data: null };

function withCookie(value: string): HttpClient {
  const client = new HttpClient(server.url);
  client.cookies.set(SESSION_COOKIE, value);
  return client;
}

function clearsCookie(reply: HttpReply): boolean {
  return reply.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && /max-age=0/i.test(c));
}

describe('session cookies', () => {
  it('a cookie with any one character flipped is a visitor: 401, the cookie cleared, never a 500', async () => {
    const { client } = await signInAs(server);
    const sealed = client.cookies.get(SESSION_COOKIE) ?? '';
    expect(sealed.length).toBeGreaterThan(100);
    const statuses = new Set<number>();
    for (let i = 0; i < sealed.length; i++) {
      const flipped = sealed.slice(0, i) + (sealed[i] === 'A' ? 'B' : 'A') + sealed.slice(i + 1);
      if (flipped === sealed) continue;
      const reply = await withCookie(flipped).get('/api/user-details');
      statuses.add(reply.status);
      expect(reply.body).toEqual(NOT_SIGNED_IN);
      expect(clearsCookie(reply)).toBe(true);
    }
    expect([...statuses]).toEqual([401]);
    // The genuine cookie still works.
    expect((await client.get('/api/user-details')).status).toBe(200);
  });

  it.each([
    ['garbage', 'not-a-sealed-value'],
    ['an iron prefix with nothing behind it', 'Fe26.2*1*'],
    ['an iron seal cut short', 'Fe26.2**abc*def*ghi*jkl*1*mno*pqr'],
    ['4,000 characters', 'Fe26.2*'.padEnd(4000, 'x')],
    ['non-ASCII', encodeURIComponent('Fe26.2*ñ*✓*')],
  ])('%s is a visitor, cleared', async (_name, value) => {
    const reply = await withCookie(value).get('/api/user-details');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(NOT_SIGNED_IN);
    expect(clearsCookie(reply)).toBe(true);
  });

  it('a cookie sealed with another secret names no one', async () => {
    const user = await insertUser(server.deps.db);
    const session = await server.deps.db.selectFrom('sessions').select('id').executeTakeFirst();
    const forged = await sealData({ sid: session?.id ?? 'x', userId: user.id }, { password: 'an-attacker-secret-that-is-32-chars-or-more', ttl: SESSION_TTL_SECONDS });
    const reply = await withCookie(forged).get('/api/user-details');
    expect(reply.status).toBe(401);
    expect(clearsCookie(reply)).toBe(true);
  });

  it('a visitor with a tampered cookie can still shop: a fresh guest cookie replaces it', async () => {
    const product = await insertProduct(server.deps.db, { stock: 5 });
    const visitor = withCookie('Fe26.2*tampered*value');
    const added = await visitor.post('/api/addtocart', { productId: product.id });
    expect(added.status).toBe(200);
    expect((await visitor.get('/api/countAddToCartProduct')).body.data).toEqual({ count: 1 });
  });

  it('an expired session is a visitor, and its cookie is cleared', async () => {
    const { client } = await signInAs(server);
    now += (SESSION_TTL_SECONDS + 60) * 1000;
    const reply = await client.get('/api/user-details');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(NOT_SIGNED_IN);
    expect(clearsCookie(reply)).toBe(true);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('a copied cookie stops working at logout (revoked on the server), and is cleared when used', async () => {
    const { client } = await signInAs(server);
    const copy = withCookie(client.cookies.get(SESSION_COOKIE) ?? '');
    expect((await copy.get('/api/user-details')).status).toBe(200);
    expect((await client.get('/api/userLogout')).status).toBe(200);
    const before = await snapshotDb(server.deps.db);
    const reply = await copy.get('/api/user-details');
    expect(reply.status).toBe(401);
    expect(clearsCookie(reply)).toBe(true);
    const write = await copy.post('/api/update-user', { userId: 'x', role: 'ADMIN' });
    expect(write.status).toBe(401);
    expect(await snapshotDb(server.deps.db)).toEqual(before);
  });

  it('a demoted admin loses admin access on the next request, even with the old cookie', async () => {
    const { client: boss } = await signInAs(server, 'ADMIN');
    const { client: demoted, user } = await signInAs(server, 'ADMIN');
    expect((await demoted.get('/api/all-user')).status).toBe(200);
    expect((await boss.post('/api/update-user', { userId: user.id, role: 'GENERAL' })).status).toBe(200);
    const reply = await demoted.get('/api/all-user');
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false, error: true, data: [] });
  });

  it('signing in replaces whatever session id the browser had (no fixation)', async () => {
    const user = await insertUser(server.deps.db);
    const product = await insertProduct(server.deps.db, { stock: 5 });
    const client = new HttpClient(server.url);
    await client.post('/api/addtocart', { productId: product.id });
    const guestCookie = client.cookies.get(SESSION_COOKIE);
    expect((await client.post('/api/signin', { email: user.email, password: user.password })).status).toBe(200);
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(guestCookie);
    // The old (guest) cookie does not carry the signed-in session.
    expect((await withCookie(guestCookie ?? '').get('/api/user-details')).status).toBe(401);
  });
});
