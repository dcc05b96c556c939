import { useState } from 'react';
import toast from 'react-hot-toast';
import { UNIT_ID_LABELS, type AdminCategory } from '../../../../shared/schemas/categories';
import { ChevronLeftIcon, ChevronRightIcon, EyeIcon, EyeOffIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage } from '../../../lib/trpc';
import { useAdminCategories, useDeleteCategory, useMoveCategory, useUpdateCategory } from '../api/use-admin-categories';
import { CategoryFormDialog } from './category-form-dialog';
import { ModalDialog } from './modal-dialog';
import { formatGstRate } from './settings-form';

type Dialog = { kind: 'add' } | { kind: 'edit'; category: AdminCategory } | { kind: 'delete'; category: AdminCategory } | null;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The owner's Categories page: every category in menu order with its value, products count,
 * HSN and GST rate, home row and whether it is hidden; buttons to move it up or down, edit it
 * (label, tax, home row, spec template), hide or show it, and delete it (refused, with the
 * reason, while products use it). The home page's rows have their own order below.
 */
export function AdminCategories() {
  const categories = useAdminCategories();
  const move = useMoveCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [announcement, setAnnouncement] = useState('');

  const onMove = async (category: AdminCategory, direction: 'up' | 'down', list: 'menu' | 'home') => {
    try {
      const order = await move.mutateAsync({ value: category.value, direction, list });
      const rows = list === 'menu' ? order : homeRows(order);
      setAnnouncement(
        `${category.label} moved to place ${rows.findIndex((c) => c.value === category.value) + 1} of ${rows.length}${list === 'home' ? ' among the home rows' : ''}.`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onToggleHidden = async (category: AdminCategory) => {
    try {
      await update.mutateAsync({ value: category.value, hidden: !category.hidden });
      toast.success(`${category.hidden ? 'Category shown' : 'Category hidden'}: ${category.label}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onDelete = async (category: AdminCategory) => {
    try {
      await remove.mutateAsync({ value: category.value });
      toast.success(`Category deleted: ${category.label}`);
      setDialog(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const list = categories.data ?? [];
  const rows = homeRows(list);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Categories</h1>
        <button type="button" className="btn-outline" onClick={() => setDialog({ kind: 'add' })}>
          <PlusIcon className="size-4" />
          Add category
        </button>
      </div>
      <p role="note" className="rounded-2xl border-2 border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-800">
        The order here is the order of the bubbles, menus and filters. Each category’s HSN code and GST rate go on its products’ invoices unless a product has its own. A category
        that products use cannot be deleted: hide it instead (its page and products stay reachable from links).
      </p>
      <p className="sr-only" role="status">
        {announcement}
      </p>

      {categories.isPending ? (
        <PageSpinner label="Loading categories" />
      ) : categories.isError ? (
        <p role="alert" className="card px-4 py-6 text-center text-red-800">
          {errorMessage(categories.error)}
        </p>
      ) : (
        <>
          <section aria-labelledby="categories-heading" className="card overflow-hidden">
            <h2 id="categories-heading" className="sr-only">
              All categories
            </h2>
            <table className="w-full text-sm" aria-busy={move.isPending}>
              <thead className="max-md:sr-only">
                <tr className="border-b border-zinc-200 bg-zinc-50 text-left text-zinc-600">
                  <th scope="col" className="px-3 py-2 font-medium">
                    Category
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Products
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    HSN
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    GST
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Home row
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((category, i) => (
                  <tr
                    key={category.value}
                    className="grid grid-cols-2 gap-x-3 gap-y-1 border-b border-zinc-100 px-3 py-3 last:border-b-0 md:table-row md:p-0"
                    data-testid="category-row"
                  >
                    <th scope="row" className="col-span-2 text-left font-normal md:px-3 md:py-2">
                      <span className="font-semibold text-zinc-900">{category.label}</span>
                      {category.hidden ? <span className="ms-2 rounded-full bg-zinc-800 px-2 py-0.5 text-xs font-bold text-white">Hidden</span> : null}
                      <span className="block font-mono text-xs text-zinc-600">{category.value}</span>
                      {category.template.length > 0 ? <span className="block text-xs text-zinc-600">{plural(category.template.length, 'spec attribute')}</span> : null}
                      {category.unitIds !== 'none' ? (
                        <span className="block text-xs text-zinc-600" data-testid="category-unit-ids">
                          Scan at packing: {UNIT_ID_LABELS[category.unitIds]}
                        </span>
                      ) : null}
                    </th>
                    <td className="md:px-3 md:py-2">
                      <span className="md:hidden">Products: </span>
                      {category.productCount}
                    </td>
                    <td className="md:px-3 md:py-2">
                      <span className="md:hidden">HSN </span>
                      {category.hsn}
                    </td>
                    <td className="md:px-3 md:py-2">
                      <span className="md:hidden">GST </span>
                      {formatGstRate(category.rateBasisPoints)}
                    </td>
                    <td className="md:px-3 md:py-2">
                      {category.homeRow ? `“${category.homeRow.heading}” (${category.homeRow.cards})` : <span className="text-zinc-600">No home row</span>}
                    </td>
                    <td className="col-span-2 md:px-3 md:py-2">
                      <div className="flex flex-wrap gap-1 md:justify-end">
                        <button
                          type="button"
                          className="btn-ghost px-2"
                          disabled={i === 0 || move.isPending}
                          onClick={() => void onMove(category, 'up', 'menu')}
                          aria-label={`Move ${category.label} up`}
                        >
                          <ChevronLeftIcon className="size-4 rotate-90" />
                        </button>
                        <button
                          type="button"
                          className="btn-ghost px-2"
                          disabled={i === list.length - 1 || move.isPending}
                          onClick={() => void onMove(category, 'down', 'menu')}
                          aria-label={`Move ${category.label} down`}
                        >
                          <ChevronRightIcon className="size-4 rotate-90" />
                        </button>
                        <button type="button" className="btn-ghost px-2" onClick={() => setDialog({ kind: 'edit', category })} aria-label={`Edit ${category.label}`}>
                          <PencilIcon className="size-4" />
                        </button>
                        <button
                          type="button"
                          className="btn-ghost px-2"
                          onClick={() => void onToggleHidden(category)}
                          aria-label={`${category.hidden ? 'Show' : 'Hide'} ${category.label}`}
                          disabled={update.isPending}
                        >
                          {category.hidden ? <EyeIcon className="size-4" /> : <EyeOffIcon className="size-4" />}
                        </button>
                        <button
                          type="button"
                          className="btn-ghost px-2 text-red-700"
                          onClick={() => setDialog({ kind: 'delete', category })}
                          aria-label={`Delete ${category.label}`}
                        >
                          <TrashIcon className="size-4" />
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          <section aria-labelledby="home-rows-heading" className="card flex flex-col gap-3 p-4">
            <div>
              <h2 id="home-rows-heading" className="text-xl font-bold">
                Home page rows
              </h2>
              <p className="text-sm text-zinc-600">In this order under the banners. Hidden categories and rows without products are left out.</p>
            </div>
            {rows.length === 0 ? (
              <p className="text-zinc-700">No category has a home row: edit one to give it a row.</p>
            ) : (
              <ol className="flex flex-col divide-y divide-zinc-100" aria-label="Home page rows">
                {rows.map((category, i) => (
                  <li key={category.value} className="flex items-center gap-3 py-2" data-testid="home-row">
                    <span className="w-6 text-right text-sm text-zinc-600">{i + 1}.</span>
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{category.homeRow!.heading}</span>
                      <span className="text-sm text-zinc-600">
                        {' '}
                        · {category.label}, {category.homeRow!.cards} cards{category.hidden ? ' (hidden)' : ''}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="btn-ghost px-2"
                      disabled={i === 0 || move.isPending}
                      onClick={() => void onMove(category, 'up', 'home')}
                      aria-label={`Move the ${category.label} row up`}
                    >
                      <ChevronLeftIcon className="size-4 rotate-90" />
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2"
                      disabled={i === rows.length - 1 || move.isPending}
                      onClick={() => void onMove(category, 'down', 'home')}
                      aria-label={`Move the ${category.label} row down`}
                    >
                      <ChevronRightIcon className="size-4 rotate-90" />
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}

      {dialog?.kind === 'add' ? <CategoryFormDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <CategoryFormDialog category={dialog.category} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ModalDialog title={`Delete ${dialog.category.label}?`} onClose={() => setDialog(null)}>
          <div className="flex flex-col gap-4">
            {dialog.category.productCount > 0 ? (
              <p role="alert" className="text-red-800">
                {dialog.category.label} is used by {plural(dialog.category.productCount, 'product')} (archived ones count: their orders name it), so it cannot be deleted. Hide it
                instead: it leaves the menus and the home page, and its products keep their pages.
              </p>
            ) : (
              <p>No product uses {dialog.category.label}. Deleting it cannot be undone.</p>
            )}
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-ghost" onClick={() => setDialog(null)}>
                Cancel
              </button>
              {dialog.category.productCount > 0 && !dialog.category.hidden ? (
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() => {
                    void onToggleHidden(dialog.category);
                    setDialog(null);
                  }}
                >
                  Hide it instead
                </button>
              ) : null}
              <button type="button" className="btn-outline text-red-700" disabled={remove.isPending} onClick={() => void onDelete(dialog.category)}>
                Delete
              </button>
            </div>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}

/** The categories with a home row, in the rows' order. */
function homeRows(list: readonly AdminCategory[]): AdminCategory[] {
  return list.filter((c) => c.homeRow !== null).sort((a, b) => a.homeRow!.position - b.homeRow!.position || a.position - b.position);
}
