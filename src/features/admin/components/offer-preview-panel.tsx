import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatINR } from '../../../../shared/money';
import type { OfferPreviewInput } from '../../../../shared/schemas/offers-admin';
import { TrashIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/trpc';
import { useOfferPreview, useProductVariants } from '../api/use-admin-offers';
import { ProductPicker } from './offer-form-dialog';
import { istLocalToInstant } from './offer-form';

const MAX_LINES = 3;

type Line = { productId: string; name: string; variantId: string; quantity: string };

/** A picked product's variant choice (a product sold without options has one: picked at once). */
function VariantChoice({ line, onChange, label }: { line: Line; onChange: (variantId: string) => void; label: string }) {
  const id = useId();
  const variants = useProductVariants(line.productId);
  const live = (variants.data?.variants ?? []).filter((v) => v.archivedAt === null);
  const only = live.length === 1 ? live[0]!._id : null;
  useEffect(() => {
    if (only !== null && line.variantId !== only) onChange(only);
  }, [only, line.variantId, onChange]);
  if (live.length <= 1) return null;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} className="field" value={line.variantId} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a variant</option>
        {live.map((v) => (
          <option key={v._id} value={v._id}>
            {v.label} — {formatINR(v.sellingPrice)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "Preview": the owner picks up to three products and quantities, a coupon code, online or cash
 * payment (and a PIN, and a time in IST to see a future weekend's sale), and sees what that cart
 * gets, priced by the same engine as checkout: each line's list and sale price, discounts, net,
 * GST after the discount, the totals and the coupon's message.
 */
export function OfferPreviewPanel() {
  const id = useId();
  const [lines, setLines] = useState<Line[]>([]);
  const [code, setCode] = useState('');
  const [payment, setPayment] = useState<'online' | 'cod'>('online');
  const [pin, setPin] = useState('');
  const [at, setAt] = useState('');
  const [asked, setAsked] = useState<OfferPreviewInput | null>(null);
  const [problem, setProblem] = useState('');
  const preview = useOfferPreview(asked);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem('');
    const ready = lines.filter((l) => l.variantId !== '');
    if (ready.length === 0) return setProblem('Add a product (and choose its variant) to preview.');
    if (ready.some((l) => !/^\d+$/.test(l.quantity.trim()) || Number(l.quantity) < 1)) return setProblem('Each quantity must be a whole number, 1 or more.');
    const instant = at.trim() === '' ? undefined : istLocalToInstant(at);
    if (instant === null) return setProblem('The time must be a date and time.');
    setAsked({
      lines: ready.map((l) => ({ variantId: l.variantId, quantity: Number(l.quantity) })),
      payment,
      ...(code.trim() ? { couponCode: code.trim() } : {}),
      ...(pin.trim() ? { pin: pin.trim() } : {}),
      ...(instant ? { at: instant } : {}),
    });
  };

  const result = asked ? preview : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="card flex flex-col gap-4 p-4">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        Preview a cart
      </h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Preview a cart">
        {lines.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label="Preview products">
            {lines.map((line, i) => (
              <li key={line.productId} className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-2 sm:flex-row sm:items-center">
                <span className="min-w-0 flex-1 text-sm font-medium">{line.name}</span>
                <VariantChoice label={`Variant of ${line.name}`} line={line} onChange={(variantId) => setLines((all) => all.map((l, j) => (j === i ? { ...l, variantId } : l)))} />
                <div className="flex items-center gap-2">
                  <label htmlFor={`${id}-qty-${i}`} className="text-sm">
                    Qty
                  </label>
                  <input
                    id={`${id}-qty-${i}`}
                    className="field w-20"
                    inputMode="numeric"
                    value={line.quantity}
                    onChange={(e) => setLines((all) => all.map((l, j) => (j === i ? { ...l, quantity: e.target.value } : l)))}
                  />
                  <button type="button" className="btn-ghost min-h-9 px-2" aria-label={`Remove ${line.name}`} onClick={() => setLines((all) => all.filter((_, j) => j !== i))}>
                    <TrashIcon className="size-4" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {lines.length < MAX_LINES ? (
          <ProductPicker
            label="Add a product to the preview"
            onPick={(p) => setLines((all) => (all.some((l) => l.productId === p.id) ? all : [...all, { productId: p.id, name: p.name, variantId: '', quantity: '1' }]))}
          />
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor={`${id}-code`} className="label">
              Coupon code
            </label>
            <input id={`${id}-code`} className="field" value={code} onChange={(e) => setCode(e.target.value)} placeholder="SAVE1000" />
          </div>
          <fieldset>
            <legend className="label">Payment</legend>
            <div className="flex gap-4 pt-2">
              {(['online', 'cod'] as const).map((p) => (
                <label key={p} className="flex items-center gap-1.5 text-sm">
                  <input type="radio" name={`${id}-payment`} className="size-4 accent-brand-700" checked={payment === p} onChange={() => setPayment(p)} />
                  {p === 'online' ? 'Online' : 'Cash on delivery'}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${id}-pin`} className="label">
              PIN (optional)
            </label>
            <input id={`${id}-pin`} className="field" inputMode="numeric" value={pin} onChange={(e) => setPin(e.target.value)} placeholder="560001" />
          </div>
          <div>
            <label htmlFor={`${id}-at`} className="label">
              At (IST, empty: now)
            </label>
            <input id={`${id}-at`} type="datetime-local" className="field" value={at} onChange={(e) => setAt(e.target.value)} />
          </div>
        </div>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <div>
          <button type="submit" className="btn-primary">
            Preview
          </button>
        </div>
      </form>

      {result?.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(result.error)}
        </p>
      ) : result?.data ? (
        <div className="flex flex-col gap-3" data-testid="offer-preview" aria-live="polite">
          {result.data.coupon ? (
            <p
              className={`rounded-xl px-3 py-2 text-sm font-medium ${result.data.coupon.applied ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950'}`}
              data-testid="preview-coupon"
            >
              {result.data.coupon.applied ? `${result.data.coupon.code} applied: you save ${formatINR(result.data.coupon.saving)}` : result.data.coupon.message}
            </p>
          ) : null}
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="border-b border-zinc-200 text-xs text-zinc-600">
                <tr>
                  <th className="py-1 pr-2">Item</th>
                  <th className="py-1 pr-2 text-right">Price</th>
                  <th className="py-1 pr-2 text-right">Qty</th>
                  <th className="py-1 pr-2">Discounts</th>
                  <th className="py-1 pr-2 text-right">Net</th>
                  <th className="py-1 pr-2 text-right">Taxable</th>
                  <th className="py-1 text-right">GST</th>
                </tr>
              </thead>
              <tbody>
                {result.data.lines.map((line) => (
                  <tr key={line.key} className="border-b border-zinc-100 align-top" data-testid="preview-line">
                    <td className="py-2 pr-2">
                      {line.name}
                      {line.variantLabel ? <span className="block text-xs text-zinc-600">{line.variantLabel}</span> : null}
                    </td>
                    <td className="py-2 pr-2 text-right tabular-nums">
                      {line.unitPrice < line.listUnitPrice ? <s className="mr-1 text-zinc-500">{formatINR(line.listUnitPrice)}</s> : null}
                      {formatINR(line.unitPrice)}
                    </td>
                    <td className="py-2 pr-2 text-right tabular-nums">{line.quantity}</td>
                    <td className="py-2 pr-2 text-xs">
                      {line.discountNames.length === 0
                        ? '—'
                        : line.discountNames.map((d) => (
                            <span key={d.offerId} className="block">
                              {d.name}: −{formatINR(d.amount)}
                            </span>
                          ))}
                    </td>
                    <td className="py-2 pr-2 text-right tabular-nums">{formatINR(line.net)}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">{formatINR(line.tax.taxable)}</td>
                    <td className="py-2 text-right tabular-nums">
                      {formatINR(line.tax.cgst + line.tax.sgst + line.tax.igst)}
                      <span className="block text-xs text-zinc-600">{line.tax.rateBp / 100}%</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="ml-auto grid w-full max-w-sm grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="preview-totals">
            <dt>List price</dt>
            <dd className="text-right tabular-nums">{formatINR(result.data.totals.listTotal)}</dd>
            {result.data.totals.saleSavings > 0 ? (
              <>
                <dt>Sale prices</dt>
                <dd className="text-right tabular-nums">−{formatINR(result.data.totals.saleSavings)}</dd>
              </>
            ) : null}
            <dt>Discounts</dt>
            <dd className="text-right tabular-nums">−{formatINR(result.data.totals.discountTotal)}</dd>
            <dt>Delivery</dt>
            <dd className="text-right tabular-nums">{result.data.delivery.free ? 'Free' : formatINR(result.data.totals.deliveryAmount)}</dd>
            <dt>Taxable value</dt>
            <dd className="text-right tabular-nums">{formatINR(result.data.totals.taxable)}</dd>
            <dt>{result.data.intraState ? 'CGST + SGST' : 'IGST'}</dt>
            <dd className="text-right tabular-nums">{formatINR(result.data.totals.cgst + result.data.totals.sgst + result.data.totals.igst)}</dd>
            <dt className="font-bold">Total</dt>
            <dd className="text-right font-bold tabular-nums" data-testid="preview-total">
              {formatINR(result.data.totals.total)}
            </dd>
          </dl>
          {result.data.prepaid && !result.data.prepaid.applied ? (
            <p className="text-sm text-zinc-700">Paying online would save {formatINR(result.data.prepaid.saving)} more.</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
