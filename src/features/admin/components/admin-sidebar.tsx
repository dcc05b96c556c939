import { NavLink } from 'react-router';
import { UserIcon } from '../../../components/icons';
import { ADMIN_DASHBOARD_PATH, BULK_EDIT_PATH } from '../../../lib/admin-landing';

export interface AdminSidebarUser {
  name: string;
  role: string;
  profilePic: string;
}

export const ADMIN_LINKS = [
  { to: ADMIN_DASHBOARD_PATH, label: 'Dashboard' },
  { to: '/admit-panel/all-users', label: 'All Users' },
  { to: '/admit-panel/all-products', label: 'All Products' },
  { to: '/admit-panel/all-orders', label: 'All Orders' },
  { to: '/admit-panel/returns', label: 'Returns' },
  { to: '/admit-panel/import-export', label: 'Import / export' },
  { to: BULK_EDIT_PATH, label: 'Bulk edit' },
  { to: '/admit-panel/banners', label: 'Banners' },
  { to: '/admit-panel/offers', label: 'Offers' },
  { to: '/admit-panel/categories', label: 'Categories' },
  { to: '/admit-panel/invoices', label: 'Invoices' },
  { to: '/admit-panel/settings', label: 'Settings' },
  { to: '/admit-panel/mail', label: 'Mail' },
  { to: '/admit-panel/audit', label: 'Audit log' },
] as const;

/** The admin's picture, name and role, and the panel links (the Dashboard, spec §2's three and Returns, the catalogue's Import / export and Bulk edit, then Banners, Offers, Categories, Invoices, Settings, Mail and Audit log). */
export function AdminSidebar({ user }: { user: AdminSidebarUser }) {
  return (
    <aside className="card flex w-60 shrink-0 flex-col self-start p-4 lg:sticky lg:top-20" aria-label="Admin panel">
      <div className="flex flex-col items-center gap-2 border-b border-zinc-200 pb-4 text-center">
        <div className="size-24 overflow-hidden rounded-full bg-brand-50 text-brand-700">
          {user.profilePic ? (
            <img src={user.profilePic} alt={`Profile picture of ${user.name}`} width={96} height={96} className="size-full object-cover" />
          ) : (
            <UserIcon className="size-full p-5" />
          )}
        </div>
        <p className="max-w-full truncate text-lg font-semibold capitalize" data-testid="admin-name">
          {user.name}
        </p>
        <p className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-brand-900" data-testid="admin-role">
          {user.role}
        </p>
      </div>
      <nav aria-label="Admin sections" className="pt-4">
        <ul className="flex flex-col gap-1">
          {ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                // The Dashboard is the panel's own address: it is current there only, not under every section.
                end={link.to === ADMIN_DASHBOARD_PATH}
                className={({ isActive }) =>
                  `block rounded-xl px-3 py-2 text-sm font-semibold transition-colors ${isActive ? 'bg-brand-700 text-white' : 'text-zinc-800 hover:bg-zinc-100'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
