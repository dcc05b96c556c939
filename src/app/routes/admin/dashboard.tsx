import { DashboardPanel } from '../../../features/admin/components/dashboard-panel';

/** The panel's first page (/admit-panel): today's and this month's sales, the chart, low stock and orders waiting for stock. */
export function Component() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
      <DashboardPanel />
    </div>
  );
}
