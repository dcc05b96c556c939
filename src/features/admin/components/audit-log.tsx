import { useId, useState } from 'react';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditEntry, type AuditKind } from '../../../../shared/schemas/audit';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ShopTime } from '../../../components/ui/shop-time';
import { errorMessage } from '../../../lib/trpc';
import { useAuditLog } from '../api/use-audit-log';

/** Each kind's badge colour. */
const KIND_CLASS: Record<AuditKind, string> = {
  product: 'bg-blue-100 text-blue-900',
  order: 'bg-orange-100 text-orange-950',
  stock: 'bg-emerald-100 text-emerald-900',
  banner: 'bg-fuchsia-100 text-fuchsia-900',
  category: 'bg-lime-100 text-lime-900',
  offer: 'bg-yellow-100 text-yellow-950',
  catalog: 'bg-teal-100 text-teal-900',
  settings: 'bg-sky-100 text-sky-900',
  tax: 'bg-violet-100 text-violet-900',
  role: 'bg-amber-100 text-amber-950',
  account: 'bg-rose-100 text-rose-900',
};

/** The kind in words as a badge; the server's action keys (`order.refund`) are never shown. */
function KindBadge({ kind }: { kind: AuditKind }) {
  return (
    <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold ${KIND_CLASS[kind] ?? 'bg-zinc-100 text-zinc-800'}`} data-testid="audit-kind">
      {AUDIT_KIND_LABELS[kind] ?? kind}
    </span>
  );
}

/** The kind and the action in words ("Product · Price changed"), then what changed from what to what. */
function What({ entry }: { entry: AuditEntry }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <KindBadge kind={entry.kind} />
        <strong className="font-semibold text-zinc-900" data-testid="audit-label">
          {entry.label}
        </strong>
      </div>
      <span className="text-zinc-700 [overflow-wrap:anywhere]">{entry.summary}</span>
    </div>
  );
}

/** Who did it; a null actor is the shop itself (a scheduled job, or an account deleted since). */
function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <span className="text-zinc-700">The shop</span>;
  return (
    <>
      <span className="block font-semibold">{entry.actor.name}</span>
      <span className="block text-xs text-zinc-600 [overflow-wrap:anywhere]">{entry.actor.email}</span>
    </>
  );
}

/** On the shop's clock, as every admin page shows it. */
function When({ at }: { at: string }) {
  return <ShopTime iso={at} />;
}

/**
 * The admin Audit log page: every change to the catalogue, orders, stock, banners, settings, tax
 * rates, roles and accounts, newest first, each with its kind and action in words and what it
 * changed from and to; a table on a wide panel and cards on a narrow one, so an owner can tell
 * who changed what when. One kind can be picked.
 */
export function AuditLog() {
  const [kind, setKind] = useState<AuditKind | ''>('');
  const log = useAuditLog(kind || undefined);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const filterId = useId();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={filterId} className="label">
              Show
            </label>
            <select id={filterId} className="field" value={kind} onChange={(event) => setKind(event.target.value as AuditKind | '')}>
              <option value="">All changes</option>
              {AUDIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {AUDIT_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn-outline" disabled={log.isFetching} onClick={() => void log.refetch()}>
            {log.isFetching && !log.isPending ? 'Refreshing ...' : 'Refresh'}
          </button>
        </div>
      </div>

      {log.isPending ? (
        <PageSpinner label="Loading the audit log" />
      ) : log.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(log.error)}
        </p>
      ) : items.length === 0 ? (
        <div className="card px-4 py-10 text-center" data-testid="no-audit">
          <p className="text-lg font-semibold text-zinc-800">{kind ? `No ${AUDIT_KIND_LABELS[kind].toLowerCase()} changes yet` : 'Nothing changed yet'}</p>
          <p className="mt-1 text-sm text-zinc-600">
            Changes to products, orders, stock, banners, offers, the shop&apos;s settings, tax rates, user roles and accounts appear here as they are made.
          </p>
        </div>
      ) : (
        <AuditRows items={items} />
      )}

      {log.hasNextPage ? (
        <button type="button" className="btn-outline self-center" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading ...' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}

function AuditRows({ items }: { items: readonly AuditEntry[] }) {
  const caption = 'Changes to the shop, newest first (times in India Standard Time)';
  return (
    <div className="@container">
      {/* Wide panel: the table. */}
      <div className="card hidden overflow-x-auto @3xl:block">
        <table className="w-full text-left text-sm" data-testid="audit-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-xs text-zinc-600">
              <th scope="col" className="px-3 py-2 font-medium">
                When
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Who
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                What
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry._id} className="border-b border-zinc-100 align-top last:border-b-0" data-testid="audit-row">
                <td className="px-3 py-2 whitespace-nowrap text-zinc-700">
                  <When at={entry.at} />
                </td>
                <td className="px-3 py-2">
                  <Who entry={entry} />
                </td>
                <td className="px-3 py-2">
                  <What entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Narrow panel: one card per change. */}
      <ul className="flex flex-col gap-3 @3xl:hidden" aria-label={caption} data-testid="audit-cards">
        {items.map((entry) => (
          <li key={entry._id} className="card flex flex-col gap-2 p-4 text-sm">
            <What entry={entry} />
            <p className="text-xs text-zinc-600">
              <When at={entry.at} />
            </p>
            <div>
              <Who entry={entry} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
