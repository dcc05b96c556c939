import { toPage } from '../lib/cursor';
import { formatINR } from '../../shared/money';
import { newId, type DB } from '../db/database';
import { categoryLabel } from '../../shared/categories';
import type { AuditEntry } from '../../shared/schemas/audit';

/**
 * The audit log: who changed what in the admin panel, and when. Settings and tax changes and
 * role changes are written to `audit_log` in the transaction of the change; stock changes
 * made by an admin are already recorded, with their actor, as stock movements, and the log
 * shows them from there.
 */

export type AuditAction =
  'settings.update' | 'tax.category' | 'tax.product' | 'user.role' | 'user.password' | 'user.email' | 'user.two-factor' | 'user.delete' | 'catalog.demo-removed' | 'order.refund';

export async function writeAudit(db: DB, entry: { at: string; actorId: string | null; action: AuditAction; detail: unknown }): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ id: newId(), at: entry.at, actor_id: entry.actorId, action: entry.action, detail: JSON.stringify(entry.detail) })
    .execute();
}

type Key = { at: string; id: string };
const before = (a: Key, b: Key) => a.at > b.at || (a.at === b.at && a.id > b.id);

function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const rate = (bp: unknown) => (typeof bp === 'number' ? `${bp / 100}%` : 'the category’s rate');

function summaryOf(action: string, detail: Record<string, unknown>): string {
  switch (action) {
    case 'settings.update':
      return `Changed the settings: ${Array.isArray(detail.changed) ? detail.changed.join(', ') : 'some sections'}`;
    case 'tax.category':
      return `Set the GST of ${categoryLabel(String(detail.category))}: HSN ${String(detail.hsn)} at ${rate(detail.rateBasisPoints)}`;
    case 'tax.product':
      return `Set a product’s own GST (${String(detail.productId)}): HSN ${typeof detail.hsn === 'string' ? detail.hsn : 'the category’s'} at ${rate(detail.rateBasisPoints)}`;
    case 'user.role':
      return `Made ${String(detail.email)} ${String(detail.to)} (was ${String(detail.from)})`;
    case 'user.password':
      return 'Changed their password (other sessions ended)';
    case 'user.email':
      return `Changed their email from ${String(detail.from)} to ${String(detail.to)}`;
    case 'user.two-factor':
      return detail.enabled === true ? 'Turned on two-factor sign-in' : 'Turned off two-factor sign-in';
    case 'catalog.demo-removed':
      return `Removed the demo data: ${String(detail.productsDeleted)} products deleted, ${String(detail.productsArchived)} archived (in orders), ${String(detail.bannersDeleted)} banners deleted`;
    case 'order.refund':
      return detail.status === 'failed'
        ? `Refund of order ${String(detail.orderId)} through ${String(detail.provider)} failed: ${String(detail.error)}`
        : `Refunded order ${String(detail.orderId)} through ${String(detail.provider)} (${formatINR(Number(detail.amount))}, ${String(detail.status)})`;
    case 'user.delete':
      return `Deleted their account (${String(detail.userId)}); its orders are kept`;
    default:
      return action;
  }
}

/**
 * The log newest first, one keyset page at a time: audit entries and admins' stock changes
 * merged by time. `cursor` is the last entry's (at, id).
 */
export async function listAudit(db: DB, opts: { limit: number; cursor?: Key }): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const { limit, cursor } = opts;
  let entries = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select(['audit_log.id', 'audit_log.at', 'audit_log.action', 'audit_log.detail', 'audit_log.actor_id', 'users.name as actor_name', 'users.email as actor_email']);
  let stock = db
    .selectFrom('stock_movements')
    .innerJoin('products', 'products.id', 'stock_movements.product_id')
    .leftJoin('users', 'users.id', 'stock_movements.actor_id')
    .select([
      'stock_movements.id',
      'stock_movements.at',
      'stock_movements.reason',
      'stock_movements.stock_before',
      'stock_movements.stock_after',
      'stock_movements.note',
      'stock_movements.actor_id',
      'products.id as product_id',
      'products.product_name',
      'users.name as actor_name',
      'users.email as actor_email',
    ])
    .where('stock_movements.actor_id', 'is not', null);
  if (cursor) {
    entries = entries.where((eb) => eb.or([eb('audit_log.at', '<', cursor.at), eb.and([eb('audit_log.at', '=', cursor.at), eb('audit_log.id', '<', cursor.id)])]));
    stock = stock.where((eb) => eb.or([eb('stock_movements.at', '<', cursor.at), eb.and([eb('stock_movements.at', '=', cursor.at), eb('stock_movements.id', '<', cursor.id)])]));
  }
  const [auditRows, stockRows] = await Promise.all([
    entries
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(limit + 1)
      .execute(),
    stock
      .orderBy('stock_movements.at', 'desc')
      .orderBy('stock_movements.id', 'desc')
      .limit(limit + 1)
      .execute(),
  ]);
  const actor = (id: string | null, name: string | null, email: string | null) => (id !== null && name !== null && email !== null ? { _id: id, name, email } : null);
  const merged: AuditEntry[] = [
    ...auditRows.map((r) => {
      const detail = parse(r.detail);
      return { _id: r.id, at: r.at, action: r.action, actor: actor(r.actor_id, r.actor_name, r.actor_email), summary: summaryOf(r.action, detail), detail };
    }),
    ...stockRows.map((r) => ({
      _id: r.id,
      at: r.at,
      action: 'stock',
      actor: actor(r.actor_id, r.actor_name, r.actor_email),
      summary: `Stock of ${r.product_name}: ${r.stock_before} → ${r.stock_after}${r.note ? ` (${r.note})` : ''}`,
      detail: { productId: r.product_id, reason: r.reason, from: r.stock_before, to: r.stock_after, note: r.note },
    })),
  ].sort((a, b) => (before({ at: a.at, id: a._id }, { at: b.at, id: b._id }) ? -1 : 1));
  return toPage(merged, limit, (entry) => [entry.at, entry._id]);
}
