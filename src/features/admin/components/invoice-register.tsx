import { useId } from 'react';
import { Link } from 'react-router';
import { stateLabel } from '../../../../shared/gst';
import { formatINR } from '../../../../shared/money';
import type { InvoiceRegister as Register, InvoiceRegisterRow, RegisterTotals } from '../../../../shared/schemas/invoices';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { formatLongDate } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/trpc';
import { useInvoiceRegister } from '../api/use-invoice-register';
import { useShopSettings } from '../api/use-shop-settings';

/** Where a month's GSTR-1 CSV downloads from (a plain GET: the browser saves the file). */
export function gstr1CsvUrl(month: string): string {
  return `/admin/gstr1.csv?month=${encodeURIComponent(month)}`;
}

/** The PDF of a register row: the order's invoice or its credit note. */
export function documentPdfUrl(row: Pick<InvoiceRegisterRow, 'kind' | 'orderId'>): string {
  return `/orders/${encodeURIComponent(row.orderId)}/${row.kind === 'invoice' ? 'invoice' : 'credit-note'}.pdf`;
}

/** '2026-11' -> 'November 2026'. */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** A register date ('YYYY-MM-DD', already the shop's local date) in long form. */
const formatDay = (date: string) => formatLongDate(`${date}T00:00:00Z`, 'UTC');

const kindLabel = (row: InvoiceRegisterRow) => (row.kind === 'invoice' ? 'Invoice' : 'Credit note');

/** Invoices less credit notes, figure by figure. */
export function netTotals(totals: Register['totals']): Omit<RegisterTotals, 'count'> {
  const { invoices: i, creditNotes: c } = totals;
  return { taxableValue: i.taxableValue - c.taxableValue, cgst: i.cgst - c.cgst, sgst: i.sgst - c.sgst, igst: i.igst - c.igst, total: i.total - c.total };
}

/**
 * The month's invoices and credit notes as the GSTR-1 needs them: a table on wide screens,
 * stacked cards on narrow ones (decided by the width of the panel, not the window: a container
 * query), the month's totals and the GSTR-1 CSV download.
 */
export function InvoiceRegister({ month, onMonthChange }: { month: string; onMonthChange: (month: string) => void }) {
  const monthId = useId();
  const register = useInvoiceRegister(month);
  const settings = useShopSettings();
  const data = register.data;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Invoices</h1>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={monthId} className="label">
              Month
            </label>
            <input
              id={monthId}
              type="month"
              className="field w-48"
              value={month}
              onChange={(event) => {
                // Clearing the picker keeps the month shown rather than asking for nothing.
                if (event.target.value) onMonthChange(event.target.value);
              }}
            />
          </div>
          <a href={gstr1CsvUrl(month)} download className="btn-outline min-h-[2.875rem]">
            Download GSTR-1 CSV
          </a>
        </div>
      </div>

      {settings.data?.seller === null ? (
        <p className="rounded-2xl border-2 border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950" role="note">
          <strong>Not set up yet:</strong> invoices are issued only once the seller&apos;s GSTIN is saved in{' '}
          <Link to="/admit-panel/settings" className="font-semibold underline">
            Settings
          </Link>
          .
        </p>
      ) : null}

      {register.isPending ? (
        <PageSpinner label="Loading invoices" />
      ) : register.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(register.error)}
        </p>
      ) : data && data.rows.length === 0 ? (
        <div className="card px-4 py-10 text-center" data-testid="no-invoices">
          <p className="text-lg font-semibold text-zinc-800">No invoices or credit notes in {formatMonth(month)}.</p>
          <p className="mt-1 text-sm text-zinc-600">An invoice is issued when an order is paid, a credit note when an invoiced order is cancelled.</p>
        </div>
      ) : data ? (
        <div className={`flex flex-col gap-6 transition-opacity ${register.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={register.isPlaceholderData}>
          <Totals totals={data.totals} month={data.month} />
          <Rows rows={data.rows} month={data.month} />
        </div>
      ) : null}
    </div>
  );
}

function Totals({ totals, month }: { totals: Register['totals']; month: string }) {
  const headingId = useId();
  const { invoices, creditNotes } = totals;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        Totals for {formatMonth(month)}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TotalCard title="Invoices" count={`${invoices.count} ${invoices.count === 1 ? 'invoice' : 'invoices'}`} figures={invoices} testId="totals-invoices" />
        <TotalCard
          title="Credit notes"
          count={`${creditNotes.count} ${creditNotes.count === 1 ? 'credit note' : 'credit notes'}`}
          figures={creditNotes}
          negative
          testId="totals-credit-notes"
        />
        <TotalCard title="Net" count="Invoices less credit notes" figures={netTotals(totals)} testId="totals-net" strong />
      </div>
    </section>
  );
}

function TotalCard({
  title,
  count,
  figures,
  testId,
  negative = false,
  strong = false,
}: {
  title: string;
  count: string;
  figures: Omit<RegisterTotals, 'count'>;
  testId: string;
  negative?: boolean;
  strong?: boolean;
}) {
  // A credit note takes its amounts off: shown with a minus so the three cards add up.
  const money = (paise: number) => formatINR(negative && paise !== 0 ? -paise : paise);
  return (
    <div className={`card flex flex-col gap-2 p-4 ${strong ? 'border-brand-300 bg-brand-50' : ''}`} data-testid={testId}>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="text-xs text-zinc-600">{count}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
        <dt className="text-zinc-600">Taxable value</dt>
        <dd className="text-right tabular-nums" data-testid={`${testId}-taxable`}>
          {money(figures.taxableValue)}
        </dd>
        <dt className="text-zinc-600">CGST</dt>
        <dd className="text-right tabular-nums">{money(figures.cgst)}</dd>
        <dt className="text-zinc-600">SGST</dt>
        <dd className="text-right tabular-nums">{money(figures.sgst)}</dd>
        <dt className="text-zinc-600">IGST</dt>
        <dd className="text-right tabular-nums">{money(figures.igst)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-bold tabular-nums" data-testid={`${testId}-total`}>
          {money(figures.total)}
        </dd>
      </dl>
    </div>
  );
}

function DocumentNumber({ row }: { row: InvoiceRegisterRow }) {
  return (
    <>
      <span className="font-semibold whitespace-nowrap">{row.number}</span>
      {row.kind === 'credit-note' ? (
        <span className="mt-0.5 block text-xs">
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-bold text-red-900">Credit note</span>
          {row.reference ? <span className="ml-1 whitespace-nowrap text-zinc-700">against {row.reference}</span> : null}
        </span>
      ) : null}
    </>
  );
}

function PdfLink({ row }: { row: InvoiceRegisterRow }) {
  return (
    <a href={documentPdfUrl(row)} className="font-semibold text-brand-700 underline hover:text-brand-800">
      PDF<span className="sr-only">{` of ${kindLabel(row).toLowerCase()} ${row.number}`}</span>
    </a>
  );
}

const amountColumns = [
  { key: 'taxableValue', label: 'Taxable value' },
  { key: 'cgst', label: 'CGST' },
  { key: 'sgst', label: 'SGST' },
  { key: 'igst', label: 'IGST' },
  { key: 'total', label: 'Total' },
] as const;

/** A document's taxes, one line each: CGST and SGST within the state, IGST across (₹0.00 when none). */
function TaxLines({ row }: { row: InvoiceRegisterRow }) {
  const taxes = (['cgst', 'sgst', 'igst'] as const).filter((key) => row[key] !== 0);
  if (taxes.length === 0) return <>{formatINR(0)}</>;
  return (
    <>
      {taxes.map((key) => (
        <span key={key} className="block whitespace-nowrap">
          <span className="text-xs text-zinc-600">{key.toUpperCase()}</span> {formatINR(row[key])}
        </span>
      ))}
    </>
  );
}

function Rows({ rows, month }: { rows: readonly InvoiceRegisterRow[]; month: string }) {
  const caption = `Invoices and credit notes of ${formatMonth(month)}`;
  return (
    <div className="@container">
      {/* Wide panel: the table, eight columns that fit a 1366 px laptop's panel: the date under
          the number, the GSTIN under the buyer, the taxes in one column (a line each), the
          order id on one line (the whole id on hover and in the PDF). */}
      <div className="card hidden overflow-x-auto @4xl:block">
        <table className="w-full text-sm" data-testid="invoice-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-left text-xs text-zinc-600">
              <th scope="col" className="px-3 py-2 font-medium">
                Number and date
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Order
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Buyer and GSTIN
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Place of supply
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Taxable value
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Tax
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}:${row.number}`} className={`border-b border-zinc-100 align-top ${row.kind === 'credit-note' ? 'bg-red-50/50' : ''}`} data-testid="invoice-row">
                <td className="px-3 py-2">
                  <DocumentNumber row={row} />
                  <span className="block text-xs whitespace-nowrap text-zinc-600">{formatDay(row.date)}</span>
                </td>
                <td className="px-3 py-2">
                  <span className="block font-mono text-xs whitespace-nowrap" data-testid="invoice-order-number">
                    {row.orderNumber}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {row.buyerName}
                  {row.buyerGstin ? <span className="block font-mono text-xs text-zinc-600">{row.buyerGstin}</span> : null}
                </td>
                <td className="px-3 py-2">{stateLabel(row.placeOfSupply)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatINR(row.taxableValue)}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  <TaxLines row={row} />
                </td>
                <td className="px-3 py-2 text-right font-semibold whitespace-nowrap tabular-nums">{formatINR(row.total)}</td>
                <td className="px-3 py-2">
                  <PdfLink row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Narrow panel (a phone, or a 1024 px window): one card per document. */}
      <ul className="flex flex-col gap-3 @4xl:hidden" aria-label={caption} data-testid="invoice-cards">
        {rows.map((row) => (
          <li key={`${row.kind}:${row.number}`} className={`card flex flex-col gap-3 p-4 ${row.kind === 'credit-note' ? 'border-red-200' : ''}`}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <DocumentNumber row={row} />
                <p className="text-xs text-zinc-600">{formatDay(row.date)}</p>
              </div>
              <PdfLink row={row} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-zinc-600">Order</dt>
              <dd className="font-mono text-xs break-all">{row.orderNumber}</dd>
              <dt className="text-zinc-600">Buyer</dt>
              <dd>{row.buyerName}</dd>
              <dt className="text-zinc-600">GSTIN</dt>
              <dd className="font-mono text-xs">{row.buyerGstin ?? '—'}</dd>
              <dt className="text-zinc-600">Place of supply</dt>
              <dd>{stateLabel(row.placeOfSupply)}</dd>
              {amountColumns.map((column) => (
                <div key={column.key} className="contents">
                  <dt className={column.key === 'total' ? 'font-semibold' : 'text-zinc-600'}>{column.label}</dt>
                  <dd className={`text-right tabular-nums ${column.key === 'total' ? 'font-bold' : ''}`}>{formatINR(row[column.key])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
