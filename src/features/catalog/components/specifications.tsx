import { formatSpecValue, type SpecSheetRow } from '../../../../shared/specs';

/**
 * The product page's Specifications table, in the template's order: a product-level value as
 * it is, a per-variant one as the chosen variant has it (`variantId`: the picker's choice, or the
 * default variant the server rendered). Server-rendered with the page; nothing when empty.
 */
export function Specifications({ rows, variantId }: { rows: readonly SpecSheetRow[] | undefined; variantId: string | undefined }) {
  const shown = (rows ?? [])
    .map((row) => ({ row, value: row.perVariant ? (variantId !== undefined ? row.byVariant[variantId] : undefined) : (row.value ?? undefined) }))
    .filter((r): r is { row: SpecSheetRow; value: NonNullable<typeof r.value> } => r.value !== undefined);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="specifications" className="rounded-xl border border-zinc-200 p-4" data-testid="specifications">
      <h2 id="specifications" className="mb-2 text-base font-bold text-zinc-900">
        Specifications
      </h2>
      <table className="w-full text-left text-sm">
        <tbody>
          {shown.map(({ row, value }) => (
            <tr key={row.key} className="border-t border-zinc-100 first:border-t-0">
              <th scope="row" className="w-2/5 py-1.5 pr-3 align-top font-medium text-zinc-600">
                {row.name}
              </th>
              <td className="py-1.5 text-zinc-900" data-spec={row.key}>
                {formatSpecValue(row, value)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
