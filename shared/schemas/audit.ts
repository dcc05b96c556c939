import { z } from 'zod';

/** What an audit entry is about: the filter of the audit page and the badge of each line. */
export const AUDIT_KINDS = ['product', 'order', 'stock', 'banner', 'category', 'offer', 'catalog', 'settings', 'tax', 'role', 'account'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Each kind in the admin's words. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  product: 'Product',
  order: 'Order',
  stock: 'Stock',
  banner: 'Banner',
  category: 'Category',
  offer: 'Offer',
  catalog: 'Catalogue',
  settings: 'Settings',
  tax: 'Tax',
  role: 'Role',
  account: 'Account',
};

export const AuditListInputSchema = z
  .object({
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().max(500, { error: 'cursor is not valid' }).optional(),
    /** Only this kind of change; every kind when left out. */
    kind: z.enum(AUDIT_KINDS, { error: `kind must be one of: ${AUDIT_KINDS.join(', ')}` }).optional(),
  })
  .optional();

/** One line of the admin's audit log. */
export type AuditEntry = {
  _id: string;
  /** ISO instant. */
  at: string;
  /**
   * The server's name of the action: 'product.create', 'product.update', 'product.archive',
   * 'product.restore', 'order.status', 'order.refund', 'banner.add', 'banner.edit', 'banner.move',
   * 'banner.delete', 'catalog.demo-removed', 'settings.update', 'tax.category', 'tax.product',
   * 'user.role', 'user.password', 'user.email', 'user.two-factor', 'user.delete', 'stock.low_alert'
   * (the daily low-stock mail) or 'stock'.
   * Not for people: show `kind` and `label`.
   */
  action: string;
  /** What it is about (the page shows AUDIT_KIND_LABELS[kind]). */
  kind: AuditKind;
  /** The action in words: "Price changed", "Product archived", "Order cancelled (refund ₹1,299.00)". */
  label: string;
  /** Who did it; null for the shop itself (or an account deleted since). */
  actor: { _id: string; name: string; email: string } | null;
  /** What happened, in a sentence: what changed, from what to what. */
  summary: string;
  /** The facts as recorded (ids, before and after). */
  detail: Record<string, unknown>;
};
