import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// PostgreSQL's form of ../2026-11-22-01-initial.ts: the same tables, columns, checks and
// indexes, so every query in the features runs unchanged. Differences:
// - money columns are bigint (SQLite's integers are 64-bit too); the pool reads int8 as a JS
//   number (server/db/database.ts);
// - search: instead of an FTS5 table, products carry a generated, weighted tsvector (name A,
//   brand B, category C, description D, accents folded by unaccent) under a GIN index, plus a
//   trigram index on the name for typo-tolerant lookups later (server/features/catalog/search).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // unaccent() is only STABLE (its dictionary could change); a generated column needs an
  // IMMUTABLE function, so this wrapper names the dictionary explicitly (the documented way).
  await sql`create or replace function voltmart_unaccent(text) returns text
    language sql immutable strict parallel safe
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);

  await sql`create table users (
    id text primary key,
    name text not null,
    email text not null unique,
    password_hash text not null,
    role text not null check (role in ('ADMIN', 'GENERAL')),
    profile_pic text not null default '',
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  await sql`create index users_created_at on users (created_at, id)`.execute(db);

  await sql`create table sessions (
    id text primary key,
    user_id text not null references users (id) on delete cascade,
    created_at text not null,
    expires_at text not null
  )`.execute(db);
  await sql`create index sessions_user on sessions (user_id)`.execute(db);

  await sql`create table login_attempts (
    key text not null,
    attempted_at text not null
  )`.execute(db);
  await sql`create index login_attempts_key on login_attempts (key, attempted_at)`.execute(db);

  await sql`create table products (
    id text primary key,
    product_name text not null,
    brand_name text not null,
    category text not null,
    description text not null default '',
    price bigint not null check (price > 0),
    selling_price bigint not null check (selling_price > 0 and selling_price <= price),
    stock integer not null default 0 check (stock >= 0),
    images text not null default '[]',
    archived_at text,
    created_at text not null,
    updated_at text not null,
    search_vector tsvector generated always as (
      setweight(to_tsvector('simple', voltmart_unaccent(product_name)), 'A') ||
      setweight(to_tsvector('simple', voltmart_unaccent(brand_name)), 'B') ||
      setweight(to_tsvector('simple', voltmart_unaccent(category)), 'C') ||
      setweight(to_tsvector('simple', voltmart_unaccent(description)), 'D')
    ) stored
  )`.execute(db);
  await sql`create index products_category_created on products (category, created_at, id)`.execute(db);
  await sql`create index products_category_price on products (category, selling_price, id)`.execute(db);
  await sql`create index products_created on products (created_at, id)`.execute(db);
  await sql`create index products_price on products (selling_price, id)`.execute(db);
  await sql`create index products_search on products using gin (search_vector)`.execute(db);
  await sql`create index products_name_trgm on products using gin (voltmart_unaccent(lower(product_name)) gin_trgm_ops)`.execute(db);

  await sql`create table banners (
    id text primary key,
    kind text not null check (kind in ('desktop', 'mobile')),
    position integer not null,
    image_url text not null,
    alt text not null,
    link text not null default '/',
    created_at text not null
  )`.execute(db);

  await sql`create table cart_items (
    id text primary key,
    user_id text references users (id) on delete cascade,
    guest_id text,
    product_id text not null references products (id),
    quantity integer not null check (quantity >= 1),
    created_at text not null,
    updated_at text not null,
    constraint cart_items_owner check ((user_id is null) <> (guest_id is null))
  )`.execute(db);
  await sql`create unique index cart_items_user_product on cart_items (user_id, product_id) where user_id is not null`.execute(db);
  await sql`create unique index cart_items_guest_product on cart_items (guest_id, product_id) where guest_id is not null`.execute(db);

  await sql`create table orders (
    id text primary key,
    user_id text not null references users (id),
    email text not null,
    status text not null check (status in ('pending', 'paid', 'shipped', 'delivered', 'cancelled')),
    provider text not null check (provider in ('stripe', 'test')),
    payment_session_id text unique,
    payment_intent_id text,
    payment_method_types text not null default '[]',
    payment_status text not null default 'unpaid',
    shipping_rate text,
    shipping_amount bigint not null default 0,
    shipping_address text,
    total_amount bigint not null,
    amount_charged bigint,
    amount_mismatch integer not null default 0,
    expires_at text,
    paid_at text,
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  await sql`create index orders_user_created on orders (user_id, created_at)`.execute(db);
  await sql`create index orders_status_created on orders (status, created_at)`.execute(db);
  await sql`create index orders_created on orders (created_at, id)`.execute(db);

  await sql`create table order_items (
    id text primary key,
    order_id text not null references orders (id) on delete cascade,
    product_id text not null,
    name text not null,
    images text not null default '[]',
    unit_price bigint not null,
    quantity integer not null check (quantity >= 1),
    position integer not null
  )`.execute(db);
  await sql`create index order_items_order on order_items (order_id, position)`.execute(db);

  await sql`create table test_checkout_sessions (
    id text primary key,
    order_id text not null references orders (id),
    status text not null check (status in ('open', 'complete', 'expired')),
    payment_status text not null check (payment_status in ('unpaid', 'paid')),
    shipping_rate text,
    shipping_amount bigint,
    amount_total bigint not null,
    created_at text not null,
    expires_at text not null
  )`.execute(db);
}
