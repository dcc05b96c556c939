import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatINR, hasAtMostTwoDecimals, rupeesToPaise } from '../../../../shared/money';
import { emi } from '../../../../shared/offers/emi';
import { EMI_TENURES, EmiTableSchema, type EmiTable } from '../../../../shared/schemas/offers';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import { useEmiSettings, useSaveEmiSettings } from '../api/use-admin-offers';
import { instantToIstLocal, istLocalToInstant, untilToInstant } from './offer-form';

/** The phone every plan is worked out on, so the owner sees what a plan costs them: ₹69,900. */
export const SAMPLE_PRICE_PAISE = 6_990_000;

type PlanRow = { bank: string; months: string; rate: string; minPrice: string };
type BankOfferRow = { id: string; bank: string; text: string; from: string; until: string };

const newId = () => `bank-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The table as form rows (rates in percent, prices in rupees, times IST). */
function toRows(table: EmiTable): { plans: PlanRow[]; offers: BankOfferRow[] } {
  return {
    plans: table.plans.map((p) => ({
      bank: p.bank,
      months: String(p.months),
      rate: String(p.annualRateBp / 100),
      minPrice: p.minPricePaise > 0 ? String(p.minPricePaise / 100) : '',
    })),
    offers: table.bankOffers.map((o) => ({ id: o.id, bank: o.bank, text: o.text, from: instantToIstLocal(o.from), until: o.to === null ? '' : instantToIstLocal(o.to, 1) })),
  };
}

/** A rate typed in percent ("15", "13.5") → basis points; null when it is not one. */
export function ratePercentToBp(text: string): number | null {
  const trimmed = text.trim().replace(/%$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/** Rows → the table, or the first problem found, naming its row. */
export function toEmiTable(plans: PlanRow[], offers: BankOfferRow[]): { table: EmiTable | null; error: string | null } {
  const out = { plans: [] as unknown[], bankOffers: [] as unknown[] };
  for (const [i, p] of plans.entries()) {
    const rate = ratePercentToBp(p.rate);
    if (rate === null) return { table: null, error: `Plan ${i + 1}: the bank’s rate must be a percentage, like 15 or 13.5` };
    const min = p.minPrice.trim() === '' ? 0 : Number(p.minPrice.trim());
    if (!Number.isFinite(min) || min < 0 || !hasAtMostTwoDecimals(min)) return { table: null, error: `Plan ${i + 1}: the lowest price must be an amount in rupees` };
    out.plans.push({ bank: p.bank, months: Number(p.months), annualRateBp: rate, minPricePaise: rupeesToPaise(min) });
  }
  for (const [i, o] of offers.entries()) {
    const from = istLocalToInstant(o.from);
    if (from === null) return { table: null, error: `Bank offer ${i + 1}: the start must be a date and time` };
    const to = o.until.trim() === '' ? null : untilToInstant(o.until);
    if (to === null && o.until.trim() !== '') return { table: null, error: `Bank offer ${i + 1}: the end must be a date and time` };
    out.bankOffers.push({ id: o.id, bank: o.bank, text: o.text, from, to });
  }
  const parsed = EmiTableSchema.safeParse(out);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [list, index] = issue.path;
    const where = list === 'plans' ? `Plan ${Number(index) + 1}` : list === 'bankOffers' ? `Bank offer ${Number(index) + 1}` : 'The table';
    return { table: null, error: `${where}: ${issue.message}` };
  }
  return { table: parsed.data, error: null };
}

/**
 * "No-cost EMI and bank offers" on the Offers page: the owner's plans (bank, tenure, the bank's
 * annual rate, the lowest price it is offered on), each worked out on a ₹69,900 phone — the
 * monthly instalment the shopper pays and what each such sale costs the owner (the interest
 * taken off the price) — and the bank offer texts shown while live. Saved into the settings.
 */
export function EmiSettingsSection() {
  const id = useId();
  const saved = useEmiSettings();
  return (
    <section aria-labelledby={`${id}-heading`} className="card flex flex-col gap-4 p-4">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        No-cost EMI and bank offers
      </h2>
      <p className="text-sm text-zinc-700">
        With no-cost EMI the bank lends at its own rate and you take the interest off the price, so the shopper pays the price in equal instalments. Each plan is worked out on a{' '}
        {formatINR(SAMPLE_PRICE_PAISE)} phone.
      </p>
      {saved.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(saved.error)}
        </p>
      ) : saved.data ? (
        <EmiForm initial={saved.data} />
      ) : (
        <p className="text-sm text-zinc-600">Loading…</p>
      )}
    </section>
  );
}

/** The plans and bank offers as editable rows, starting from what is saved. */
function EmiForm({ initial }: { initial: EmiTable }) {
  const id = useId();
  const save = useSaveEmiSettings();
  const [plans, setPlans] = useState<PlanRow[]>(() => toRows(initial).plans);
  const [offers, setOffers] = useState<BankOfferRow[]>(() => toRows(initial).offers);
  const [error, setError] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { table, error: problem } = toEmiTable(plans, offers);
    setError(problem ?? '');
    if (!table) return;
    try {
      await save.mutateAsync(table);
      toast.success('EMI plans and bank offers saved');
    } catch (e) {
      setError(Object.values(fieldErrors(e))[0] ?? errorMessage(e));
    }
  };

  const editPlan = (i: number, patch: Partial<PlanRow>) => setPlans((all) => all.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const editOffer = (i: number, patch: Partial<BankOfferRow>) => setOffers((all) => all.map((o, j) => (j === i ? { ...o, ...patch } : o)));

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="No-cost EMI and bank offers">
        <ul className="flex flex-col gap-3" aria-label="EMI plans">
          {plans.map((plan, i) => {
            const rate = ratePercentToBp(plan.rate);
            const worked = rate !== null && rate <= 6000 ? emi(SAMPLE_PRICE_PAISE, Number(plan.months), rate) : null;
            return (
              <li key={i} className="grid gap-2 rounded-xl border border-zinc-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end" data-testid="emi-plan">
                <div>
                  <label className="label" htmlFor={`${id}-bank-${i}`}>
                    Bank
                  </label>
                  <input id={`${id}-bank-${i}`} className="field" value={plan.bank} onChange={(e) => editPlan(i, { bank: e.target.value })} />
                </div>
                <div>
                  <label className="label" htmlFor={`${id}-months-${i}`}>
                    Months
                  </label>
                  <select id={`${id}-months-${i}`} className="field" value={plan.months} onChange={(e) => editPlan(i, { months: e.target.value })}>
                    {EMI_TENURES.map((m) => (
                      <option key={m} value={m}>
                        {m}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label className="label" htmlFor={`${id}-rate-${i}`}>
                    Bank&apos;s rate (% a year)
                  </label>
                  <input id={`${id}-rate-${i}`} className="field" inputMode="decimal" value={plan.rate} onChange={(e) => editPlan(i, { rate: e.target.value })} />
                </div>
                <div>
                  <label className="label" htmlFor={`${id}-min-${i}`}>
                    From price (₹)
                  </label>
                  <input
                    id={`${id}-min-${i}`}
                    className="field"
                    inputMode="decimal"
                    value={plan.minPrice}
                    onChange={(e) => editPlan(i, { minPrice: e.target.value })}
                    placeholder="0"
                  />
                </div>
                <button type="button" className="btn-ghost min-h-10 px-2" aria-label={`Remove plan ${i + 1}`} onClick={() => setPlans((all) => all.filter((_, j) => j !== i))}>
                  <TrashIcon className="size-4" />
                </button>
                <p className="text-sm text-zinc-700 sm:col-span-5" data-testid="emi-worked">
                  {worked
                    ? `${formatINR(SAMPLE_PRICE_PAISE)} phone: ${formatINR(worked.monthly)} a month for ${worked.months} months; costs you ${formatINR(worked.discount)} a sale.`
                    : 'Type the bank’s rate to see the instalment.'}
                </p>
              </li>
            );
          })}
        </ul>
        <div>
          <button type="button" className="btn-outline" onClick={() => setPlans((all) => [...all, { bank: '', months: '6', rate: '', minPrice: '' }])}>
            <PlusIcon className="size-4" />
            Add an EMI plan
          </button>
        </div>

        <h3 className="text-lg font-bold">Bank offers</h3>
        <ul className="flex flex-col gap-3" aria-label="Bank offers">
          {offers.map((offer, i) => (
            <li key={offer.id} className="grid gap-2 rounded-xl border border-zinc-200 p-3 sm:grid-cols-2" data-testid="bank-offer">
              <div>
                <label className="label" htmlFor={`${id}-obank-${i}`}>
                  Bank
                </label>
                <input id={`${id}-obank-${i}`} className="field" value={offer.bank} onChange={(e) => editOffer(i, { bank: e.target.value })} />
              </div>
              <div>
                <label className="label" htmlFor={`${id}-otext-${i}`}>
                  Offer as shoppers read it
                </label>
                <input
                  id={`${id}-otext-${i}`}
                  className="field"
                  value={offer.text}
                  onChange={(e) => editOffer(i, { text: e.target.value })}
                  placeholder="10% instant discount on HDFC credit cards, up to ₹1,500"
                />
              </div>
              <div>
                <label className="label" htmlFor={`${id}-ofrom-${i}`}>
                  Starts (IST)
                </label>
                <input id={`${id}-ofrom-${i}`} type="datetime-local" className="field" value={offer.from} onChange={(e) => editOffer(i, { from: e.target.value })} />
              </div>
              <div className="flex items-end gap-2">
                <div className="flex-1">
                  <label className="label" htmlFor={`${id}-ountil-${i}`}>
                    Ends (IST, last minute; empty: no end)
                  </label>
                  <input id={`${id}-ountil-${i}`} type="datetime-local" className="field" value={offer.until} onChange={(e) => editOffer(i, { until: e.target.value })} />
                </div>
                <button
                  type="button"
                  className="btn-ghost min-h-10 px-2"
                  aria-label={`Remove bank offer ${i + 1}`}
                  onClick={() => setOffers((all) => all.filter((_, j) => j !== i))}
                >
                  <TrashIcon className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
        <div>
          <button
            type="button"
            className="btn-outline"
            onClick={() => setOffers((all) => [...all, { id: newId(), bank: '', text: '', from: instantToIstLocal(new Date().toISOString()), until: '' }])}
          >
            <PlusIcon className="size-4" />
            Add a bank offer
          </button>
        </div>
        {error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save EMI plans and bank offers'}
          </button>
        </div>
      </form>
    </>
  );
}
