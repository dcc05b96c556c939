import { sql, type Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// Categories are the owner's rows (issue 27). Until now the twelve categories of the spec were a
// constant in the code and their tax a table of its own (category_tax); from here `categories`
// holds each one: its value (the slug products and /api carry), label, place in menus, whether
// it is hidden, its HSN code and GST rate (basis points), its home page row (heading, small or
// large cards and the row's place; no heading: no row) and its spec template (JSON: the
// attributes its products have; shared/schemas/categories.ts validates it).
//
// The twelve are written with the spec's labels and the home rows exactly as the first release
// drew them (so the spec's screens do not change), their HSN and GST from category_tax, which
// is then dropped: nothing reads it any more, and one source of a category's tax is enough.
//
// The same SQL on both databases for the table; the trigger that stales the shared replies is
// SQLite's here (a row in cache_invalidations) and PostgreSQL's in postgres/ (pg_notify). Tags:
//   categories         the list (bubbles, home rows, filters, titles: every storefront page)
//   category:<value>   that category's listing
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await createCategories(db);
  const log = (...tags: string[]) => `insert into cache_invalidations (tag) values ${tags.map((t) => `(${t})`).join(', ')};`;
  await sql.raw(`create trigger categories_insert_invalidate after insert on categories begin ${log(`'categories'`, `'category:' || new.value`)} end`).execute(db);
  await sql
    .raw(
      `create trigger categories_update_invalidate after update on categories begin
        ${log(`'categories'`, `'category:' || new.value`)}
        insert into cache_invalidations (tag) select 'category:' || old.value where old.value is not new.value;
      end`,
    )
    .execute(db);
  await sql.raw(`create trigger categories_delete_invalidate after delete on categories begin ${log(`'categories'`, `'category:' || old.value`)} end`).execute(db);
}

/** The table and its first rows, the same on both databases (postgres/ calls this too). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createCategories(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('value', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hsn', 'text', (c) => c.notNull())
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('home_heading', 'text')
    .addColumn('home_cards', 'text')
    .addColumn('home_position', 'integer')
    .addColumn('spec_template', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_position').on('categories').columns(['position', 'value']).execute();

  // The spec's twelve, in the first release's menu order; the home rows as spec §2 lists them.
  const at = '2026-12-03T00:00:00.000Z';
  const spec: [value: string, label: string, home: [heading: string, cards: 'small' | 'large', place: number] | null, hsn: string][] = [
    ['airpodes', 'Airpodes', ["Top's Airpodes", 'small', 1], '85183000'],
    ['camera', 'Camera', ['Camera & Photography', 'large', 6], '85258900'],
    ['earphones', 'Earphones', ['Wired Earphones', 'large', 7], '85183000'],
    ['mobiles', 'Mobiles', ['Mobiles', 'large', 3], '85171300'],
    ['Mouse', 'Mouse', ['Mouse', 'large', 4], '84716060'],
    ['printers', 'Printers', null, '84433250'],
    ['processor', 'Processor', null, '85423100'],
    ['refrigerator', 'Refrigerator', ['Refrigerator', 'large', 9], '84182100'],
    ['speakers', 'Speakers', ['Bluetooth Speakers', 'large', 8], '85182200'],
    ['trimmers', 'Trimmers', ['Trimmers', 'large', 10], '85102000'],
    ['televisions', 'Televisions', ['Televisions', 'large', 5], '852872'],
    ['watches', 'Watches', ["Popular's Watches", 'small', 2], '85176290'],
  ];
  const taxes = new Map(
    (await db.selectFrom('category_tax').select(['category', 'hsn', 'gst_rate_bp']).execute()).map((r: { category: string; hsn: string; gst_rate_bp: number }) => [r.category, r]),
  );
  await db
    .insertInto('categories')
    .values(
      spec.map(([value, label, home, hsn], i) => ({
        value,
        label,
        position: i + 1,
        hidden: 0,
        hsn: taxes.get(value)?.hsn ?? hsn,
        gst_rate_bp: Number(taxes.get(value)?.gst_rate_bp ?? 1800),
        home_heading: home?.[0] ?? null,
        home_cards: home?.[1] ?? null,
        home_position: home?.[2] ?? null,
        spec_template: '[]',
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await db.schema.dropTable('category_tax').execute();
}
