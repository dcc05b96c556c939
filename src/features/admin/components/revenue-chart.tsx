import { useId } from 'react';
import { formatINR } from '../../../../shared/money';

export type RevenueDay = { date: string; revenue: number; orders: number };

/** `YYYY-MM-DD` (a shop-local date) as "16 Mar", without any time-zone shift. */
export function shortDate(date: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The smallest 1, 2 or 5 times a power of ten that is at least `value` (an axis top). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };

/**
 * Revenue per day as an inline SVG bar chart. Screen readers get a summary and, in a table
 * that stays hidden on screen, every day's figures; each bar has a hover title.
 */
export function RevenueChart({ days }: { days: readonly RevenueDay[] }) {
  const titleId = useId();
  const descId = useId();
  const top = niceCeiling(Math.max(0, ...days.map((d) => d.revenue)));
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(2, slot * 0.7);
  const first = days[0];
  const last = days.at(-1);
  const best = days.reduce<RevenueDay | undefined>((max, d) => (max === undefined || d.revenue > max.revenue ? d : max), undefined);

  return (
    <figure className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-4">
        <figcaption id={titleId} className="font-semibold">
          Revenue per day, last {days.length} days
        </figcaption>
        <span className="text-xs text-zinc-600">Scale: {formatINR(top)}</span>
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={titleId} aria-describedby={descId} data-testid="revenue-chart">
        <desc id={descId}>
          {first && last ? `From ${shortDate(first.date)} to ${shortDate(last.date)}: ${formatINR(total)} in total` : 'No days'}
          {best && best.revenue > 0 ? `; the best day was ${shortDate(best.date)} with ${formatINR(best.revenue)}.` : '; no sales.'}
        </desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotHeight} y2={PAD.top + plotHeight} className="stroke-zinc-300" strokeWidth={1} />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top} y2={PAD.top} className="stroke-zinc-200" strokeDasharray="4 4" strokeWidth={1} />
        {days.map((day, i) => {
          const height = top > 0 ? (day.revenue / top) * plotHeight : 0;
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={PAD.top + plotHeight - height}
                width={barWidth}
                height={Math.max(height, day.revenue > 0 ? 1 : 0)}
                rx={2}
                className={i === days.length - 1 ? 'fill-brand-700' : 'fill-brand-500'}
                data-date={day.date}
                data-revenue={day.revenue}
              >
                <title>{`${shortDate(day.date)}: ${formatINR(day.revenue)} from ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}`}</title>
              </rect>
              {i % 5 === days.length % 5 || i === days.length - 1 ? (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-zinc-600 text-[11px]" aria-hidden="true">
                  {shortDate(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Revenue per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDate(day.date)}</th>
              <td>{formatINR(day.revenue)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
