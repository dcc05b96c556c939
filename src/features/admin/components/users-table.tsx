import { useId, useState } from 'react';
import { PencilIcon } from '../../../components/icons';
import { errorMessage, type RouterOutputs } from '../../../lib/trpc';
import { formatLongDate } from '../../../lib/format-date';
import { useShopTimeZone } from '../../../lib/use-shop-time-zone';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminUsers, USERS_PAGE_SIZE } from '../api/use-admin-users';
import { ChangeRoleDialog, type RoleTarget } from './change-role-dialog';

type AdminUser = RouterOutputs['account']['list']['items'][number];

/** All users: search by email, pages of 20 (newest first), and the role editor. */
export function UsersTable() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const email = useDebouncedValue(search.trim(), 300);
  // Cursors of the pages before the current one; a new search starts again at page one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [lastEmail, setLastEmail] = useState(email);
  if (email !== lastEmail) {
    setLastEmail(email);
    setCursors([undefined]);
  }
  const pageIndex = cursors.length - 1;
  const users = useAdminUsers({ email, cursor: cursors[pageIndex] });
  const [editing, setEditing] = useState<RoleTarget | null>(null);
  const timeZone = useShopTimeZone();

  const items: AdminUser[] = users.data?.items ?? [];
  const nextCursor = users.data?.nextCursor ?? null;

  return (
    <section aria-labelledby="all-users-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="all-users-heading" className="text-2xl font-bold tracking-tight">
          All Users
        </h1>
        <div className="w-72">
          <label htmlFor={searchId} className="label">
            Search by email
          </label>
          <input id={searchId} type="search" className="field" placeholder="name@example.com" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </div>

      {users.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(users.error)}
        </p>
      ) : null}

      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm" aria-busy={users.isFetching}>
          <caption className="sr-only">Users, newest first{email ? `, email containing ${email}` : ''}</caption>
          <thead className="bg-zinc-900 text-white">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Sr
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Role
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Created Date
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {users.isPending ? (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-zinc-600" role="status">
                  Loading ...
                </td>
              </tr>
            ) : items.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-zinc-600">
                  {email ? `No user has an email containing “${email}”.` : 'No users yet.'}
                </td>
              </tr>
            ) : (
              items.map((user, i) => (
                <tr key={user._id} className="border-t border-zinc-200 odd:bg-white even:bg-zinc-50" data-testid="user-row">
                  <td className="px-4 py-3 tabular-nums">{pageIndex * USERS_PAGE_SIZE + i + 1}</td>
                  <td className="max-w-48 truncate px-4 py-3 font-medium">{user.name}</td>
                  <td className="max-w-64 truncate px-4 py-3">{user.email}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${user.role === 'ADMIN' ? 'bg-brand-100 text-brand-900' : 'bg-zinc-200 text-zinc-800'}`}>
                      {user.role}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">{formatLongDate(user.createdAt, timeZone)}</td>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className="icon-btn bg-emerald-100 text-emerald-900 hover:bg-emerald-600 hover:text-white"
                      aria-label={`Edit role of ${user.name} (${user.email})`}
                      onClick={() => setEditing(user)}
                    >
                      <PencilIcon className="size-4" />
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <nav aria-label="Users pages" className="flex items-center justify-between gap-4 text-sm">
        <span className="text-zinc-600">Page {pageIndex + 1}</span>
        <div className="flex gap-2">
          <button type="button" className="btn-outline" disabled={pageIndex === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </button>
          <button
            type="button"
            className="btn-outline"
            disabled={!nextCursor || users.isPlaceholderData}
            onClick={() => {
              if (nextCursor) setCursors((c) => [...c, nextCursor]);
            }}
          >
            Next
          </button>
        </div>
      </nav>

      {editing ? <ChangeRoleDialog user={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
