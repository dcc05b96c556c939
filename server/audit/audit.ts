import { toPage } from '../lib/cursor';
import { formatINR } from '../../shared/money';
import { newId, rowsPerStatement, type DB } from '../db/database';
import { categoryLabel } from '../../shared/categories';
import type { AuditEntry, AuditKind } from '../../shared/schemas/audit';
import { FACT_LABELS, warrantyPeriod, type ProductFactField } from '../../shared/product-facts';

/**
 * The audit log: who changed what in the admin panel, and when, with before and after. Every
 * change to the catalogue (products, banners, the demo data), to an order (status moves,
 * refunds), to settings, tax and roles, and each account's own security changes is written to
 * `audit_log` in the transaction of the change, so it is recorded exactly when the change
 * commits. Stock changes made by an admin are already recorded, with their actor, as stock
 * movements, and the log shows them from there.
 */

export type AuditAction =
  | 'settings.update'
  | 'tax.category'
  | 'tax.product'
  | 'user.role'
  | 'user.password'
  | 'user.email'
  | 'user.two-factor'
  | 'user.delete'
  | 'catalog.demo-removed'
  | 'catalog.export'
  | 'catalog.import'
  | 'catalog.bulk-edit'
  | 'product.create'
  | 'product.update'
  | 'product.archive'
  | 'product.restore'
  | 'variant.add'
  | 'variant.update'
  | 'variant.archive'
  | 'variant.restore'
  | 'order.status'
  | 'order.refund'
  | 'order.packed'
  | 'order.eway-bill'
  | 'order.tracking'
  | 'banner.add'
  | 'banner.edit'
  | 'banner.move'
  | 'banner.delete'
  | 'category.add'
  | 'category.update'
  | 'category.move'
  | 'category.delete'
  | 'offer.create'
  | 'offer.update'
  | 'offer.pause'
  | 'offer.resume'
  | 'offer.duplicate'
  | 'stock.low_alert'
  | 'return.update';

/** Which kind (the audit page's badge and filter) each action is. */
const KIND_OF: Record<AuditAction, AuditKind> = {
  'settings.update': 'settings',
  'tax.category': 'tax',
  'tax.product': 'tax',
  'user.role': 'role',
  'user.password': 'account',
  'user.email': 'account',
  'user.two-factor': 'account',
  'user.delete': 'account',
  'catalog.demo-removed': 'catalog',
  'catalog.export': 'catalog',
  'catalog.import': 'catalog',
  'catalog.bulk-edit': 'catalog',
  'product.create': 'product',
  'product.update': 'product',
  'product.archive': 'product',
  'product.restore': 'product',
  'variant.add': 'product',
  'variant.update': 'product',
  'variant.archive': 'product',
  'variant.restore': 'product',
  'order.status': 'order',
  'order.refund': 'order',
  'order.packed': 'order',
  'order.eway-bill': 'order',
  'order.tracking': 'order',
  'return.update': 'order',
  'banner.add': 'banner',
  'banner.edit': 'banner',
  'banner.move': 'banner',
  'banner.delete': 'banner',
  'category.add': 'category',
  'category.update': 'category',
  'category.move': 'category',
  'category.delete': 'category',
  'offer.create': 'offer',
  'offer.update': 'offer',
  'offer.pause': 'offer',
  'offer.resume': 'offer',
  'offer.duplicate': 'offer',
  'stock.low_alert': 'stock',
};

const isAction = (action: string): action is AuditAction => Object.hasOwn(KIND_OF, action);
/** An action this version does not know (written by a newer one) goes with the known actions of its prefix. */
const kindOf = (action: string): AuditKind =>
  isAction(action) ? KIND_OF[action] : (Object.entries(KIND_OF).find(([known]) => known.split('.')[0] === action.split('.')[0])?.[1] ?? 'settings');
const actionsOf = (kind: AuditKind) => (Object.keys(KIND_OF) as AuditAction[]).filter((action) => KIND_OF[action] === kind);

/** One field of a record before and after a change (an entry's `detail.changes`). */
export type FieldChange = { field: string; from: unknown; to: unknown };

/** The `fields` whose values differ between `before` and `after` (compared as JSON), in `fields`' order. */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): FieldChange[] {
  return fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field])).map((field) => ({ field, from: before[field], to: after[field] }));
}

export async function writeAudit(db: DB, entry: { at: string; actorId: string | null; action: AuditAction; detail: unknown }): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ id: newId(), at: entry.at, actor_id: entry.actorId, action: entry.action, detail: JSON.stringify(entry.detail) })
    .execute();
}

/** writeAudit for many entries at once (a catalogue import's hundreds of thousands): multi-row inserts. */
export async function writeAudits(db: DB, entries: readonly { at: string; actorId: string | null; action: AuditAction; detail: unknown }[]): Promise<void> {
  const size = rowsPerStatement(db);
  for (let i = 0; i < entries.length; i += size) {
    await db
      .insertInto('audit_log')
      .values(entries.slice(i, i + size).map((entry) => ({ id: newId(), at: entry.at, actor_id: entry.actorId, action: entry.action, detail: JSON.stringify(entry.detail) })))
      .execute();
  }
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
const money = (paise: unknown) => (typeof paise === 'number' ? formatINR(paise) : '?');
const quoted = (text: unknown) => `“${String(text)}”`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const changesOf = (detail: Record<string, unknown>): FieldChange[] => (Array.isArray(detail.changes) ? (detail.changes as FieldChange[]) : []);
const carousel = (kind: unknown) => (kind === 'mobile' ? 'phone' : 'desktop');
const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);

/** "SKU S24-256-GRY (256 GB, Marble Grey)": a variant in an audit summary. */
const variantNamed = (detail: Record<string, unknown>) => `SKU ${String(detail.sku)}${typeof detail.label === 'string' && detail.label !== '' ? ` (${detail.label})` : ''}`;

/** A variant field's change in words: "selling price ₹79,999.00 → ₹74,999.00", "SKU A → B". */
function variantChange(change: FieldChange): string {
  if (change.field === 'sku') return `SKU ${String(change.from)} → ${String(change.to)}`;
  if (change.field === 'price' || change.field === 'sellingPrice') return productChange(change);
  if (change.field === 'lowStockLevel') {
    const level = (value: unknown) => (typeof value === 'number' ? `${value} units` : 'the shop’s default');
    return `low-stock level ${level(change.from)} → ${level(change.to)}`;
  }
  return `${change.field} ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`;
}

/** A product field's change in words: "selling price ₹12,999.00 → ₹9,999.00". */
function productChange(change: FieldChange): string {
  switch (change.field) {
    case 'price':
      return `price ${money(change.from)} → ${money(change.to)}`;
    case 'sellingPrice':
      return `selling price ${money(change.from)} → ${money(change.to)}`;
    case 'productName':
      return `name ${quoted(change.from)} → ${quoted(change.to)}`;
    case 'brandName':
      return `brand ${quoted(change.from)} → ${quoted(change.to)}`;
    case 'category':
      return `category ${categoryLabel(String(change.from))} → ${categoryLabel(String(change.to))}`;
    case 'description':
      return 'description edited';
    case 'productImage':
      return count(change.from) === count(change.to) ? 'pictures changed' : `pictures changed (${count(change.from)} → ${count(change.to)})`;
    case 'trackStock':
      return change.to === true ? 'stock counted from now on' : 'stock no longer counted (always available)';
    case 'warrantyMonths':
      return `warranty ${change.from === null ? 'none given' : warrantyPeriodText(change.from)} → ${warrantyPeriodText(change.to)}`;
    default:
      return isFactField(change.field) ? `${FACT_LABELS[change.field].toLowerCase()} ${factText(change.from)} → ${factText(change.to)}` : `${change.field} changed`;
  }
}

const isFactField = (field: string): field is ProductFactField => Object.hasOwn(FACT_LABELS, field);
/** A fact's value in the log: quoted, or "none" for one not given. */
const factText = (value: unknown) => (value === null || value === undefined || value === '' ? 'none' : quoted(value));
const warrantyPeriodText = (months: unknown) => (typeof months !== 'number' ? 'none' : months === 0 ? 'no warranty' : warrantyPeriod(months));

/** A banner field's change in words. */
function bannerChange(change: FieldChange): string {
  switch (change.field) {
    case 'alt':
      return `alt text ${quoted(change.from)} → ${quoted(change.to)}`;
    case 'link':
      return `link ${String(change.from)} → ${String(change.to)}`;
    case 'imageUrl':
      return 'picture replaced';
    case 'hidden':
      return change.to === true ? 'hidden' : 'shown again';
    case 'kind':
      return `moved to the ${carousel(change.to)} carousel`;
    default:
      return `${change.field} changed`;
  }
}

/** A category field's change in words ("GST rate 18% → 5%"). */
function categoryChange(change: FieldChange): string {
  const homeRow = (row: unknown) => {
    const r = row as { heading?: unknown; cards?: unknown } | null;
    return r ? `${quoted(r.heading)} (${String(r.cards)} cards)` : 'none';
  };
  switch (change.field) {
    case 'label':
      return `label ${quoted(change.from)} → ${quoted(change.to)}`;
    case 'hidden':
      return change.to === true ? 'hidden' : 'shown again';
    case 'hsn':
      return `HSN ${String(change.from)} → ${String(change.to)}`;
    case 'rateBasisPoints':
      return `GST rate ${rate(change.from)} → ${rate(change.to)}`;
    case 'homeRow':
      return `home row ${homeRow(change.from)} → ${homeRow(change.to)}`;
    case 'template':
      return `spec template edited (${count(change.from)} → ${count(change.to)} attributes)`;
    case 'unitIds':
      return `unit numbers ${unitIdsWord(change.from)} → ${unitIdsWord(change.to)}`;
    default:
      return `${change.field} changed`;
  }
}

/** What packing asks of a category's units, in a summary: "none", "serial number", "IMEI". */
const unitIdsWord = (kind: unknown) => (kind === 'imei' ? 'IMEI' : kind === 'serial' ? 'serial number' : 'none');

/** The label of a category edit: what an owner would call it. */
function categoryEditLabel(changes: FieldChange[]): string {
  const only = changes.length === 1 ? changes[0] : undefined;
  if (only?.field === 'label') return 'Category renamed';
  if (only?.field === 'hidden') return only.to === true ? 'Category hidden' : 'Category shown';
  if (only?.field === 'template') return 'Spec template changed';
  if (only?.field === 'homeRow') return 'Home row changed';
  if (only?.field === 'unitIds') return 'Unit numbers changed';
  if (changes.some((c) => c.field === 'rateBasisPoints')) return 'GST rate changed';
  return 'Category edited';
}

const STATUS_LABEL: Record<string, string> = {
  shipped: 'Order shipped',
  delivered: 'Order delivered',
  cancelled: 'Order cancelled',
  returned: 'Order returned',
};

/** An order as the log names it: its readable number (VM-2026-000123) when known, else its id. */
const orderNamed = (detail: Record<string, unknown>) => String(typeof detail.orderNumber === 'string' ? detail.orderNumber : detail.orderId);

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', razorpay: 'Razorpay', test: 'the test checkout', cod: 'cash on delivery' };
const providerName = (provider: unknown) => PROVIDER_NAMES[String(provider)] ?? String(provider);

const STOCK_LABEL: Record<string, string> = {
  admin: 'Stock changed',
  created: 'Opening stock',
  tracking_on: 'Stock counted',
  import: 'Stock imported',
  bulk_edit: 'Stock changed in bulk edit',
  restock: 'Units back in stock',
  shortage_filled: 'Stock taken for an order',
  return: 'A returned unit back on sale',
};

/** An offer's kind in words ('coupon', 'sale price', 'buy X get Y offer', 'prepaid discount'). */
const offerKind = (kind: unknown) =>
  (({ coupon: 'coupon', 'sale-price': 'sale price', 'buy-x-get-y': 'buy X get Y offer', prepaid: 'prepaid discount' }) as Record<string, string>)[String(kind)] ?? 'offer';

/** An entry's label (the action in words) and summary (what changed, from what to what). */
function describe(action: string, detail: Record<string, unknown>): { label: string; summary: string } {
  switch (action) {
    case 'settings.update':
      return { label: 'Settings changed', summary: `Changed the settings: ${Array.isArray(detail.changed) ? detail.changed.join(', ') : 'some sections'}` };
    case 'tax.category':
      return { label: 'Category GST set', summary: `Set the GST of ${categoryLabel(String(detail.category))}: HSN ${String(detail.hsn)} at ${rate(detail.rateBasisPoints)}` };
    case 'tax.product':
      return {
        label: 'Product GST set',
        summary: `Set a product’s own GST (${String(detail.productId)}): HSN ${typeof detail.hsn === 'string' ? detail.hsn : 'the category’s'} at ${rate(detail.rateBasisPoints)}`,
      };
    case 'user.role':
      return { label: 'Role changed', summary: `Made ${String(detail.email)} ${String(detail.to)} (was ${String(detail.from)})` };
    case 'user.password':
      return { label: 'Password changed', summary: 'Changed their password (other sessions ended)' };
    case 'user.email':
      return { label: 'Email changed', summary: `Changed their email from ${String(detail.from)} to ${String(detail.to)}` };
    case 'user.two-factor':
      return detail.enabled === true
        ? { label: 'Two-factor sign-in on', summary: 'Turned on two-factor sign-in' }
        : { label: 'Two-factor sign-in off', summary: 'Turned off two-factor sign-in' };
    case 'user.delete':
      return { label: 'Account deleted', summary: `Deleted their account (${String(detail.userId)}); its orders are kept` };
    case 'catalog.demo-removed':
      return {
        label: 'Demo data removed',
        summary: `Removed the demo data: ${String(detail.productsDeleted)} products deleted, ${String(detail.productsArchived)} archived (in orders), ${String(detail.bannersDeleted)} banners deleted`,
      };
    case 'catalog.export':
      return { label: 'Catalogue exported', summary: `Exported the catalogue as ${String(detail.format).toUpperCase()}: ${String(detail.rows)} rows (one per variant)` };
    case 'catalog.bulk-edit': {
      const c = (detail.counts ?? {}) as Record<string, unknown>;
      return {
        label: 'Bulk edit saved',
        summary: `Saved ${String(c.variants)} variants in the bulk edit grid: ${String(c.prices)} price changes, ${String(c.stock)} stock changes, ${String(c.archived)} archived, ${String(c.restored)} restored; ${String(detail.refused)} refused (changed meanwhile)`,
      };
    }
    case 'catalog.import': {
      const p = (detail.products ?? {}) as Record<string, unknown>;
      const v = (detail.variants ?? {}) as Record<string, unknown>;
      return {
        label: 'Catalogue imported',
        summary: `Imported ${String(detail.fileName)} (${String(detail.rows)} rows): products ${String(p.create)} added, ${String(p.update)} updated; variants ${String(v.create)} added, ${String(v.update)} updated, ${String(v.unchanged)} unchanged`,
      };
    }
    case 'product.create':
      return {
        label: 'Product added',
        summary: `Added ${String(detail.name)} (${String(detail.brandName)}, ${categoryLabel(String(detail.category))}) at ${money(detail.sellingPrice)}, price ${money(detail.price)}${
          detail.trackStock === true ? `, ${String(detail.stock)} in stock` : ', stock not counted'
        }`,
      };
    case 'product.update': {
      const changes = changesOf(detail);
      const fields = changes.map((c) => c.field);
      const label =
        fields.includes('price') || fields.includes('sellingPrice')
          ? 'Price changed'
          : fields.length === 1 && fields[0] === 'productName'
            ? 'Product renamed'
            : fields.length > 0 && fields.every(isFactField)
              ? 'Legal details changed'
              : 'Product edited';
      return { label, summary: `${String(detail.name)}: ${changes.map(productChange).join('; ')}` };
    }
    case 'product.archive':
      return { label: 'Product archived', summary: `Took ${String(detail.name)} off sale (orders keep their copy)` };
    case 'product.restore':
      return { label: 'Product restored', summary: `Put ${String(detail.name)} back on sale` };
    case 'variant.add':
      return {
        label: 'Variant added',
        summary: `${String(detail.name)}: added the variant ${variantNamed(detail)} at ${money(detail.sellingPrice)}, price ${money(detail.price)}`,
      };
    case 'variant.update': {
      const changes = changesOf(detail);
      const priced = changes.some((c) => c.field === 'price' || c.field === 'sellingPrice');
      return { label: priced ? 'Price changed' : 'Variant edited', summary: `${String(detail.name)}, variant ${variantNamed(detail)}: ${changes.map(variantChange).join('; ')}` };
    }
    case 'variant.archive':
      return { label: 'Variant archived', summary: `${String(detail.name)}: took the variant ${variantNamed(detail)} off sale (orders keep their copy)` };
    case 'variant.restore':
      return { label: 'Variant restored', summary: `${String(detail.name)}: put the variant ${variantNamed(detail)} back on sale` };
    case 'order.packed': {
      const units = Array.isArray(detail.units) ? (detail.units as { kind?: unknown; value?: unknown }[]) : [];
      const numbers = units.map((u) => `${u.kind === 'imei' ? 'IMEI' : 'serial'} ${String(u.value)}`);
      const parts = [`Order ${orderNamed(detail)} packed`];
      if (numbers.length > 0) parts.push(numbers.join(', '));
      if (typeof detail.ewayBill === 'string') parts.push(`e-way bill ${detail.ewayBill}`);
      return { label: 'Order packed', summary: parts.join('; ') };
    }
    case 'order.eway-bill':
      return { label: 'E-way bill recorded', summary: `Order ${orderNamed(detail)}: e-way bill ${String(detail.number)} of ${String(detail.date)}` };
    case 'return.update':
      return {
        label: `Return ${String(detail.status).replaceAll('-', ' ')}`,
        summary: `Order ${orderNamed(detail)}, ${String(detail.item)}: return ${typeof detail.from === 'string' ? detail.from : 'new'} → ${String(detail.status)}${typeof detail.note === 'string' && detail.note ? `: ${detail.note}` : ''}`,
      };
    case 'order.tracking':
      return {
        label: 'Delivery update',
        summary: `Order ${orderNamed(detail)}: ${String(detail.status).replaceAll('_', ' ')}${typeof detail.reason === 'string' ? ` (${detail.reason})` : ''}${typeof detail.note === 'string' ? `: ${detail.note}` : ''}`,
      };
    case 'order.status': {
      const to = String(detail.to);
      const refund = detail.refund && typeof detail.refund === 'object' ? (detail.refund as { amount?: unknown; provider?: unknown }) : null;
      let label = STATUS_LABEL[to] ?? `Order ${to}`;
      if (detail.by === 'customer') label += ' by the customer';
      if (refund) label += ` (refund ${money(refund.amount)})`;
      const parts = [`Order ${orderNamed(detail)}: ${String(detail.from)} → ${to}`];
      if (typeof detail.awb === 'string') parts.push(`${typeof detail.courier === 'string' ? `${detail.courier} ` : ''}AWB ${detail.awb}`);
      if (typeof detail.invoice === 'string') parts.push(`invoice ${detail.invoice} issued`);
      if (typeof detail.cashCollected === 'number') parts.push(`${formatINR(detail.cashCollected)} collected in cash`);
      if (typeof detail.creditNote === 'string') parts.push(`credit note ${detail.creditNote} issued`);
      if (refund) parts.push(`refund of ${money(refund.amount)} asked through ${providerName(refund.provider)}`);
      if (detail.stockBack === true) parts.push('units back on sale');
      if (detail.damaged === true) parts.push('came back damaged: not back on sale');
      return { label, summary: parts.join('; ') };
    }
    case 'order.refund':
      return detail.status === 'failed'
        ? { label: 'Refund failed', summary: `Refund of order ${orderNamed(detail)} through ${providerName(detail.provider)} failed: ${String(detail.error)}` }
        : {
            label: detail.status === 'succeeded' ? `Order refunded (${money(detail.amount)})` : `Refund under way (${money(detail.amount)})`,
            summary: `Refunded order ${orderNamed(detail)} through ${providerName(detail.provider)} (${money(detail.amount)}, ${String(detail.status)})`,
          };
    case 'banner.add':
      return {
        label: 'Banner added',
        summary: `Added a ${carousel(detail.kind)} banner ${quoted(detail.alt)} linking to ${String(detail.link)}${detail.hidden === true ? ' (hidden)' : ''}`,
      };
    case 'banner.edit': {
      const changes = changesOf(detail);
      const onlyHidden = changes.length === 1 && changes[0]?.field === 'hidden';
      const label = onlyHidden ? (changes[0]?.to === true ? 'Banner hidden' : 'Banner shown') : 'Banner edited';
      return { label, summary: `${capitalised(carousel(detail.kind))} banner ${quoted(detail.alt)}: ${changes.map(bannerChange).join('; ')}` };
    }
    case 'banner.move':
      return {
        label: 'Banner moved',
        summary: `Moved the ${carousel(detail.kind)} banner ${quoted(detail.alt)} ${String(detail.direction)}: place ${String(detail.from)} → ${String(detail.to)}`,
      };
    case 'banner.delete':
      return { label: 'Banner deleted', summary: `Deleted the ${carousel(detail.kind)} banner ${quoted(detail.alt)} (linking to ${String(detail.link)})` };
    case 'category.add':
      return {
        label: 'Category added',
        summary: `Added the category ${quoted(detail.label)} (${String(detail.value)}): HSN ${String(detail.hsn)} at ${rate(detail.rateBasisPoints)}, ${String(detail.attributes)} spec attributes${
          detail.homeRow ? ', with a home row' : ''
        }${detail.unitIds === 'imei' || detail.unitIds === 'serial' ? `, each unit packed with its ${unitIdsWord(detail.unitIds)}` : ''}${detail.hidden === true ? ' (hidden)' : ''}`,
      };
    case 'category.update': {
      const changes = changesOf(detail);
      return { label: categoryEditLabel(changes), summary: `${String(detail.label)}: ${changes.map(categoryChange).join('; ')}` };
    }
    case 'category.move':
      return {
        label: 'Category moved',
        summary: `Moved ${quoted(detail.label)} ${String(detail.direction)} ${detail.list === 'home' ? 'among the home rows' : 'in the menu'}: place ${String(detail.from)} → ${String(detail.to)}`,
      };
    case 'category.delete':
      return { label: 'Category deleted', summary: `Deleted the category ${quoted(detail.label)} (${String(detail.value)}), which no product used` };
    case 'offer.create':
      return { label: 'Offer added', summary: `Added the ${offerKind(detail.kind)} ${quoted(detail.name)}${typeof detail.code === 'string' ? ` (${detail.code})` : ''}` };
    case 'offer.update':
      return {
        label: 'Offer changed',
        summary: `Changed the ${offerKind(detail.kind)} ${quoted(detail.name)}: ${changesOf(detail)
          .map((c) => c.field)
          .join(', ')}`,
      };
    case 'offer.pause':
      return { label: 'Offer paused', summary: `Paused the ${offerKind(detail.kind)} ${quoted(detail.name)}${typeof detail.code === 'string' ? ` (${detail.code})` : ''}` };
    case 'offer.resume':
      return { label: 'Offer resumed', summary: `Resumed the ${offerKind(detail.kind)} ${quoted(detail.name)}${typeof detail.code === 'string' ? ` (${detail.code})` : ''}` };
    case 'offer.duplicate':
      return { label: 'Offer copied', summary: `Copied an offer as ${quoted(detail.name)}${typeof detail.code === 'string' ? ` (${detail.code})` : ''}, paused` };
    case 'stock.low_alert': {
      const skus = Array.isArray(detail.skus) ? (detail.skus as unknown[]).map(String) : [];
      const shown = skus.slice(0, 10).join(', ') + (skus.length > 10 ? ` and ${skus.length - 10} more` : '');
      return {
        label: 'Low stock alert sent',
        summary: `Mailed ${count(detail.to)} ${count(detail.to) === 1 ? 'admin' : 'admins'} about ${String(detail.count)} ${detail.count === 1 ? 'variant' : 'variants'} at or below ${detail.count === 1 ? 'its' : 'their'} low-stock level${shown ? `: ${shown}` : ''}`,
      };
    }
    default:
      return { label: capitalised(action.replace(/[.-]/g, ' ')), summary: capitalised(action.replace(/[.-]/g, ' ')) };
  }
}

/** The readable numbers of the given orders, by id. */
async function orderNumbersOf(db: DB, orderIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(orderIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'order_number']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.order_number]));
}

/**
 * The log newest first, one keyset page at a time: audit entries and admins' stock changes
 * merged by time, each with its kind and its action in words. `cursor` is the last entry's
 * (at, id); `kind` keeps one kind of change.
 */
export async function listAudit(db: DB, opts: { limit: number; cursor?: Key; kind?: AuditKind | undefined }): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const { limit, cursor, kind } = opts;
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
  if (kind !== undefined) entries = entries.where('audit_log.action', 'in', actionsOf(kind));
  if (cursor) {
    entries = entries.where((eb) => eb.or([eb('audit_log.at', '<', cursor.at), eb.and([eb('audit_log.at', '=', cursor.at), eb('audit_log.id', '<', cursor.id)])]));
    stock = stock.where((eb) => eb.or([eb('stock_movements.at', '<', cursor.at), eb.and([eb('stock_movements.at', '=', cursor.at), eb('stock_movements.id', '<', cursor.id)])]));
  }
  // A filter on one kind reads only the tables that hold it (stock: the movements and the low-stock alerts).
  const [auditRows, stockRows] = await Promise.all([
    kind !== undefined && actionsOf(kind).length === 0
      ? []
      : entries
          .orderBy('audit_log.at', 'desc')
          .orderBy('audit_log.id', 'desc')
          .limit(limit + 1)
          .execute(),
    kind !== undefined && kind !== 'stock'
      ? []
      : stock
          .orderBy('stock_movements.at', 'desc')
          .orderBy('stock_movements.id', 'desc')
          .limit(limit + 1)
          .execute(),
  ]);
  const actor = (id: string | null, name: string | null, email: string | null) => (id !== null && name !== null && email !== null ? { _id: id, name, email } : null);
  const numbers = await orderNumbersOf(
    db,
    auditRows.map((r) => parse(r.detail).orderId).filter((id): id is string => typeof id === 'string'),
  );
  const merged: AuditEntry[] = [
    ...auditRows.map((r) => {
      const parsed = parse(r.detail);
      // Entries name the order by the number people know it by (entries written before numbers existed, too).
      const number = typeof parsed.orderId === 'string' ? numbers.get(parsed.orderId) : undefined;
      const detail = number === undefined ? parsed : { ...parsed, orderNumber: number };
      return { _id: r.id, at: r.at, action: r.action, kind: kindOf(r.action), ...describe(r.action, detail), actor: actor(r.actor_id, r.actor_name, r.actor_email), detail };
    }),
    ...stockRows.map((r) => ({
      _id: r.id,
      at: r.at,
      action: 'stock',
      kind: 'stock' as const,
      label: STOCK_LABEL[r.reason] ?? 'Stock changed',
      actor: actor(r.actor_id, r.actor_name, r.actor_email),
      summary: `Stock of ${r.product_name}: ${r.stock_before} → ${r.stock_after}${r.note ? ` (${r.note})` : ''}`,
      detail: { productId: r.product_id, reason: r.reason, from: r.stock_before, to: r.stock_after, note: r.note },
    })),
  ].sort((a, b) => (before({ at: a.at, id: a._id }, { at: b.at, id: b._id }) ? -1 : 1));
  return toPage(merged, limit, (entry) => [entry.at, entry._id]);
}
