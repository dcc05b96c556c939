import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, signInAs } from '../testing/factories';
import { testDialect } from '../testing/test-database';
import { HttpClient, sqliteFileOf, startTestServer, type TestServer } from '../testing/test-server';
import { newId, sqliteHandles } from './database';
import { BackupError, restoreShop, verifyBackup, type BackupManifest } from './backup';
import { testPayForm } from '../testing/factories';

const root = path.resolve(import.meta.dirname, '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `voltmart-${name}-`));

/** Runs `npm run <script>`'s file as the owner would, in a folder with no .env, with only these settings. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'scripts', script), ...args], { cwd: tempDir('cwd'), env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.runIf(testDialect() === 'sqlite')('npm run backup and npm run restore (SQLite)', () => {
  let server: TestServer;
  let folder: string;
  let manifest: BackupManifest;
  let ordersBefore: string[];
  let shopper: { email: string; password: string };
  const imageNames = [`${'a'.repeat(32)}.webp`, `${'b'.repeat(32)}-w320.webp`];

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('a backup taken while orders keep coming holds every order placed before it started, and restores into an empty DATA_DIR', async () => {
    const { db } = server.deps;
    // Some bulk, so the snapshot is more than a few pages.
    const sqlite = sqliteHandles(db).writer;
    const insertMovement = sqlite.prepare(`insert into stock_movements (id, product_id, at, reason, delta, stock_before, stock_after) values (?, ?, ?, 'restock', 1, 0, 1)`);
    sqlite.transaction(() => {
      for (let i = 0; i < 20_000; i++) insertMovement.run(newId(), 'bulk', new Date().toISOString());
    })();
    const products = await Promise.all(Array.from({ length: 12 }, () => insertProduct(db, { trackStock: false })));
    fs.mkdirSync(server.deps.env.imagesDir, { recursive: true });
    for (const name of imageNames) fs.writeFileSync(path.join(server.deps.env.imagesDir, name), `image ${name}`);
    fs.writeFileSync(path.join(server.deps.env.imagesDir, '.half-written.tmp'), 'not yet an image');
    fs.writeFileSync(path.join(server.dataDir, 'session-secret'), 'a-secret-of-at-least-thirty-two-characters\n', { mode: 0o600 });

    const shoppers = await Promise.all([signInAs(server), signInAs(server)]);
    shopper = shoppers[0].user;
    const placeOrder = async (client: HttpClient, i: number) => {
      const added = await client.post('/api/addtocart', { productId: products[i % products.length]?.id });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const checkout = await client.post<{ id: string }>('/api/checkout', {});
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
      // The test checkout's Pay button: the order becomes paid and leaves the cart.
      const pay = await client.request(`/test-checkout/${checkout.body.id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: testPayForm('standard'),
      });
      expect(pay.status).toBe(303);
    };
    for (const [i, { client }] of shoppers.entries()) await placeOrder(client, i);

    let writing = true;
    const writers = shoppers.map(async ({ client }, w) => {
      for (let i = w; writing; i += 2) await placeOrder(client, i);
    });
    ordersBefore = (await db.selectFrom('orders').select('id').execute()).map((o) => o.id);
    const outDir = path.join(tempDir('backups'), 'nested');
    const backup = await runScript('backup.ts', ['--out', outDir], { DATA_DIR: server.dataDir, DATABASE_URL: sqliteFileOf(server) });
    writing = false;
    await Promise.all(writers);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const ordersAfter = await db.selectFrom('orders').select('id').execute();
    expect(ordersAfter.length).toBeGreaterThan(ordersBefore.length); // the shop kept selling meanwhile

    folder = /Backup written to (\S+)/.exec(backup.stdout)?.[1] ?? '';
    expect(path.dirname(folder)).toBe(outDir);
    expect(path.basename(folder)).toMatch(/^voltmart-\d{8}T\d{6}Z$/);
    expect(fs.readdirSync(outDir)).toEqual([path.basename(folder)]); // no partial folder left
    expect(fs.readdirSync(folder).sort()).toEqual(['images', 'manifest.json', 'session-secret', 'shop.sqlite']);
    expect(fs.readdirSync(path.join(folder, 'images')).sort()).toEqual([...imageNames].sort());
    manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ format: 'voltmart-backup', images: { count: 2 }, session_secret: true });
    expect(manifest.tables.orders).toBeGreaterThanOrEqual(ordersBefore.length);
    expect(manifest.tables.stock_movements).toBe(20_000);
    // Every product's variants come with it.
    expect(manifest.tables.product_variants).toBeGreaterThanOrEqual(manifest.tables.products ?? 1);

    const dataDir = path.join(tempDir('restored'), 'data');
    const restore = await runScript('restore.ts', [folder], { DATA_DIR: dataDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['images', 'session-secret', 'shop.sqlite']);
    expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe('a-secret-of-at-least-thirty-two-characters\n');
    expect(fs.statSync(path.join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(dataDir, 'images')).sort()).toEqual([...imageNames].sort());

    const restored = new SQLite(path.join(dataDir, 'shop.sqlite'), { readonly: true });
    try {
      expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(
        restored
          .prepare<[], { id: string }>('select id from orders')
          .all()
          .map((o) => o.id),
      );
      expect(ordersBefore.filter((id) => !ids.has(id))).toEqual([]);
      for (const [table, rows] of Object.entries(manifest.tables)) {
        expect([table, restored.prepare<[], { n: number }>(`select count(*) as n from "${table}"`).get()?.n]).toEqual([table, rows]);
      }
      // Every order came with its lines: the snapshot is of one moment, not table by table.
      const orphans = restored.prepare('select count(*) as n from orders where id not in (select order_id from order_items)').get() as { n: number };
      expect(orphans.n).toBe(0);
      const bare = restored.prepare('select count(*) as n from products where id not in (select product_id from product_variants)').get() as { n: number };
      expect(bare.n).toBe(0);
    } finally {
      restored.close();
    }

    // The restored folder is a shop: it starts, and a shopper signs in and finds their orders.
    const again = await startTestServer({ dataDir });
    try {
      const client = new HttpClient(again.url);
      expect((await client.post('/api/signin', { email: shopper.email, password: shopper.password })).status).toBe(200);
      const orders = await client.get<{ data: unknown[] }>('/api/order-list');
      expect(orders.body.data.length).toBeGreaterThanOrEqual(1);
    } finally {
      await again.close();
    }
  });

  it('restore refuses a DATA_DIR that holds anything, naming what is there', async () => {
    const dataDir = tempDir('occupied');
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'keep me');
    const shop = { dataDir, databaseFile: path.join(dataDir, 'shop.sqlite'), imagesDir: path.join(dataDir, 'images') };
    await expect(restoreShop(folder, shop)).rejects.toThrow(/empty DATA_DIR only; .* holds notes\.txt/);
    expect(fs.readdirSync(dataDir)).toEqual(['notes.txt']);
  });

  it('restore refuses a damaged backup before copying anything', async () => {
    const damaged = path.join(tempDir('damaged'), 'backup');
    fs.cpSync(folder, damaged, { recursive: true });
    const file = path.join(damaged, 'shop.sqlite');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff;
    fs.writeFileSync(file, bytes);
    await expect(verifyBackup(damaged)).rejects.toThrow(/size or sha256 differs/);
    const dataDir = path.join(tempDir('target'), 'data');
    const shop = { dataDir, databaseFile: path.join(dataDir, 'shop.sqlite'), imagesDir: path.join(dataDir, 'images') };
    await expect(restoreShop(damaged, shop)).rejects.toBeInstanceOf(BackupError);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('on a PostgreSQL shop, backup and restore point at pg_dump and pg_restore, without printing the password', async () => {
    const env = { DATABASE_URL: 'postgres://shop:s3cret-pw@db.example:5432/voltmart', DATA_DIR: tempDir('pg') };
    const backup = await runScript('backup.ts', [], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump --format=custom --file=voltmart.dump "$DATABASE_URL"');
    expect(backup.stdout + backup.stderr).not.toContain('s3cret');
    const restore = await runScript('restore.ts', [folder], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore');
    expect(fs.readdirSync(env.DATA_DIR)).toEqual([]);
  });
});
