import type { Deps } from './deps';
import { runExclusively } from './db/exclusive';
import { deleteExpiredSessions, pruneLoginAttempts } from './features/account/account.queries';
import { LOGIN_WINDOW_MS } from './features/account/account.service';
import { startPendingOrderSweep } from './features/checkout/fulfilment.service';
import { startMailSender } from './mail/mail.service';
import nodemailer from 'nodemailer';

const HOUR_MS = 60 * 60 * 1000;

/** Periodic housekeeping. Returns a function that stops every job (called on shutdown). */
export function startBackgroundJobs(deps: Deps): () => void {
  const stops: (() => void)[] = [];

  const housekeeping = async () => {
    const now = deps.clock();
    await deleteExpiredSessions(deps.db, now.toISOString());
    await pruneLoginAttempts(deps.db, new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString());
  };
  const timer = setInterval(() => {
    // Once at a time across app processes sharing a PostgreSQL database.
    runExclusively(deps.db, 'housekeeping', housekeeping).catch((err: unknown) => deps.log.error({ err }, 'housekeeping failed'));
  }, HOUR_MS);
  timer.unref();
  stops.push(() => clearInterval(timer));

  // Webhooks get lost: ask the provider about stale pending orders, fulfil or release them.
  stops.push(startPendingOrderSweep(deps));

  // The outbox goes out through SMTP_URL; without it messages wait there (the admin's Mail page).
  if (deps.env.SMTP_URL) stops.push(startMailSender(deps, nodemailer.createTransport(deps.env.SMTP_URL)));

  return () => stops.forEach((stop) => stop());
}
