import nodemailer from 'nodemailer';
import type { Deps } from './deps';
import { startExclusiveJob } from './db/exclusive';
import { pruneSignIns } from './features/account/account.service';
import { startPendingOrderSweep } from './features/checkout/fulfilment.service';
import { startMailSender } from './mail/mail.service';
import { pollTracking } from './features/shipping/shipping.service';
import { startStockAlerts } from './features/catalog/stock-alerts.service';

const HOUR_MS = 60 * 60 * 1000;
/** How often parcels on the road are asked about (Shiprocket's webhooks carry the news sooner). */
const TRACKING_POLL_MS = 30 * 60 * 1000;

/** Periodic housekeeping. Returns a function that stops every job (called on shutdown). */
export function startBackgroundJobs(deps: Deps): () => void {
  const stops: (() => void)[] = [];

  // Once at a time across app processes sharing a PostgreSQL database.
  stops.push(startExclusiveJob(deps.db, 'housekeeping', HOUR_MS, () => pruneSignIns(deps), { onError: (err) => deps.log.error({ err }, 'housekeeping failed') }));

  // Webhooks get lost: ask the provider about stale pending orders, fulfil or release them.
  stops.push(startPendingOrderSweep(deps));

  // The courier's tracking webhooks get lost or refused too: ask it about every parcel on the road.
  stops.push(
    startExclusiveJob(deps.db, 'tracking-poll', TRACKING_POLL_MS, () => pollTracking(deps).then(() => undefined), {
      onError: (err) => deps.log.error({ err }, 'tracking poll failed'),
    }),
  );

  // The outbox goes out through SMTP_URL; without it messages wait there (the admin's Mail page).
  if (deps.env.SMTP_URL) stops.push(startMailSender(deps, nodemailer.createTransport(deps.env.SMTP_URL)));

  // The daily low-stock mail to the admins, at the owner's time (Settings → Stock alerts), once a shop day.
  stops.push(startStockAlerts(deps));

  return () => stops.forEach((stop) => stop());
}
