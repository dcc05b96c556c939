import type { Deps } from '../../deps';
import { nowIso } from '../../db/database';
import { startExclusiveJob } from '../../db/exclusive';
import { claimJobDay, lastJobDay } from '../../db/job-runs';
import { transaction } from '../../db/transaction';
import { writeAudit } from '../../audit/audit';
import { localClockTime, localDate } from '../../lib/shop-calendar';
import { brandOf, enqueueMail } from '../../mail/mail.service';
import { lowStockMail } from '../../mail/templates';
import { loadSettings } from '../../settings/shop-settings';
import { adminEmails } from '../account/account.service';
import * as q from './stock-alerts.queries';

/**
 * The daily low-stock mail (issue 29). Once a shop day, at or after the owner's time
 * (Settings → Stock alerts, on the shop's clock), one mail to every admin lists the variants that
 * came down to their low-stock level since they were last named, each named once per crossing:
 * the mail, the variants' mark (low_stock_alerted_at) and the audit entry are written in one
 * transaction, which also claims the day in job_runs, so a second run that day, in this process
 * or another, finds it taken and does nothing. A variant back above its level loses its mark
 * (a database trigger, whichever path moved its stock or level: the migration
 * 2026-12-08-03-stock-alerts), so its next crossing is mailed again.
 */

/** The job's name in job_runs and for startExclusiveJob's lock. */
export const STOCK_ALERTS_JOB = 'stock-alerts';
/** How often the job looks at the clock: the mail goes within a minute of the time set. */
export const STOCK_ALERTS_CHECK_MS = 60_000;
/** Variants the mail names; a longer list says how many more, and the dashboard lists them. */
export const LOW_STOCK_MAIL_LINES = 200;

export type StockAlertsRun =
  | { status: 'off' }
  /** Before the day's time on the shop's clock. */
  | { status: 'not-yet'; day: string }
  /** The day's run happened already (here or in another process). */
  | { status: 'done'; day: string }
  /** This call ran the day: `variants` named (0: nothing new was low, no mail), to `recipients` admins. */
  | { status: 'ran'; day: string; variants: number; recipients: number };

/**
 * Runs the day's low-stock alert if it is due: on, at or after the time set, and not yet run this
 * shop day. Idempotent per day: safe to call every minute from every process.
 */
export async function runStockAlerts(deps: Pick<Deps, 'db' | 'env' | 'log' | 'clock'>): Promise<StockAlertsRun> {
  const settings = await loadSettings(deps.db, deps);
  const { enabled, defaultLevel, sendAt } = settings.stockAlerts;
  if (!enabled) return { status: 'off' };
  const now = deps.clock();
  const day = localDate(now, settings.timeZone);
  if (localClockTime(now, settings.timeZone) < sendAt) return { status: 'not-yet', day };
  // Read first, outside a transaction: once the day has run, each minute's look costs one read.
  const last = await lastJobDay(deps.db, STOCK_ALERTS_JOB);
  if (last !== null && last >= day) return { status: 'done', day };
  const at = nowIso(deps.clock);
  const run = await transaction(deps.db, async (trx): Promise<StockAlertsRun> => {
    if (!(await claimJobDay(trx, STOCK_ALERTS_JOB, day, at))) return { status: 'done', day };
    const low = await q.listUnalertedLowStock(trx, defaultLevel);
    if (low.length === 0) return { status: 'ran', day, variants: 0, recipients: 0 };
    const admins = await adminEmails(trx);
    // Nobody to tell (cannot happen while the shop has an admin): the variants stay unnamed for the next day.
    if (admins.length === 0) return { status: 'ran', day, variants: 0, recipients: 0 };
    const brand = await brandOf(trx, deps);
    const mail = lowStockMail(brand, {
      lines: low.slice(0, LOW_STOCK_MAIL_LINES).map((v) => ({
        productName: v.productName,
        variantLabel: v.variantLabel,
        sku: v.sku,
        stock: v.stock,
        level: v.level,
        link: `${brand.publicUrl}/admit-panel/all-products?edit=${encodeURIComponent(v.productId)}`,
      })),
      total: low.length,
      dashboard: `${brand.publicUrl}/admit-panel`,
    });
    for (const to of admins) await enqueueMail(trx, deps, 'stock-low', to, mail);
    const variantIds = low.map((v) => v.variantId);
    await q.markLowStockAlerted(trx, variantIds, at);
    await writeAudit(trx, { at, actorId: null, action: 'stock.low_alert', detail: { day, count: low.length, variantIds, skus: low.map((v) => v.sku), to: admins } });
    return { status: 'ran', day, variants: low.length, recipients: admins.length };
  });
  if (run.status === 'ran') deps.log.info({ day: run.day, variants: run.variants, recipients: run.recipients }, 'daily low-stock alert run');
  return run;
}

/**
 * Looks every minute (STOCK_ALERTS_CHECK_MS) whether the day's low-stock mail is due, until the
 * returned function is called; one process at a time across app processes (startExclusiveJob),
 * and once a day whatever the processes (job_runs). A shop that was down at the time set sends
 * it once it is back that day.
 */
export function startStockAlerts(deps: Pick<Deps, 'db' | 'env' | 'log' | 'clock'>, opts: { intervalMs?: number } = {}): () => void {
  return startExclusiveJob(deps.db, STOCK_ALERTS_JOB, opts.intervalMs ?? STOCK_ALERTS_CHECK_MS, () => runStockAlerts(deps), {
    onError: (error) => deps.log.error({ err: error }, 'low-stock alert failed'),
  });
}
