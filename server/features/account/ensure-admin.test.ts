import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, HttpClient, type TestServer } from '../../testing/test-server';
import { ensureAdmin } from './account.service';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(env: Record<string, string> = {}) {
  const s = await startTestServer({ env });
  servers.push(s);
  return s;
}

describe('ensureAdmin', () => {
  it('creates admin@localhost with a random password saved 0600, once', async () => {
    const s = await server();
    const result = await ensureAdmin(s.deps);
    if (result.kind !== 'generated') throw new Error(`expected a generated admin, got ${result.kind}`);
    expect(result.email).toBe('admin@localhost');
    const file = path.join(s.dataDir, 'admin-credentials.txt');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toContain(result.password);
    const login = await new HttpClient(s.url).post('/api/signin', { email: 'admin@localhost', password: result.password });
    expect(login.body.data).toMatchObject({ role: 'ADMIN' });
    expect((await ensureAdmin(s.deps)).kind).toBe('existing');
  });

  it('creates ADMIN_EMAIL with ADMIN_PASSWORD, and never resets that password later', async () => {
    const s = await server({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'first-password' });
    expect((await ensureAdmin(s.deps)).kind).toBe('created-from-env');
    const changed = { ...s.deps, env: { ...s.deps.env, ADMIN_PASSWORD: 'second-password' } };
    expect((await ensureAdmin(changed)).kind).toBe('existing');
    expect((await new HttpClient(s.url).post('/api/signin', { email: 'owner@example.com', password: 'first-password' })).status).toBe(200);
  });

  it('promotes an existing ADMIN_EMAIL account', async () => {
    const s = await server();
    await new HttpClient(s.url).post('/api/signup', { name: 'Owner', email: 'boss@example.com', password: 'boss-password', confirmPassword: 'boss-password' });
    await ensureAdmin({ ...s.deps, env: { ...s.deps.env, ADMIN_EMAIL: 'boss@example.com' } });
    const login = await new HttpClient(s.url).post('/api/signin', { email: 'boss@example.com', password: 'boss-password' });
    expect(login.body.data.role).toBe('ADMIN');
  });
});
