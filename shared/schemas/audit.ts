import { z } from 'zod';

export const AuditListInputSchema = z
  .object({
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().max(500, { error: 'cursor is not valid' }).optional(),
  })
  .optional();

/** One line of the admin's audit log. */
export type AuditEntry = {
  _id: string;
  /** ISO instant. */
  at: string;
  /** 'settings.update', 'tax.category', 'tax.product', 'user.role', 'user.password', 'user.email', 'user.two-factor', 'user.delete', 'catalog.demo-removed', 'order.refund' or 'stock'. */
  action: string;
  /** Who did it; null for the shop itself (or an account deleted since). */
  actor: { _id: string; name: string; email: string } | null;
  /** What happened, in a sentence. */
  summary: string;
  detail: Record<string, unknown>;
};
