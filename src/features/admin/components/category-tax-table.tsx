import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CATEGORIES } from '../../../../shared/categories';
import { CategoryTaxInputSchema, type CategoryTax } from '../../../../shared/schemas/settings';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useSetCategoryTax } from '../api/use-shop-settings';
import { formatGstRate, GST_RATE_OPTIONS } from './settings-form';

/** The rate a category starts with before anyone saves one (the server's seeded default). */
const DEFAULT_RATE_BP = 1800;

/**
 * The HSN code and GST rate of each of the twelve categories. Each row saves on its own with its
 * Save button (enabled once the row changes), not on blur: tabbing through the table must not
 * save half-typed codes, and each save is an audited change.
 */
export function CategoryTaxTable({ rows }: { rows: readonly CategoryTax[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id={headingId} className="text-lg font-bold">
          GST by category
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          The HSN code and rate every product of a category is invoiced with, unless the product has its own. Each row saves on its own with its Save button; a change applies to
          invoices issued from then on.
        </p>
      </div>
      <table className="w-full text-sm">
        <thead className="max-sm:sr-only">
          <tr className="border-b border-zinc-200 text-left text-zinc-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Category
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              HSN code
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              GST rate
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Save</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {CATEGORIES.map((category) => (
            <CategoryTaxRow key={category.value} category={category.value} label={category.label} saved={rows.find((row) => row.category === category.value)} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function CategoryTaxRow({ category, label, saved }: { category: string; label: string; saved: CategoryTax | undefined }) {
  const formId = useId();
  const errorId = `${formId}-error`;
  const [hsn, setHsn] = useState(saved?.hsn ?? '');
  const [rate, setRate] = useState(String(saved?.rateBasisPoints ?? DEFAULT_RATE_BP));
  const [error, setError] = useState<string | null>(null);
  const setCategoryTax = useSetCategoryTax();
  const dirty = hsn.trim() !== (saved?.hsn ?? '') || Number(rate) !== saved?.rateBasisPoints;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = CategoryTaxInputSchema.safeParse({ category, hsn, rateBasisPoints: Number(rate) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the HSN code and rate');
      return;
    }
    setError(null);
    try {
      await setCategoryTax.mutateAsync(parsed.data);
      setHsn(parsed.data.hsn);
      toast.success(`${label}: HSN ${parsed.data.hsn}, GST ${formatGstRate(parsed.data.rateBasisPoints)} saved`);
    } catch (failure) {
      const fields = fieldErrors(failure);
      setError(fields.hsn ?? fields.rateBasisPoints ?? errorMessage(failure));
    }
  };

  return (
    <tr className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2 border-b border-zinc-100 py-3 sm:table-row sm:py-0" data-testid="category-tax-row">
      <th scope="row" className="col-span-3 text-left font-semibold text-zinc-900 sm:py-2 sm:pr-3 sm:font-medium">
        {label}
      </th>
      <td className="sm:py-2 sm:pr-3">
        <input
          form={formId}
          name="hsn"
          className="field py-2 sm:w-32"
          inputMode="numeric"
          maxLength={8}
          placeholder="HSN"
          value={hsn}
          onChange={(event) => {
            setHsn(event.target.value);
            setError(null);
          }}
          aria-label={`HSN code: ${label}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </td>
      <td className="sm:py-2 sm:pr-3">
        <select
          form={formId}
          name="rateBasisPoints"
          className="field py-2 sm:w-28"
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          aria-label={`GST rate: ${label}`}
        >
          {GST_RATE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </td>
      <td className="sm:py-2">
        {/* A form of its own per row (a <form> may not wrap a table row); the inputs join it with form=. */}
        <form id={formId} onSubmit={onSubmit} noValidate aria-label={`GST of ${label}`}>
          <button type="submit" className="btn-outline min-h-[2.875rem] px-3" disabled={!dirty || setCategoryTax.isPending} aria-label={`Save the GST of ${label}`}>
            {setCategoryTax.isPending ? 'Saving…' : 'Save'}
          </button>
        </form>
      </td>
    </tr>
  );
}
