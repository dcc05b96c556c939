import { z } from 'zod';

/** A variant at or below this many units (its own level, or the shop's default) is low on stock. */
export const DEFAULT_LOW_STOCK_LEVEL = 5;
/** The most units a low-stock level may be (the shop's default or a variant's own): catalog.ts' STOCK_MAX. */
export const LOW_STOCK_LEVEL_MAX = 1_000_000;

/** A low-stock level: whole units, 0 (mailed only when sold out) or more. `field` names it in errors. */
export const lowStockLevelSchema = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(0, { error: `${field} must be 0 or more` })
    .max(LOW_STOCK_LEVEL_MAX, { error: `${field} must be at most ${LOW_STOCK_LEVEL_MAX}` });
