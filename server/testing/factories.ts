import { sql } from 'kysely';
import { newId } from '../db/database';
import type { DB } from '../db/database';
import { hashPassword } from '../features/account/account.service';
import { HttpClient, type TestServer } from './test-server';
import { gstinCheckCharacter } from '../../shared/gst';
import type { ShopSettingsInput } from '../../shared/schemas/settings';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export type TestUser = { id: string; email: string; password: string; name: string; role: 'ADMIN' | 'GENERAL' };

/** Inserts a real user row (Argon2id hash included) and returns its credentials. */
export async function insertUser(db: DB, overrides: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  const user = {
    id: newId(),
    name: overrides.name ?? 'Test Shopper',
    email: overrides.email ?? `shopper-${unique()}@example.com`,
    password: overrides.password ?? 'correct horse battery',
    role: overrides.role ?? 'GENERAL',
  };
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id: user.id,
      name: user.name,
      email: user.email,
      password_hash: await hashPassword(user.password),
      role: user.role,
      profile_pic: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return user;
}

export type TestProduct = { id: string; productName: string; category: string; price: number; sellingPrice: number; stock: number };

/** Inserts a product row (prices in paise). */
export async function insertProduct(
  db: DB,
  overrides: Partial<{
    productName: string;
    brandName: string;
    category: string;
    description: string;
    price: number;
    sellingPrice: number;
    stock: number;
    trackStock: boolean;
    images: string[];
    archived: boolean;
    createdAt: string;
  }> = {},
): Promise<TestProduct> {
  const now = overrides.createdAt ?? new Date().toISOString();
  const product = {
    id: newId(),
    productName: overrides.productName ?? `Test Phone ${unique()}`,
    category: overrides.category ?? 'mobiles',
    price: overrides.price ?? 2_999_900,
    sellingPrice: overrides.sellingPrice ?? 2_499_900,
    stock: overrides.stock ?? 10,
  };
  await db
    .insertInto('products')
    .values({
      id: product.id,
      product_name: product.productName,
      brand_name: overrides.brandName ?? 'Testbrand',
      category: product.category,
      description: overrides.description ?? 'A product made for tests.',
      price: product.price,
      selling_price: product.sellingPrice,
      stock: product.stock,
      track_stock: overrides.trackStock === false ? 0 : 1,
      images: JSON.stringify(overrides.images ?? ['/images/test.webp']),
      archived_at: overrides.archived ? now : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // Its one default variant, as the catalogue inserts it (not in a shop older than variants:
  // the migration tests make those, and the variants migration makes the variant).
  if (await hasVariants(db)) {
    await db.updateTable('products').set({ price_min: product.sellingPrice, price_max: product.sellingPrice }).where('id', '=', product.id).execute();
    await db
      .insertInto('product_variants')
      .values({
        id: product.id,
        product_id: product.id,
        sku: `VM-${product.id.toUpperCase()}`,
        price: product.price,
        selling_price: product.sellingPrice,
        stock: overrides.trackStock === false ? 0 : product.stock,
        track_stock: overrides.trackStock === false ? 0 : 1,
        weight_grams: null,
        ean: null,
        archived_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return product;
}

async function hasVariants(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom('kysely_migration' as never)
    .select(sql<number>`count(*)`.as('n'))
    .where(sql.ref('name'), '=', '2026-12-03-03-variants')
    .executeTakeFirst()
    .catch(() => undefined);
  return Number((row as { n?: unknown } | undefined)?.n ?? 0) > 0;
}

/** A signed-in HttpClient for a new user of the given role. */
export async function signInAs(server: TestServer, role: 'ADMIN' | 'GENERAL' = 'GENERAL'): Promise<{ client: HttpClient; user: TestUser }> {
  const user = await insertUser(server.deps.db, { role });
  const client = new HttpClient(server.url);
  const reply = await client.post('/api/signin', { email: user.email, password: user.password });
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { client, user };
}

/**
 * The delivery address the built-in payment page asks for when an order comes from the legacy
 * checkout without one (form fields: name, line1, line2, city, state code, PIN).
 */
export const TEST_PAGE_ADDRESS = { name: 'Asha Rao', line1: '12 MG Road', line2: '', city: 'Bengaluru', state: '29', pin: '560001' } as const;

/** The test payment page's Pay form: the delivery choice and the address. */
export function testPayForm(shipping: 'standard' | 'express'): string {
  return new URLSearchParams({ shipping, ...TEST_PAGE_ADDRESS }).toString();
}

/** A valid seller GSTIN in Karnataka (29), its check character computed. */
export const TEST_SELLER_GSTIN = `29AAACV1234F1Z${gstinCheckCharacter('29AAACV1234F1Z')}`;

/**
 * Shop settings with a seller in Bengaluru (so paid orders get invoices), all of India
 * serviceable, free standard and ₹99 express delivery: what settings.update takes.
 */
export function testShopSettings(overrides: Partial<ShopSettingsInput> = {}): ShopSettingsInput {
  return {
    seller: {
      legalName: 'Voltmart Retail Private Limited',
      tradeName: 'Voltmart',
      gstin: TEST_SELLER_GSTIN,
      address: { line1: '42 Residency Road', line2: '', city: 'Bengaluru', stateCode: '29', pin: '560025' },
      email: 'accounts@voltmart.example',
      phone: '8041234567',
    },
    invoicePrefix: 'VM',
    grievanceOfficer: null,
    policies: { returns: '', shipping: '' },
    shipping: { standardPaise: 0, expressPaise: 9900, freeAbovePaise: null, standardDays: '3–5', expressDays: '1–2', serviceablePins: [] },
    tax: { shippingSac: '996812', shippingRateBp: 1800, b2cHsnDigits: 4 },
    ...overrides,
  };
}
