import type { Kysely } from 'kysely';

// Frozen: this migration never changes once landed. Fix forward with a new file.
//
// The built-in test checkout keeps what its page shows in its own session row, as Stripe keeps
// a Checkout Session's line items and shipping options: the lines it was opened with (name,
// picture, unit price in paise, quantity) and the delivery choices, both JSON. Until now its page
// and its delivery check read them from the order's tables, so the provider knew the shop's
// orders. Sessions already there get theirs from their order. Portable: both databases run it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_checkout_sessions').addColumn('lines', 'text').execute();
  await db.schema.alterTable('test_checkout_sessions').addColumn('shipping_options', 'text').execute();
  const sessions = (await db.selectFrom('test_checkout_sessions').select(['id', 'order_id']).execute()) as { id: string; order_id: string }[];
  for (const session of sessions) {
    const items = (await db
      .selectFrom('order_items')
      .select(['name', 'images', 'unit_price', 'quantity'])
      .where('order_id', '=', session.order_id)
      .orderBy('position')
      .execute()) as { name: string; images: string; unit_price: number | string; quantity: number }[];
    const order: { shipping_offer: string | null } | undefined = await db.selectFrom('orders').select('shipping_offer').where('id', '=', session.order_id).executeTakeFirst();
    const lines = items.map((item) => ({ name: item.name, imageUrl: firstImage(item.images), unitAmount: Number(item.unit_price), quantity: item.quantity }));
    await db
      .updateTable('test_checkout_sessions')
      .set({ lines: JSON.stringify(lines), shipping_options: order?.shipping_offer ?? null })
      .where('id', '=', session.id)
      .execute();
  }
}

function firstImage(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null;
  } catch {
    return null;
  }
}
