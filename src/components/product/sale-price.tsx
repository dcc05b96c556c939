import { useHydrated } from '../../lib/use-hydrated';
import { useNow } from '../../lib/use-now';

/** A live sale price as the storefront receives it (issue 30): paise, and the first instant it no longer applies. */
export type ShownSale = { pricePaise: number; endsAt: string };

const IST_OFFSET_MS = 330 * 60_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * When a sale ends, on India's clock whatever the browser's zone: "Monday, 7 December, 12:00 am
 * IST". IST is a fixed UTC+05:30, so this is arithmetic, the same on the server and every browser.
 */
export function saleEndLabel(endsAt: string): string {
  const at = new Date(Date.parse(endsAt) + IST_OFFSET_MS);
  const hours = at.getUTCHours();
  const minutes = String(at.getUTCMinutes()).padStart(2, '0');
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
  return `${WEEKDAYS[at.getUTCDay()]!}, ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]!}, ${clock} IST`;
}

/** "2 h", "45 min", "3 days": how long is left (rounded down; under a minute: "1 min"). */
export function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * "Sale ends in 2 h (Monday, 7 December, 12:00 am IST)". The countdown needs the browser's clock,
 * so the server's HTML (a shared reply, kept until the sale ends) carries the end time alone and
 * the countdown appears once the page is hydrated.
 */
export function SaleEnds({ endsAt, className = '' }: { endsAt: string; className?: string }) {
  const hydrated = useHydrated();
  const now = useNow();
  const left = Date.parse(endsAt) - now;
  return (
    <p className={`text-sm font-semibold text-red-700 ${className}`} data-testid="sale-ends">
      {hydrated && left > 0 ? `Sale ends in ${timeLeft(left)}` : 'Sale ends'} <span className="font-normal text-zinc-700">({saleEndLabel(endsAt)})</span>
    </p>
  );
}
