import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/schemas/audit';
import type { Page } from '../../shared/schemas/admin';
import { insertProduct, insertUser, signInAs } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/test-server';

/** The admin's audit log: role changes, settings and tax changes, and admins' stock changes, with who did them. */
let server: TestServer;
let now = Date.parse('2026-11-24T06:30:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date((now += 1000)) });
});

afterAll(async () => {
  await server.close();
});

describe('audit log', () => {
  it('lists who changed roles, tax and stock, newest first, in pages; shoppers may not read it', async () => {
    const { client: admin, user: owner } = await signInAs(server, 'ADMIN');
    const pia = await insertUser(server.deps.db, { name: 'Pia' });
    expect((await admin.trpc('mutation', 'account.updateRole', { userId: pia.id, role: 'ADMIN' })).status).toBe(200);
    expect((await admin.trpc('mutation', 'catalog.updateCategory', { value: 'televisions', hsn: '85287219', rateBasisPoints: 1800 })).status).toBe(200);
    // The edit below changes the stock only (other fields' changes are entries of their own: admin-changes.test.ts).
    const product = await insertProduct(server.deps.db, {
      productName: 'Audit TV',
      brandName: 'Brand',
      category: 'televisions',
      description: '',
      images: ['/images/tv.webp'],
      stock: 4,
    });
    const edited = await admin.trpc('mutation', 'catalog.update', {
      _id: product.id,
      productName: 'Audit TV',
      brandName: 'Brand',
      category: 'televisions',
      productImage: ['/images/tv.webp'],
      price: product.price,
      sellingPrice: product.sellingPrice,
      stock: 9,
      expectedStock: 4,
      stockNote: 'new delivery',
    });
    expect(edited.status).toBe(200);
    expect((await admin.trpc('mutation', 'account.updateRole', { userId: pia.id, role: 'GENERAL' })).status).toBe(200);

    const first = await admin.trpc<Page<AuditEntry>>('query', 'admin.audit', { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.items.map((e) => e.summary)).toEqual([`Made ${pia.email} GENERAL (was ADMIN)`, 'Stock of Audit TV: 4 → 9 (new delivery)']);
    expect(first.body.items[0]!.actor).toMatchObject({ _id: owner.id, email: owner.email });
    const second = await admin.trpc<Page<AuditEntry>>('query', 'admin.audit', { limit: 2, cursor: first.body.nextCursor });
    expect(second.body.items.map((e) => e.summary)).toEqual(['Televisions: HSN 852872 → 85287219', `Made ${pia.email} ADMIN (was GENERAL)`]);

    const { client: shopper } = await signInAs(server);
    expect((await shopper.trpc('query', 'admin.audit', {})).status).toBe(403);
  });
});
