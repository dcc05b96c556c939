import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, signInAs, testPayForm, testShopSettings, type TestProduct, type TestUser } from '../testing/factories';
import { snapshotDb, STATE_TABLES } from '../testing/db-snapshot';
import { HttpClient, startTestServer, type HttpReply, type TestServer } from '../testing/test-server';
import { expectApiRefusal, expectNoLeak, expectTrpcRefusal, type Envelope, type TrpcError } from './attack-kit';
import type { AdminBanner, Product } from '../../shared/schemas/catalog';
import type { AdminSettings } from '../../shared/schemas/settings';
import type { SavedAddress } from '../../shared/schemas/settings';
import type { User } from '../../shared/schemas/account';

/**
 * Hostile text (issue 26, item 4): control characters and invisible direction changes in any
 * free-text field a shopper or admin types. They would reach the invoice PDF, emails, the admin
 * panel and the logs (and a NUL made PostgreSQL's insert fail with a 500): every write procedure
 * refuses them with a 400 naming the field, through /trpc and the /api adapter alike, and writes
 * nothing. Ordinary Indian text (scripts, ₹, emoji, new lines where a field has lines) passes.
 */
let server: TestServer;
let visitor: HttpClient;
let admin: HttpClient;
let shopper: { client: HttpClient; user: TestUser };
let product: TestProduct;
let addressId: string;

/** Every table a refused write could have touched. */
const TABLES = [...STATE_TABLES, 'addresses', 'shop_settings', 'audit_log', 'login_attempts', 'mail_outbox', 'password_resets', 'email_changes'];

const PASSWORD = 'correct horse battery staple';
const ADDRESS = { name: 'Asha Rao', phone: '98450 11111', line1: '12 MG Road', line2: 'Floor 3', city: 'Bengaluru', stateCode: '29', pin: '560001', gstin: '' };
const NEW_PRODUCT = {
  productName: 'Zenith Phone',
  brandName: 'Zenith',
  category: 'mobiles',
  productImage: ['/images/0123456789abcdef0123456789abcdef.webp'],
  description: 'A phone. It rings.',
  price: 1_299_900,
  sellingPrice: 999_900,
};
const BANNER = { kind: 'desktop', imageUrl: '/images/banner-a.webp', alt: 'Diwali sale', link: '/product-category?category=mobiles' };

let emails = 0;
const freshEmail = () => `hostile-${++emails}@example.com`;

beforeAll(async () => {
  server = await startTestServer();
  visitor = new HttpClient(server.url);
  admin = (await signInAs(server, 'ADMIN')).client;
  shopper = await signInAs(server);
  product = await insertProduct(server.deps.db, { productName: 'Aurora Buds', brandName: 'Aurora', category: 'earphones', description: 'Buds.' });
  const saved = await shopper.client.trpc<SavedAddress>('mutation', 'address.create', ADDRESS);
  expect(saved.status).toBe(200);
  addressId = saved.body._id;
  expect((await admin.trpc('mutation', 'settings.update', testShopSettings())).status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

/** The strings of the issue: C0 controls (NUL, an escape sequence that clears a terminal, BEL, backspace), a C1 control, bidi controls. */
const HOSTILE: [label: string, text: string, problem: RegExp][] = [
  ['NUL', '\u0000', /contains a control character \(U\+0000\)$/],
  ['ESC [2J', '\u001b[2J', /contains a control character \(U\+001B\)$/],
  ['BEL', '\u0007', /contains a control character \(U\+0007\)$/],
  ['backspace', '\u0008', /contains a control character \(U\+0008\)$/],
  ['C1 CSI', '\u009b', /contains a control character \(U\+009B\)$/],
  ['right-to-left override', '\u202e', /contains an invisible direction-changing character \(U\+202E\)$/],
  ['left-to-right isolate', '\u2066', /contains an invisible direction-changing character \(U\+2066\)$/],
];

type Who = 'visitor' | 'shopper' | 'admin';
const clientOf = (who: Who): HttpClient => (who === 'visitor' ? visitor : who === 'admin' ? admin : shopper.client);

/** Sets `value` at the dotted `path` of a copy of `base`. */
function withField<T>(base: T, path: string, value: string): T {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy as T;
}

/** A product as catalog.update takes it (paise), `_id` being the factory's product. */
const updateOf = () => ({ _id: product.id, ...NEW_PRODUCT, productName: 'Aurora Buds', brandName: 'Aurora', category: 'earphones' });

/**
 * Every write procedure that takes free text, one row per field: `input(h)` is a valid input
 * with the hostile string `h` inside the field's ordinary text (not at an end, where trimming
 * could hide it).
 */
const TRPC_FIELDS: (readonly [procedure: string, field: string, who: Who, input: (h: string) => unknown])[] = [
  ['account.signUp', 'name', 'visitor', (h) => ({ name: `Asha${h} Rao`, email: freshEmail(), password: PASSWORD, confirmPassword: PASSWORD })],
  ['account.signIn', 'email', 'visitor', (h) => ({ email: `asha${h}@example.com`, password: PASSWORD })],
  ['account.requestPasswordReset', 'email', 'visitor', (h) => ({ email: `asha${h}@example.com` })],
  ['account.updateProfile', 'name', 'shopper', (h) => ({ name: `Asha${h} Rao` })],
  ...(['name', 'line1', 'line2', 'city'] as const).map(
    (field) => ['address.create', field, 'shopper', (h: string) => ({ ...ADDRESS, [field]: `${ADDRESS[field]}${h} x` })] as const,
  ),
  ...(['name', 'line1', 'line2', 'city'] as const).map(
    (field) => ['address.update', field, 'shopper', (h: string) => ({ ...ADDRESS, addressId, [field]: `${ADDRESS[field]}${h} x` })] as const,
  ),
  ...[
    'seller.legalName',
    'seller.tradeName',
    'seller.address.line1',
    'seller.address.line2',
    'seller.address.city',
    'grievanceOfficer.name',
    'policies.returns',
    'policies.shipping',
    'shipping.standardDays',
    'shipping.expressDays',
  ].map(
    (field) =>
      [
        'settings.update',
        field,
        'admin',
        (h: string) => withField(testShopSettings({ grievanceOfficer: { name: 'Ravi Kumar', email: 'grievance@voltmart.example', phone: '8041234568' } }), field, `3${h}5`),
      ] as const,
  ),
  ...(['productName', 'brandName', 'description'] as const).map((field) => ['catalog.create', field, 'admin', (h: string) => ({ ...NEW_PRODUCT, [field]: `Zen${h}ith` })] as const),
  ...(['productName', 'brandName', 'description', 'stockNote'] as const).map(
    (field) => ['catalog.update', field, 'admin', (h: string) => ({ ...updateOf(), stock: 9, [field]: `Aur${h}ora` })] as const,
  ),
  ['catalog.saveBanner', 'alt', 'admin', (h) => ({ ...BANNER, alt: `Diwali${h} sale` })],
  ['catalog.saveBanner', 'link', 'admin', (h) => ({ ...BANNER, link: `/product-category?category=mobiles${h}` })],
];

/** The same refusals through the legacy /api adapter (the contract's envelope, `fieldErrors` by field). */
const API_FIELDS: [path: string, field: string, who: Who, body: (h: string) => unknown][] = [
  ['/api/signup', 'name', 'visitor', (h) => ({ name: `Asha${h} Rao`, email: freshEmail(), password: PASSWORD, confirmPassword: PASSWORD, profilePic: '' })],
  ['/api/signin', 'email', 'visitor', (h) => ({ email: `asha${h}@example.com`, password: PASSWORD })],
  ['/api/upload-product', 'productName', 'admin', (h) => ({ ...NEW_PRODUCT, price: 12_999, sellingPrice: 9_999, productName: `Zen${h}ith` })],
  ['/api/upload-product', 'description', 'admin', (h) => ({ ...NEW_PRODUCT, price: 12_999, sellingPrice: 9_999, description: `Rings${h}.` })],
  ['/api/update-product', 'brandName', 'admin', (h) => ({ ...updateOf(), price: 12_999, sellingPrice: 9_999, brandName: `Aur${h}ora` })],
];

describe.each(HOSTILE)('%s', (_label, hostile, problem) => {
  it.each(TRPC_FIELDS.map(([procedure, field, who, input]) => [`${procedure} ${field}`, procedure, field, who, input] as const))(
    '/trpc %s → 400 naming the field, nothing written',
    async (_name, procedure, field, who, input) => {
      const before = await snapshotDb(server.deps.db, TABLES);
      const reply = await clientOf(who).trpc<TrpcError>('mutation', procedure, input(hostile));
      expectTrpcRefusal(reply, 400, new RegExp(`^${field.replace(/\./g, '\\.')}: |^\\S*${field.split('.').at(-1)!} `));
      expect(reply.body.data.fieldErrors?.[field]).toMatch(problem);
      expect(await snapshotDb(server.deps.db, TABLES)).toEqual(before);
    },
  );

  it.each(API_FIELDS)('POST %s with a hostile %s → 400 naming the field, nothing written', async (path, field, who, body) => {
    const before = await snapshotDb(server.deps.db, TABLES);
    const reply = await clientOf(who).post<Envelope>(path, body(hostile));
    expectApiRefusal(reply, 400, new RegExp(field), null);
    expect(reply.body.fieldErrors?.[field]).toMatch(problem);
    expect(await snapshotDb(server.deps.db, TABLES)).toEqual(before);
  });
});

describe('other places text is typed', () => {
  it('the invisible direction marks (U+200E, U+200F, U+061C) and Unicode line separators are refused too; a tab or a lone CR in a one-line field', async () => {
    for (const [text, message] of [
      ['Asha\u200eRao', /direction-changing character \(U\+200E\)$/],
      ['Asha\u200fRao', /direction-changing character \(U\+200F\)$/],
      ['Asha\u061cRao', /direction-changing character \(U\+061C\)$/],
      ['Asha\u2028Rao', /must be on one line$/],
      ['Asha\nRao', /must be on one line$/],
      ['Asha\rRao', /must be on one line$/],
      ['Asha\tRao', /contains a control character \(U\+0009\)$/],
      ['Asha\u007fRao', /contains a control character \(U\+007F\)$/],
    ] as const) {
      const reply = await shopper.client.trpc<TrpcError>('mutation', 'account.updateProfile', { name: text });
      expectTrpcRefusal(reply, 400, /name/);
      expect(reply.body.data.fieldErrors?.name, JSON.stringify(text)).toMatch(message);
    }
  });

  it('a multi-line field takes new lines and tabs, not a lone CR or a line separator', async () => {
    for (const [text, message] of [
      ['one\rtwo', /contains a control character \(U\+000D\)$/],
      ['one\u2029two', /contains a Unicode paragraph separator \(U\+2029\): use an ordinary new line$/],
      ['one\n\u000btwo', /contains a control character \(U\+000B\)$/],
    ] as const) {
      const reply = await admin.trpc<TrpcError>('mutation', 'catalog.update', { ...updateOf(), description: text });
      expectTrpcRefusal(reply, 400, /description/);
      expect(reply.body.data.fieldErrors?.description, JSON.stringify(text)).toMatch(message);
    }
  });

  it('the test payment page’s address form → 400 with the message, the order not paid', async () => {
    const buyer = await signInAs(server);
    expect((await buyer.client.post('/api/addtocart', { productId: product.id })).status).toBe(200);
    const started = await buyer.client.post<Envelope<string> & { id: string }>('/api/checkout', {});
    expect(started.status).toBe(200);
    const before = await snapshotDb(server.deps.db, TABLES);
    for (const [field, value, message] of [
      ['name', 'Asha\u0000Rao', 'name contains a control character (U+0000)'],
      ['name', 'Asha\u202eRao', 'name contains an invisible direction-changing character (U+202E)'],
      ['line1', '12 MG\u001b[2J Road', 'address line 1 contains a control character (U+001B)'],
    ] as const) {
      const form = new URLSearchParams(testPayForm('standard'));
      form.set(field, value);
      const pay = await buyer.client.request<string>(`/test-checkout/${started.body.id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      expect(pay.status).toBe(400);
      expect(pay.body).toContain(message);
    }
    expect(await snapshotDb(server.deps.db, TABLES)).toEqual(before);
  });

  it('reads that take text refuse them with a 400 naming the field too (never a 500); search still answers a list', async () => {
    const refusals: [HttpReply<TrpcError>, string][] = [
      [await admin.trpc<TrpcError>('query', 'admin.products', { q: 'zen\u0000ith' }), 'q'],
      [await admin.trpc<TrpcError>('query', 'account.list', { email: 'asha\u0000@example.com' }), 'email'],
      [await visitor.trpc<TrpcError>('query', 'catalog.list', { brands: ['Zen\u0000ith'] }), 'brands.0'],
    ];
    for (const [reply, field] of refusals) {
      expectTrpcRefusal(reply, 400, new RegExp(field.replace(/\./g, '\\.')));
      expect(reply.body.data.fieldErrors?.[field]).toMatch(/contains a control character \(U\+0000\)$/);
    }
    // Search splits the text into words: anything typed there finds what the words find.
    const search = await visitor.trpc<{ items: Product[] }>('query', 'catalog.search', { q: 'aurora\u0000\u202e buds' });
    expect(search.status).toBe(200);
    expectNoLeak(search);
  });
});

describe('a NUL where no free text goes', () => {
  it('an id, a cursor or a search carrying U+0000 is a 4xx on both databases, never a 500, and changes nothing', async () => {
    const before = await snapshotDb(server.deps.db, TABLES);
    const replies: [string, HttpReply][] = [
      ['POST /api/addtocart', await shopper.client.post('/api/addtocart', { productId: `${product.id}\u0000` })],
      ['POST /api/product-details', await visitor.post('/api/product-details', { productId: 'a\u0000b' })],
      ['catalog.details', await visitor.trpc('query', 'catalog.details', { productId: 'a\u0000b' })],
      ['cart.changeQuantity', await shopper.client.trpc('mutation', 'cart.changeQuantity', { _id: 'line\u0000', change: 1 })],
      ['address.remove', await shopper.client.trpc('mutation', 'address.remove', { addressId: 'x\u0000' })],
      ['catalog.byCategory cursor', await visitor.trpc('query', 'catalog.byCategory', { category: 'mobiles', cursor: 'c\u0000' })],
    ];
    for (const [label, reply] of replies) {
      expect({ label, clientError: reply.status >= 400 && reply.status < 500 }).toEqual({ label, clientError: true });
      expectNoLeak(reply);
    }
    expect(await snapshotDb(server.deps.db, TABLES)).toEqual(before);
  });
});

describe('ordinary Indian text passes, stored as typed', () => {
  it('addresses in Devanagari, Kannada and Tamil, with ₹, emoji and joiners (ZWJ/ZWNJ shape Indic letters)', async () => {
    const address = {
      ...ADDRESS,
      name: 'अनन्या श्‍रीवास्तव',
      line1: 'Flat 4B, 2nd Cross, ಜಯನಗರ 4ನೇ ಬ್ಲಾಕ್',
      line2: 'காந்தி தெரு 😀 (near ₹10 shop)',
      city: 'ಬೆಂಗಳೂರು‌',
    };
    const saved = await shopper.client.trpc<SavedAddress>('mutation', 'address.create', { ...address, name: `  ${address.name}\n` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ name: address.name, line1: address.line1, line2: address.line2, city: address.city });
    const listed = await shopper.client.trpc<SavedAddress[]>('query', 'address.list');
    expect(listed.body.find((a) => a._id === saved.body._id)).toMatchObject({ name: address.name, line1: address.line1, line2: address.line2 });
  });

  it('names at sign-up and on the account page', async () => {
    const email = freshEmail();
    const created = await visitor.post<Envelope<User>>('/api/signup', { name: 'ಅನನ್ಯ ರಾವ್', email, password: PASSWORD, confirmPassword: PASSWORD, profilePic: '' });
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe('ಅನನ್ಯ ರಾವ್');
    const renamed = await shopper.client.trpc<User>('mutation', 'account.updateProfile', { name: 'தமிழ்செல்வி 🙂' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('தமிழ்செல்வி 🙂');
  });

  it('product text with ₹ and emoji; a description keeps its new lines (LF and CRLF) and tabs', async () => {
    const description = 'Line one — ₹1,499 only\nLine two 📱\r\n\tIndented: 5000 mAh\n\nमुफ़्त डिलीवरी';
    const created = await admin.trpc<Product>('mutation', 'catalog.create', { ...NEW_PRODUCT, productName: 'Zenith ₹999 फ़ोन 📱', brandName: 'ಜೆನಿತ್', description });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ productName: 'Zenith ₹999 फ़ोन 📱', brandName: 'ಜೆನಿತ್', description });
    const uploaded = await admin.post<Envelope<Product>>('/api/upload-product', { ...NEW_PRODUCT, price: 12_999, sellingPrice: 9_999, description: 'ஒன்று\r\nஇரண்டு' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data.description).toBe('ஒன்று\r\nஇரண்டு');
  });

  it('Settings: policies with lines and bullets, names in Indian scripts; a banner’s alt text in Hindi', async () => {
    const returns = 'Returns within 7 days.\n\n• Unopened boxes only\r\n• ₹0 fee 🙏\n\tExceptions: earphones';
    const settings = testShopSettings({
      grievanceOfficer: { name: 'रवि कुमार', email: 'grievance@voltmart.example', phone: '8041234568' },
      policies: { returns, shipping: '🚚 3–5 ದಿನಗಳು\nதமிழ்நாடு: 4 நாட்கள்' },
    });
    const saved = await admin.trpc('mutation', 'settings.update', withField(settings, 'seller.legalName', 'वोल्टमार्ट रिटेल प्राइवेट लिमिटेड'));
    expect(saved.status).toBe(200);
    const read = await admin.trpc<AdminSettings>('query', 'settings.get');
    expect(read.body.policies.returns).toBe(returns);
    expect(read.body.grievanceOfficer?.name).toBe('रवि कुमार');
    expect(read.body.seller?.legalName).toBe('वोल्टमार्ट रिटेल प्राइवेट लिमिटेड');
    const banner = await admin.trpc<AdminBanner>('mutation', 'catalog.saveBanner', { ...BANNER, alt: 'दिवाली सेल — ₹999 से 🎆' });
    expect(banner.status).toBe(200);
    expect(banner.body.alt).toBe('दिवाली सेल — ₹999 से 🎆');
  });
});
