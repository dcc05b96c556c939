import { Link } from 'react-router';
import { formatINR } from '../../../../shared/money';
import { labelIn } from '../../../../shared/categories';
import { useAdminCategories } from '../api/use-admin-categories';
import { ProductImage } from '../../../components/product/product-image';
import { errorMessage } from '../../../lib/trpc';
import { ATTENTION_PARAM } from '../api/use-admin-orders';
import { useDashboard } from '../api/use-dashboard';
import { DemoDataCard } from './demo-data-card';
import { RevenueChart } from './revenue-chart';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="card flex flex-col gap-1 p-4">
      <dt className="text-sm font-medium text-zinc-600">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Where the red "paid, not in stock" card leads: the order list showing only those orders. */
export const ORDERS_NEEDING_STOCK_PATH = `/admit-panel/all-orders?${ATTENTION_PARAM}=1`;

/** Today's and this month's sales, the 30-day chart, what is running out, and orders paid for units not in stock. */
export function DashboardPanel() {
  const dashboard = useDashboard();
  const categories = useAdminCategories().data;

  if (dashboard.isPending) {
    return (
      <div className="grid grid-cols-4 gap-4" role="status" aria-label="Loading the dashboard">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton h-24" />
        ))}
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <p role="alert" className="card px-4 py-6 text-center text-red-800">
        {errorMessage(dashboard.error)}
      </p>
    );
  }
  const d = dashboard.data;
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-4">
      {/* Under the Dashboard page's own heading. */}
      <h2 id="dashboard-heading" className="sr-only">
        Sales and stock
      </h2>
      <DemoDataCard />
      {d.paidNotInStock > 0 ? (
        <Link
          to={ORDERS_NEEDING_STOCK_PATH}
          className="card flex flex-wrap items-center justify-between gap-2 border-2 border-red-600 bg-red-50 px-4 py-3 font-semibold text-red-900 hover:bg-red-100"
          data-testid="paid-not-in-stock"
        >
          <span>
            Paid, not in stock: {d.paidNotInStock} {d.paidNotInStock === 1 ? 'order' : 'orders'} — restock or refund
          </span>
          <span className="text-sm underline">Show them</span>
        </Link>
      ) : null}
      <dl className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <Stat label="Today's revenue" value={formatINR(d.todayTotals.revenue)} testId="today-revenue" />
        <Stat label="Today's orders" value={String(d.todayTotals.orders)} testId="today-orders" />
        <Stat label="This month's revenue" value={formatINR(d.monthTotals.revenue)} testId="month-revenue" />
        <Stat label="This month's orders" value={String(d.monthTotals.orders)} testId="month-orders" />
      </dl>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[1fr_20rem]">
        <div className="card p-4">
          <RevenueChart days={d.revenueByDay} />
          <p className="mt-1 text-xs text-zinc-600">Paid, shipped and delivered orders, by the day they were paid ({d.timeZone} time).</p>
        </div>
        <div className="card flex flex-col p-4">
          <h3 className="font-semibold">Low on stock ({d.lowStockLevel ?? 5} or fewer, or a product’s own level)</h3>
          {d.lowStock.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600">Every product is above its low-stock level.</p>
          ) : (
            // Focusable so keyboard users can scroll a long list.
            <ul
              className="mt-2 flex max-h-64 flex-col gap-2 overflow-y-auto rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
              data-testid="low-stock"
              tabIndex={0}
              aria-label="Products low on stock"
            >
              {d.lowStock.map((p) => (
                <li key={p._id} className="flex items-center gap-3">
                  <div className="aspect-square w-10 shrink-0 overflow-hidden rounded-lg bg-zinc-100">
                    <ProductImage url={p.productImage[0]} alt="" sizes="40px" width={40} height={40} className="size-full object-contain mix-blend-multiply" />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">
                      {p.productName}
                      {p.variantLabel ? <span className="font-normal text-zinc-700"> ({p.variantLabel})</span> : null}
                    </p>
                    <p className="text-xs text-zinc-600">{labelIn(categories, p.category)}</p>
                  </div>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-bold tabular-nums ${p.stock === 0 ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}>
                    {p.stock === 0 ? 'Sold out' : `${p.stock} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/admit-panel/all-products" className="mt-auto pt-3 text-sm font-semibold text-brand-700 hover:underline">
            Manage products
          </Link>
        </div>
      </div>
    </section>
  );
}
