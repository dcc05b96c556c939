import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBanner, Banners, ProductPage } from '../../../shared/schemas/catalog';
import type { SetupStatus } from '../../../shared/schemas/admin';
import { insertProduct, signInAs, TEST_PAGE_ADDRESS } from '../../testing/factories';
import { HttpClient, startTestServer, type TestServer } from '../../testing/test-server';
import { DEMO_BANNERS, DEMO_PRODUCTS } from '../../demo/demo-catalog';

/**
 * Issue 16's owner's home page: banners managed in the admin panel (add, edit, hide, order,
 * delete), shown to shoppers through the shared banners reply at once; the setup checklist's
 * counts; and "Remove demo data", which takes the demo catalogue and banners and nothing else.
 */

let server: TestServer;
let admin: HttpClient;
let visitor: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signInAs(server, 'ADMIN'));
  visitor = new HttpClient(server.url);
});

afterAll(async () => {
  await server.close();
});

const shown = async () => (await visitor.trpc<Banners>('query', 'catalog.banners')).body;
const caughtUp = () => server.deps.changes.catchUp?.();

describe('banners', () => {
  it('adds, edits, hides, reorders and deletes banners; shoppers see each change at once', async () => {
    const add = (alt: string, kind: 'desktop' | 'mobile' = 'desktop') =>
      admin.trpc<AdminBanner>('mutation', 'catalog.saveBanner', { kind, imageUrl: '/images/banner-a.webp', alt, link: '/product-category?category=mobiles' });
    const first = await add('Diwali phones sale');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'desktop', alt: 'Diwali phones sale', hidden: false, demo: false, position: 1 });
    const second = await add('Winter TVs');
    expect(second.body.position).toBe(2);
    await add('Phone banner', 'mobile');
    await caughtUp();
    expect((await shown()).desktop.map((b) => b.alt)).toEqual(['Diwali phones sale', 'Winter TVs']);
    expect((await shown()).mobile.map((b) => b.alt)).toEqual(['Phone banner']);

    // Move the second up: the carousel order follows.
    expect((await admin.trpc('mutation', 'catalog.moveBanner', { bannerId: second.body._id, direction: 'up' })).status).toBe(200);
    await caughtUp();
    expect((await shown()).desktop.map((b) => b.alt)).toEqual(['Winter TVs', 'Diwali phones sale']);
    // At the top already: nothing moves.
    await admin.trpc('mutation', 'catalog.moveBanner', { bannerId: second.body._id, direction: 'up' });

    // Hide: gone from the carousel, still in the admin's list.
    const hidden = await admin.trpc<AdminBanner>('mutation', 'catalog.saveBanner', {
      bannerId: first.body._id,
      kind: 'desktop',
      imageUrl: '/images/banner-b.webp',
      alt: 'Diwali phones sale (ended)',
      link: '/',
      hidden: true,
    });
    expect(hidden.body).toMatchObject({ hidden: true, imageUrl: '/images/banner-b.webp', link: '/' });
    await caughtUp();
    expect((await shown()).desktop.map((b) => b.alt)).toEqual(['Winter TVs']);
    const list = await admin.trpc<AdminBanner[]>('query', 'catalog.adminBanners');
    expect(list.body.map((b) => [b.alt, b.hidden])).toEqual([
      ['Winter TVs', false],
      ['Diwali phones sale (ended)', true],
      ['Phone banner', false],
    ]);

    expect((await admin.trpc('mutation', 'catalog.deleteBanner', { bannerId: second.body._id })).status).toBe(200);
    await caughtUp();
    expect((await shown()).desktop).toEqual([]);
    expect((await admin.trpc('mutation', 'catalog.deleteBanner', { bannerId: second.body._id })).status).toBe(404);
  });

  it('refuses what is not a banner: a foreign image, an empty alt, a javascript: link; shoppers may not change any', async () => {
    const base = { kind: 'desktop', imageUrl: '/images/banner-a.webp', alt: 'Sale', link: '/' };
    for (const bad of [{ imageUrl: 'https://evil.example/x.png' }, { alt: '  ' }, { link: 'javascript:alert(1)' }, { link: '//evil.example' }, { kind: 'tablet' }]) {
      const reply = await admin.trpc('mutation', 'catalog.saveBanner', { ...base, ...bad });
      expect(reply.status, JSON.stringify(bad)).toBe(400);
    }
    const { client: shopper } = await signInAs(server);
    expect((await shopper.trpc('mutation', 'catalog.saveBanner', base)).status).toBe(403);
    expect((await visitor.trpc('query', 'catalog.adminBanners')).status).toBe(401);
  });
});

describe('each kind its own ordered list (issue 26)', () => {
  it('a phone banner among five desktop ones shows with its own alt and link; each kind keeps its own order; hidden ones are skipped; no cap', async () => {
    // From an empty carousel, whatever the tests above left.
    await server.deps.db.deleteFrom('banners').execute();
    const add = async (kind: 'desktop' | 'mobile', alt: string, link: string) =>
      (await admin.trpc<AdminBanner>('mutation', 'catalog.saveBanner', { kind, imageUrl: `/images/${kind}-${alt.replace(/\W+/g, '-')}.webp`, alt, link })).body;
    const move = async (bannerId: string, direction: 'up' | 'down') => expect((await admin.trpc('mutation', 'catalog.moveBanner', { bannerId, direction })).status).toBe(200);
    const alts = (list: readonly { alt: string }[]) => list.map((b) => b.alt);
    const desktop: AdminBanner[] = [];
    for (const n of [1, 2, 3, 4, 5]) desktop.push(await add('desktop', `Desktop ${n}`, `/product-category?category=desk-${n}`));
    for (const n of [1, 2, 3, 4, 5]) await add('mobile', `Phone ${n}`, `/product-category?category=phone-${n}`);
    const own = await add('mobile', 'Monsoon phone deals', 'https://example.com/monsoon');
    await caughtUp();

    // The sixth phone banner is in the phone list, last, with its own picture, alt and link.
    let reply = await shown();
    expect(alts(reply.desktop)).toEqual(['Desktop 1', 'Desktop 2', 'Desktop 3', 'Desktop 4', 'Desktop 5']);
    expect(alts(reply.mobile)).toEqual(['Phone 1', 'Phone 2', 'Phone 3', 'Phone 4', 'Phone 5', 'Monsoon phone deals']);
    expect(reply.mobile.at(-1)).toEqual({
      _id: own._id,
      kind: 'mobile',
      position: 6,
      imageUrl: '/images/mobile-Monsoon-phone-deals.webp',
      alt: 'Monsoon phone deals',
      link: 'https://example.com/monsoon',
    });

    // Moved to the top of its list: first on phones, still its own alt and link; the desktop list is as it was.
    for (let i = 0; i < 5; i++) await move(own._id, 'up');
    await caughtUp();
    reply = await shown();
    expect(alts(reply.mobile)).toEqual(['Monsoon phone deals', 'Phone 1', 'Phone 2', 'Phone 3', 'Phone 4', 'Phone 5']);
    expect(reply.mobile[0]).toMatchObject({ _id: own._id, alt: 'Monsoon phone deals', link: 'https://example.com/monsoon' });
    expect(reply.desktop.map((b) => [b.alt, b.link])).toEqual(desktop.map((b) => [b.alt, b.link]));

    // Moving a desktop banner leaves the phone order alone.
    await move(desktop[4]!._id, 'up');
    await caughtUp();
    reply = await shown();
    expect(alts(reply.desktop)).toEqual(['Desktop 1', 'Desktop 2', 'Desktop 3', 'Desktop 5', 'Desktop 4']);
    expect(alts(reply.mobile)).toEqual(['Monsoon phone deals', 'Phone 1', 'Phone 2', 'Phone 3', 'Phone 4', 'Phone 5']);

    // A hidden phone banner is skipped on phones only; the admin's list keeps it in its place.
    const phone2 = (await admin.trpc<AdminBanner[]>('query', 'catalog.adminBanners')).body.find((b) => b.alt === 'Phone 2')!;
    await admin.trpc('mutation', 'catalog.saveBanner', { bannerId: phone2._id, kind: 'mobile', imageUrl: phone2.imageUrl, alt: phone2.alt, link: phone2.link, hidden: true });
    // More than five: every desktop banner the owner adds is shown.
    await add('desktop', 'Desktop 6', '/product-category?category=desk-6');
    await add('desktop', 'Desktop 7', '/');
    await caughtUp();
    reply = await shown();
    expect(alts(reply.mobile)).toEqual(['Monsoon phone deals', 'Phone 1', 'Phone 3', 'Phone 4', 'Phone 5']);
    expect(alts(reply.desktop)).toEqual(['Desktop 1', 'Desktop 2', 'Desktop 3', 'Desktop 5', 'Desktop 4', 'Desktop 6', 'Desktop 7']);
    const list = (await admin.trpc<AdminBanner[]>('query', 'catalog.adminBanners')).body;
    expect(list.filter((b) => b.kind === 'mobile').map((b) => [b.alt, b.hidden])).toEqual([
      ['Monsoon phone deals', false],
      ['Phone 1', false],
      ['Phone 2', true],
      ['Phone 3', false],
      ['Phone 4', false],
      ['Phone 5', false],
    ]);
  });
});

describe('remove demo data', () => {
  it('takes the demo products and banners (archiving those in orders) and leaves the owner’s own', async () => {
    const { db } = server.deps;
    // Marked demo rows, as the seed writes them now.
    const marked = await insertProduct(db, { productName: 'Demo Marked Phone', stock: 5 });
    await db.updateTable('products').set({ demo: 1 }).where('id', '=', marked.id).execute();
    // A demo product from before the mark, recognised by its content.
    const demo = DEMO_PRODUCTS[0]!;
    const recognised = await insertProduct(db, {
      productName: demo.productName,
      brandName: demo.brandName,
      description: demo.description,
      category: demo.category,
      price: demo.price,
      sellingPrice: demo.sellingPrice,
      stock: 5,
    });
    // The owner's own product, and one of theirs that only shares a demo name (not removed).
    const own = await insertProduct(db, { productName: 'Owner Own Phone' });
    const lookalike = await insertProduct(db, { productName: demo.productName, brandName: demo.brandName, description: 'The owner’s own words.' });
    const bannerArt = DEMO_BANNERS[0]!;
    await db
      .insertInto('banners')
      .values({
        id: 'demo-banner-old',
        kind: bannerArt.kind,
        position: 9,
        image_url: '/images/x.webp',
        alt: `${bannerArt.headline}. ${bannerArt.subline}`,
        link: bannerArt.link,
        created_at: new Date().toISOString(),
      })
      .execute();
    await admin.trpc('mutation', 'catalog.saveBanner', { kind: 'mobile', imageUrl: '/images/own.webp', alt: 'Owner banner', link: '/' });

    // A shopper bought the marked demo product: it must stay (archived) for that order.
    const { client: shopper } = await signInAs(server);
    await shopper.post('/api/addtocart', { productId: marked.id });
    const started = await shopper.post<{ data: string; id: string }>('/api/checkout', {});
    await shopper.request(`/test-checkout/${started.body.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ shipping: 'standard', ...TEST_PAGE_ADDRESS }).toString(),
    });
    // Another shopper has the recognised one in the cart.
    const { client: carter } = await signInAs(server);
    await carter.post('/api/addtocart', { productId: recognised.id });

    const before = await admin.trpc<SetupStatus>('query', 'admin.setupStatus');
    expect(before.body.demo).toEqual({ products: 2, banners: 1 });

    expect((await shopper.trpc('mutation', 'admin.removeDemoData')).status).toBe(403);
    const removed = await admin.trpc('mutation', 'admin.removeDemoData');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ productsDeleted: 1, productsArchived: 1, bannersDeleted: 1 });

    const ids = (await db.selectFrom('products').select(['id', 'archived_at']).execute()).map((r) => [r.id, r.archived_at !== null] as const);
    const state = new Map(ids);
    expect(state.get(recognised.id)).toBeUndefined();
    expect(state.get(marked.id)).toBe(true);
    expect(state.get(own.id)).toBe(false);
    expect(state.get(lookalike.id)).toBe(false);
    expect(await db.selectFrom('banners').select('alt').where('id', '=', 'demo-banner-old').execute()).toEqual([]);
    await caughtUp();
    expect((await shown()).mobile.map((b) => b.alt)).toContain('Owner banner');
    // The order still shows its line.
    const orders = await shopper.trpc<{ lines?: unknown[] }[]>('query', 'order.list');
    expect(orders.body).toHaveLength(1);
    // Nothing demo is left to offer.
    expect((await admin.trpc<SetupStatus>('query', 'admin.setupStatus')).body.demo).toEqual({ products: 0, banners: 0 });
    const search = await visitor.trpc<ProductPage>('query', 'catalog.search', { q: 'Demo Marked' });
    expect(search.body.items).toEqual([]);
  });

  it('tells the owner what the setup checklist needs', async () => {
    const status = await admin.trpc<SetupStatus>('query', 'admin.setupStatus');
    expect(status.status).toBe(200);
    expect(status.body.productsOnSale).toBeGreaterThan(0);
    expect(status.body.bannersShown).toBeGreaterThan(0);
    expect(status.body.settingsSaved).toBe(false);
  });
});
