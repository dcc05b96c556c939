import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { formatINR } from '../../../../shared/money';
import { ParcelSchema, type Parcel } from '../../../../shared/schemas/settings';
import {
  EwayBillSchema,
  ImeiSchema,
  SerialSchema,
  ShipManualInputSchema,
  type AdminShipment,
  type CourierRate,
  type CourierRates,
  type PackedUnitInput,
  type PackingLine,
  type PackingSheet,
} from '../../../../shared/schemas/shipping';
import { FieldError } from '../../../components/ui/field-error';
import { errorAppCode, errorMessage, fieldErrors } from '../../../lib/trpc';
import { useBookCourier, useCourierRates, useHandOver, usePackingSheet, usePackOrder, useSetEwayBill, useShipManual } from '../api/use-packing';
import { ModalDialog } from './modal-dialog';

// Pack & ship (issue 29): the admin's packing table and Ship step for one order, in one dialog.
// Step 1 records each unit's IMEI or serial (a barcode scanner types the digits and Enter, which
// moves to the next box), the parcel and the e-way bill; step 2 hands it to the courier. The
// shared schemas check every box here exactly as the server will, so most mistakes are caught
// before anything is sent; the server's own refusals (a number out with another order) show
// beside the form. Couriers: when Settings choose Shiprocket the Ship step books with it (its
// AWB, courier, routing code, pickup, labels), with a link to the manual courier's form for a
// parcel the owner hands to a courier of their own; otherwise the manual form alone.

type Step = 'pack' | 'ship';

/** The packing slip PDF of an order (the server prints blanks for numbers not yet recorded). */
export const packingSlipUrl = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}/packing-slip.pdf`;

/** A parcel's shipping label PDF: the courier's own 4 × 6 when it gives one (else the shop's), or the shop's A4. */
export const labelUrl = (orderId: string, size: '4x6' | 'a4') => `/admin/orders/${encodeURIComponent(orderId)}/label.pdf?size=${size}`;

/** "Pickup scheduled for 27 Nov 2026, 11:00 am": the note the booking's last step left, when the pickup is booked. */
export function pickupNote(shipment: Pick<AdminShipment, 'timeline'>): string | null {
  const note = shipment.timeline.findLast((step) => step.status === 'booked' && step.note?.startsWith('Pickup scheduled'))?.note;
  return note ?? null;
}

/** "This parcel is worth ₹75,000.00, over ₹50,000.00: it needs an e-way bill". */
export const ewayBillNotice = (sheet: Pick<PackingSheet, 'valuePaise' | 'ewayBillThresholdPaise'>) =>
  `This parcel is worth ${formatINR(sheet.valuePaise)}, over ${formatINR(sheet.ewayBillThresholdPaise)}: it needs an e-way bill`;

const PACKABLE = new Set(['paid', 'confirmed']);

const unitKey = (itemId: string, unit: number) => `${itemId}:${unit}`;
const needsScan = (sheet: PackingSheet) => sheet.lines.some((line) => line.unitIds !== 'none');

/** A line as the packing table names it: "Galaxy S30 (128 GB, Black)". */
const lineName = (line: Pick<PackingLine, 'name' | 'variantLabel'>) => (line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name);

/** The first message of a failed zod parse. */
const firstMessage = (result: { success: false; error: { issues: { message: string }[] } }) => result.error.issues[0]?.message ?? 'is not valid';

/**
 * The Pack & ship dialog of one order: it loads the packing sheet, opens on Pack (or on Ship once
 * packed, or when nothing needs scanning), and closes after the order ships.
 */
export function PackAndShipDialog({ orderId, orderNumber, onClose }: { orderId: string; orderNumber: string; onClose: () => void }) {
  const sheet = usePackingSheet(orderId);
  return (
    <ModalDialog title="Pack & ship" description={<span className="[overflow-wrap:anywhere]">Order {orderNumber}</span>} onClose={onClose} widthClassName="max-w-2xl">
      {sheet.isPending ? (
        <p role="status" className="py-8 text-center text-zinc-700">
          Loading the packing sheet…
        </p>
      ) : sheet.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-900">
          {errorMessage(sheet.error)}
        </p>
      ) : !PACKABLE.has(sheet.data.orderStatus) ? (
        <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
          This order is {sheet.data.orderStatus}: only a paid or confirmed order is packed and shipped.
        </p>
      ) : (
        <PackAndShip sheet={sheet.data} onShipped={onClose} />
      )}
    </ModalDialog>
  );
}

function PackAndShip({ sheet, onShipped }: { sheet: PackingSheet; onShipped: () => void }) {
  const packed = sheet.shipment?.status === 'packed';
  // Booked with the courier: its AWB is given, the parcel cannot be packed again.
  const booked = sheet.shipment?.status === 'booked';
  const [step, setStep] = useState<Step>(packed || booked || !needsScan(sheet) ? 'ship' : 'pack');
  // Shiprocket chosen in Settings: the owner may still hand this one to a courier of their own.
  const [ownCourier, setOwnCourier] = useState(false);
  const canShip = packed || !needsScan(sheet);
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Steps">
        <StepMark number={1} label="Pack" current={step === 'pack'} done={packed || booked} />
        <li aria-hidden="true" className="text-zinc-400">
          →
        </li>
        <StepMark number={2} label="Ship" current={step === 'ship'} done={false} />
        <li className="ms-auto">
          <a href={packingSlipUrl(sheet.orderId)} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline hover:text-brand-800">
            Packing slip (PDF)
          </a>
          {packed || booked ? null : <span className="ms-1 text-xs text-zinc-600">(blanks for the numbers until packed)</span>}
        </li>
      </ol>
      {step === 'pack' ? (
        <PackStep key={sheet.shipment?.packedAt ?? 'new'} sheet={sheet} onPacked={() => setStep('ship')} onSkip={canShip ? () => setStep('ship') : undefined} />
      ) : booked && sheet.shipment ? (
        <BookedStep sheet={sheet} shipment={sheet.shipment} onDone={onShipped} />
      ) : sheet.courier === 'shiprocket' && !ownCourier ? (
        <ShiprocketStep sheet={sheet} onBack={() => setStep('pack')} onOwnCourier={() => setOwnCourier(true)} />
      ) : (
        <ShipStep sheet={sheet} onBack={() => setStep('pack')} onShipped={onShipped} onShiprocket={sheet.courier === 'shiprocket' ? () => setOwnCourier(false) : undefined} />
      )}
    </div>
  );
}

function StepMark({ number, label, current, done }: { number: number; label: string; current: boolean; done: boolean }) {
  return (
    <li
      aria-current={current ? 'step' : undefined}
      className={`flex items-center gap-1.5 rounded-full px-3 py-1 font-semibold ${current ? 'bg-brand-700 text-white' : 'bg-zinc-100 text-zinc-800'}`}
    >
      <span aria-hidden="true">{number}</span>
      {label}
      {done ? <span className="font-normal">(done)</span> : null}
    </li>
  );
}

type UnitDraft = { first: string; second: string };

type PackDraft = {
  units: Record<string, UnitDraft>;
  weightGrams: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
  ewayNumber: string;
  ewayDate: string;
};

function packDraftOf(sheet: PackingSheet): PackDraft {
  const units: Record<string, UnitDraft> = {};
  for (const unit of sheet.shipment?.units ?? []) units[unitKey(unit.itemId, unit.unit)] = { first: unit.values[0] ?? '', second: unit.values[1] ?? '' };
  const parcel = sheet.shipment?.parcel ?? sheet.parcel;
  return {
    units,
    weightGrams: String(parcel.weightGrams),
    lengthCm: String(parcel.lengthCm),
    breadthCm: String(parcel.breadthCm),
    heightCm: String(parcel.heightCm),
    ewayNumber: sheet.shipment?.ewayBill?.number ?? '',
    ewayDate: sheet.shipment?.ewayBill?.date ?? '',
  };
}

/** The error key of a unit's box: its first (IMEI or serial) or second IMEI. */
const boxKey = (itemId: string, unit: number, slot: 1 | 2) => `unit.${unitKey(itemId, unit)}.${slot}`;

/** Why one box is wrong, or null: a required box must be filled; an IMEI passes its check digit; a serial is letters and digits. */
function boxProblem(kind: 'imei' | 'serial', slot: 1 | 2, value: string): string | null {
  if (value.trim() === '') {
    if (slot === 2) return null;
    return kind === 'imei' ? 'scan or type its IMEI' : 'scan or type its serial number';
  }
  const parsed = kind === 'imei' ? ImeiSchema(slot === 2 ? 'Second IMEI' : 'IMEI').safeParse(value) : SerialSchema('Serial number').safeParse(value);
  return parsed.success ? null : firstMessage(parsed);
}

/** Checks the packing table as the server will; the input to send, or the errors by box. */
function checkPack(sheet: PackingSheet, draft: PackDraft): { errors: Record<string, string>; units: PackedUnitInput[]; parcel: Parcel | null; ewayBill: EwayBillInput | null } {
  const errors: Record<string, string> = {};
  const units: PackedUnitInput[] = [];
  const seen = new Map<string, string>();
  for (const line of sheet.lines) {
    if (line.unitIds === 'none') continue;
    for (let unit = 0; unit < line.quantity; unit++) {
      const typed = draft.units[unitKey(line.itemId, unit)] ?? { first: '', second: '' };
      const kind = line.unitIds;
      const slots: [1 | 2, string][] =
        kind === 'imei'
          ? [
              [1, typed.first],
              [2, typed.second],
            ]
          : [[1, typed.first]];
      for (const [slot, value] of slots) {
        const key = boxKey(line.itemId, unit, slot);
        const problem = boxProblem(kind, slot, value);
        if (problem) {
          errors[key] = problem;
          continue;
        }
        if (value.trim() === '') continue;
        const normal = kind === 'imei' ? value.replace(/[\s-]/g, '') : value.trim().toUpperCase();
        const other = seen.get(normal);
        if (other) errors[key] = `${kind === 'imei' ? 'this IMEI' : 'this serial number'} is typed twice (also for ${other})`;
        seen.set(normal, line.quantity > 1 ? `${line.name}, unit ${unit + 1}` : line.name);
      }
      units.push(
        kind === 'imei'
          ? { itemId: line.itemId, unit, imei: typed.first.trim(), ...(typed.second.trim() ? { imei2: typed.second.trim() } : {}) }
          : { itemId: line.itemId, unit, serial: typed.first.trim() },
      );
    }
  }
  const parcelInput = {
    weightGrams: Number(draft.weightGrams.trim() || Number.NaN),
    lengthCm: Number(draft.lengthCm.trim() || Number.NaN),
    breadthCm: Number(draft.breadthCm.trim() || Number.NaN),
    heightCm: Number(draft.heightCm.trim() || Number.NaN),
  };
  const parcel = ParcelSchema.safeParse(parcelInput);
  if (!parcel.success) for (const issue of parcel.error.issues) errors[`parcel.${issue.path.map(String).join('.')}`] ??= issue.message;
  // Packed without it is fine (it is often made at dispatch); the Ship step asks for it.
  const ewayBill = draft.ewayNumber.trim() || draft.ewayDate.trim() ? checkEwayBill(draft.ewayNumber, draft.ewayDate, errors) : null;
  return { errors, units, parcel: parcel.success ? parcel.data : null, ewayBill };
}

type EwayBillInput = { number: string; date: string };

/** The e-way bill as typed, checked with the shared schema (an empty box named as missing); null with its errors added to `errors`. */
function checkEwayBill(number: string, date: string, errors: Record<string, string>): EwayBillInput | null {
  if (number.trim() === '') errors['ewayBill.number'] = 'e-way bill number is required to ship this parcel';
  if (date.trim() === '') errors['ewayBill.date'] = 'e-way bill date is required to ship this parcel';
  const parsed = EwayBillSchema.safeParse({ number, date });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[`ewayBill.${issue.path.map(String).join('.')}`] ??= issue.message;
  return parsed.success && number.trim() !== '' && date.trim() !== '' ? { number, date } : null;
}

/** Moves focus to the next box of the form after `from` (scan boxes, then the parcel). */
function focusNext(form: HTMLFormElement | null, from: HTMLElement) {
  if (!form) return;
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[data-scan], input[data-after-scan]')];
  const next = boxes[boxes.indexOf(from as HTMLInputElement) + 1];
  if (next) {
    next.focus();
    next.select();
  }
}

/** Focus on the first box named in `errors` (the form's order), so the admin lands on what to fix. */
function focusError(form: HTMLFormElement | null, errors: Record<string, string>) {
  const boxes = [...(form?.querySelectorAll<HTMLElement>('[data-error-key]') ?? [])];
  boxes.find((box) => errors[box.dataset.errorKey ?? ''])?.focus();
}

/** Focus on the first box once the dialog has opened (the native dialog focuses its first control as it opens). */
function useFocusFirst(selector: string) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => ref.current?.querySelector<HTMLInputElement>(selector)?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [selector]);
  return ref;
}

function PackStep({ sheet, onPacked, onSkip }: { sheet: PackingSheet; onPacked: () => void; onSkip: (() => void) | undefined }) {
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const [draft, setDraft] = useState<PackDraft>(() => packDraftOf(sheet));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const pack = usePackOrder();
  const formRef = useFocusFirst('input[data-scan], input[data-after-scan]');

  const setErrorOf = (key: string, message: string | null) =>
    setErrors((e) => {
      if (!message && !(key in e)) return e;
      const next = { ...e };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });
  // A box typed in again loses its error until it is checked again.
  const setUnit = (key: string, slot: 1 | 2, value: string) => {
    setErrorOf(`unit.${key}.${slot}`, null);
    setDraft((d) => {
      const current = d.units[key] ?? { first: '', second: '' };
      return { ...d, units: { ...d.units, [key]: slot === 1 ? { ...current, first: value } : { ...current, second: value } } };
    });
  };

  /** Enter (a scanner's last key): the box is checked; a good one moves on, a bad one is selected for the next scan. */
  const onScanKey = (event: KeyboardEvent<HTMLInputElement>, key: string, kind: 'imei' | 'serial', slot: 1 | 2) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const problem = boxProblem(kind, slot, event.currentTarget.value);
    setErrorOf(key, problem);
    if (problem) event.currentTarget.select();
    else focusNext(formRef.current, event.currentTarget);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const checked = checkPack(sheet, draft);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0 || !checked.parcel) {
      focusError(formRef.current, checked.errors);
      return;
    }
    try {
      await pack.mutateAsync({ orderId: sheet.orderId, units: checked.units, parcel: checked.parcel, ...(checked.ewayBill ? { ewayBill: checked.ewayBill } : {}) });
      toast.success('Packed: now ship it');
      onPacked();
    } catch (failure) {
      const fields = fieldErrors(failure);
      setErrors(fields);
      setRefusal(errorMessage(failure));
    }
  };

  const box = (key: string) => ({
    'data-error-key': key,
    'aria-invalid': errors[key] ? true : undefined,
  });
  const describedBy = (key: string, ...more: (string | undefined)[]) => [errors[key] ? `${id(key)}-error` : undefined, ...more].filter(Boolean).join(' ') || undefined;

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Pack" className="flex flex-col gap-5">
      <ul className="flex flex-col gap-3" aria-label="Items to pack">
        {sheet.lines.map((line) => (
          <li key={line.itemId} className="rounded-xl border border-zinc-200 p-3" data-testid="pack-line">
            <p className="font-semibold text-zinc-900">{lineName(line)}</p>
            <p className="text-xs text-zinc-600">
              {line.sku ? `SKU ${line.sku} · ` : null}Quantity {line.quantity}
            </p>
            {line.unitIds === 'none' ? (
              <p className="mt-2 text-sm text-zinc-700" data-testid="nothing-to-scan">
                Nothing to scan: pack {line.quantity === 1 ? 'it' : `all ${line.quantity}`} as they are.
              </p>
            ) : (
              <div className="mt-2 flex flex-col gap-3">
                {Array.from({ length: line.quantity }, (_, unit) => {
                  const key = unitKey(line.itemId, unit);
                  const typed = draft.units[key] ?? { first: '', second: '' };
                  const which = line.quantity > 1 ? `, unit ${unit + 1} of ${line.quantity}` : '';
                  const kind = line.unitIds as 'imei' | 'serial';
                  const firstKey = boxKey(line.itemId, unit, 1);
                  const secondKey = boxKey(line.itemId, unit, 2);
                  return (
                    <div key={key} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                      <div>
                        <label htmlFor={id(firstKey)} className="label">
                          {kind === 'imei' ? 'IMEI' : 'Serial number'}
                          <span className="sr-only">{` of ${line.name}`}</span>
                          {which ? <span className="font-normal text-zinc-600">{which}</span> : null}
                        </label>
                        <input
                          id={id(firstKey)}
                          className="field font-mono"
                          value={typed.first}
                          inputMode={kind === 'imei' ? 'numeric' : 'text'}
                          autoComplete="off"
                          autoCapitalize={kind === 'serial' ? 'characters' : 'off'}
                          spellCheck={false}
                          enterKeyHint="next"
                          maxLength={kind === 'imei' ? 24 : 40}
                          required
                          data-scan=""
                          onChange={(event) => setUnit(key, 1, event.target.value)}
                          onKeyDown={(event) => onScanKey(event, firstKey, kind, 1)}
                          aria-describedby={describedBy(firstKey)}
                          {...box(firstKey)}
                        />
                        <FieldError id={`${id(firstKey)}-error`} message={errors[firstKey]} />
                      </div>
                      {kind === 'imei' ? (
                        <div>
                          <label htmlFor={id(secondKey)} className="label">
                            Second IMEI (dual-SIM)
                            <span className="sr-only">{` of ${line.name}`}</span>
                            <span className="font-normal text-zinc-600">{which ? `${which}, optional` : ' optional'}</span>
                          </label>
                          <input
                            id={id(secondKey)}
                            className="field font-mono"
                            value={typed.second}
                            inputMode="numeric"
                            autoComplete="off"
                            spellCheck={false}
                            enterKeyHint="next"
                            maxLength={24}
                            data-scan=""
                            onChange={(event) => setUnit(key, 2, event.target.value)}
                            onKeyDown={(event) => onScanKey(event, secondKey, 'imei', 2)}
                            aria-describedby={describedBy(secondKey)}
                            {...box(secondKey)}
                          />
                          <FieldError id={`${id(secondKey)}-error`} message={errors[secondKey]} />
                        </div>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            )}
          </li>
        ))}
      </ul>

      <fieldset className="rounded-xl border border-zinc-200 p-3">
        <legend className="px-1 text-sm font-semibold">Parcel</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(
            [
              ['weightGrams', 'Weight (g)'],
              ['lengthCm', 'Length (cm)'],
              ['breadthCm', 'Breadth (cm)'],
              ['heightCm', 'Height (cm)'],
            ] as const
          ).map(([field, label]) => {
            const key = `parcel.${field}`;
            return (
              <div key={field}>
                <label htmlFor={id(key)} className="label">
                  {label}
                </label>
                <input
                  id={id(key)}
                  className="field"
                  inputMode="numeric"
                  value={draft[field]}
                  data-after-scan=""
                  onChange={(event) => {
                    setErrorOf(key, null);
                    setDraft((d) => ({ ...d, [field]: event.target.value }));
                  }}
                  onKeyDown={(event) => {
                    // Enter in a parcel box moves on too; from the last one it saves.
                    if (event.key === 'Enter' && field !== 'heightCm') {
                      event.preventDefault();
                      focusNext(formRef.current, event.currentTarget);
                    }
                  }}
                  aria-describedby={describedBy(key)}
                  {...box(key)}
                />
                <FieldError id={`${id(key)}-error`} message={errors[key]} />
              </div>
            );
          })}
        </div>
      </fieldset>

      {sheet.ewayBillRequired ? (
        <EwayBillFields
          required={false}
          sheet={sheet}
          number={draft.ewayNumber}
          date={draft.ewayDate}
          onNumber={(value) => {
            setErrorOf('ewayBill.number', null);
            setDraft((d) => ({ ...d, ewayNumber: value }));
          }}
          onDate={(value) => {
            setErrorOf('ewayBill.date', null);
            setDraft((d) => ({ ...d, ewayDate: value }));
          }}
          errors={errors}
          idOf={id}
        />
      ) : null}

      <FormFooter refusal={refusal}>
        {onSkip ? (
          <button type="button" className="btn-ghost" onClick={onSkip}>
            {sheet.shipment?.status === 'packed' ? 'Next: Ship' : 'Skip to Ship'}
          </button>
        ) : null}
        <button type="submit" className="btn-primary" disabled={pack.isPending}>
          {pack.isPending ? 'Saving…' : 'Save packing'}
        </button>
      </FormFooter>
    </form>
  );
}

/** The e-way bill's number and date, required: the parcel is worth more than the threshold. */
function EwayBillFields({
  required,
  sheet,
  number,
  date,
  onNumber,
  onDate,
  errors,
  idOf,
}: {
  /** At the Ship step it must be given; at packing it may come later. */
  required: boolean;
  sheet: PackingSheet;
  number: string;
  date: string;
  onNumber: (value: string) => void;
  onDate: (value: string) => void;
  errors: Record<string, string>;
  idOf: (name: string) => string;
}) {
  const noticeId = idOf('eway-notice');
  const numberKey = 'ewayBill.number';
  const dateKey = 'ewayBill.date';
  const describedBy = (key: string) => [noticeId, errors[key] ? `${idOf(key)}-error` : undefined].filter(Boolean).join(' ');
  return (
    <fieldset className="rounded-xl border-2 border-amber-500 bg-amber-50 p-3" data-testid="eway-bill">
      <legend className="px-1 text-sm font-semibold text-amber-950">E-way bill (required to ship)</legend>
      <p id={noticeId} className="mb-3 text-sm text-amber-950">
        {ewayBillNotice(sheet)}: its 12-digit number and the date it was generated.{required ? '' : ' Give it now or at the Ship step.'}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={idOf(numberKey)} className="label">
            E-way bill number
          </label>
          <input
            id={idOf(numberKey)}
            className="field font-mono"
            inputMode="numeric"
            autoComplete="off"
            maxLength={16}
            required={required}
            value={number}
            data-error-key={numberKey}
            onChange={(event) => onNumber(event.target.value)}
            aria-invalid={errors[numberKey] ? true : undefined}
            aria-describedby={describedBy(numberKey)}
          />
          <FieldError id={`${idOf(numberKey)}-error`} message={errors[numberKey]} />
        </div>
        <div>
          <label htmlFor={idOf(dateKey)} className="label">
            E-way bill date
          </label>
          <input
            id={idOf(dateKey)}
            type="date"
            className="field"
            required={required}
            value={date}
            data-error-key={dateKey}
            onChange={(event) => onDate(event.target.value)}
            aria-invalid={errors[dateKey] ? true : undefined}
            aria-describedby={describedBy(dateKey)}
          />
          <FieldError id={`${idOf(dateKey)}-error`} message={errors[dateKey]} />
        </div>
      </div>
    </fieldset>
  );
}

/** The server's refusal beside the buttons (it names the unit or the field), then the buttons. */
function FormFooter({ refusal, children }: { refusal: string | null; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      {refusal ? (
        <p role="alert" className="rounded-xl border-2 border-red-600 bg-red-50 px-3 py-2 text-sm font-medium text-red-900" data-testid="pack-ship-refusal">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">{children}</div>
    </div>
  );
}

type ShipDraft = { courierName: string; awb: string; trackingUrl: string; ewayNumber: string; ewayDate: string };

/** The courier's tracking link as the server makes it from the pattern: {awb} filled in. */
export function trackingPreview(pattern: string, awb: string): string | null {
  const typed = pattern.trim();
  if (typed === '' || awb.trim() === '') return null;
  return typed.includes('{awb}') ? typed.replaceAll('{awb}', encodeURIComponent(awb.trim().toUpperCase())) : typed;
}

/**
 * Step 2: the manual courier (the owner books the parcel and types what the courier gave). An
 * order needing an e-way bill that was not given at packing asks it here. `onShiprocket`: the
 * shop's courier is Shiprocket, and this form was chosen instead (a link goes back).
 */
function ShipStep({ sheet, onBack, onShipped, onShiprocket }: { sheet: PackingSheet; onBack: () => void; onShipped: () => void; onShiprocket?: (() => void) | undefined }) {
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const stored = sheet.shipment?.ewayBill ?? null;
  const [draft, setDraft] = useState<ShipDraft>({
    courierName: sheet.shipment?.courierName ?? sheet.manualCourier.courierName,
    awb: '',
    trackingUrl: sheet.manualCourier.trackingUrl,
    ewayNumber: '',
    ewayDate: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const ship = useShipManual();
  const clearError = (key: string) =>
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  const formRef = useFocusFirst(sheet.manualCourier.courierName ? 'input[name="awb"]' : 'input[name="courierName"]');
  const askEwayBill = sheet.ewayBillRequired && stored === null;
  const preview = trackingPreview(draft.trackingUrl, draft.awb);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const input = {
      orderId: sheet.orderId,
      courierName: draft.courierName,
      awb: draft.awb,
      trackingUrl: draft.trackingUrl,
      ...(askEwayBill ? { ewayBill: { number: draft.ewayNumber, date: draft.ewayDate } } : {}),
    };
    const found: Record<string, string> = {};
    if (askEwayBill) checkEwayBill(draft.ewayNumber, draft.ewayDate, found);
    const parsed = ShipManualInputSchema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusError(formRef.current, found);
      return;
    }
    try {
      const shipped = await ship.mutateAsync(input);
      toast.success(`Shipped with ${shipped.shipment?.courierName ?? draft.courierName.trim()}, AWB ${shipped.shipment?.awb ?? draft.awb.trim().toUpperCase()}`);
      onShipped();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setRefusal(errorMessage(failure));
    }
  };

  const field = (key: 'courierName' | 'awb' | 'trackingUrl', label: string, more: { hint?: ReactNode; mono?: boolean; type?: string } = {}) => {
    const hintId = more.hint ? `${id(key)}-hint` : undefined;
    return (
      <div>
        <label htmlFor={id(key)} className="label">
          {label}
        </label>
        <input
          id={id(key)}
          name={key}
          type={more.type ?? 'text'}
          className={`field ${more.mono ? 'font-mono' : ''}`}
          value={draft[key]}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize={key === 'awb' ? 'characters' : undefined}
          required={key !== 'trackingUrl'}
          data-error-key={key}
          onChange={(event) => {
            clearError(key);
            setDraft((d) => ({ ...d, [key]: event.target.value }));
          }}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={[hintId, errors[key] ? `${id(key)}-error` : undefined].filter(Boolean).join(' ') || undefined}
        />
        {more.hint ? (
          <p id={hintId} className="mt-1 text-xs text-zinc-600 [overflow-wrap:anywhere]">
            {more.hint}
          </p>
        ) : null}
        <FieldError id={`${id(key)}-error`} message={errors[key]} />
      </div>
    );
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Ship" className="flex flex-col gap-5">
      <ShipIntro sheet={sheet} />
      <fieldset className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-3">
        <legend className="px-1 text-sm font-semibold">Courier: your own (manual)</legend>
        {onShiprocket ? (
          <button type="button" className="self-start text-sm font-semibold text-brand-700 underline hover:text-brand-800" onClick={onShiprocket}>
            Book with Shiprocket instead
          </button>
        ) : null}
        <p className="text-sm text-zinc-600">Book the parcel with the courier, then type what they gave you: the shopper is mailed the AWB and the tracking link.</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {field('courierName', 'Courier name')}
          {field('awb', 'AWB (air waybill number)', { mono: true, hint: 'Letters and digits, no spaces.' })}
        </div>
        {field('trackingUrl', 'Tracking link', {
          type: 'url',
          hint: preview ? (
            <>
              The shopper’s link: <span className="font-mono">{preview}</span>
            </>
          ) : (
            '{awb} in the link is replaced by the AWB. Leave empty for none.'
          ),
        })}
      </fieldset>
      {askEwayBill ? (
        <EwayBillFields
          required
          sheet={sheet}
          number={draft.ewayNumber}
          date={draft.ewayDate}
          onNumber={(value) => {
            clearError('ewayBill.number');
            setDraft((d) => ({ ...d, ewayNumber: value }));
          }}
          onDate={(value) => {
            clearError('ewayBill.date');
            setDraft((d) => ({ ...d, ewayDate: value }));
          }}
          errors={errors}
          idOf={id}
        />
      ) : null}
      <FormFooter refusal={refusal}>
        <button type="button" className="btn-ghost" onClick={onBack}>
          Back to packing
        </button>
        <button type="submit" className="btn-primary" disabled={ship.isPending}>
          {ship.isPending ? 'Shipping…' : 'Ship'}
        </button>
      </FormFooter>
    </form>
  );
}

/** What the Ship step starts with: what was packed, or that nothing needed packing (the default parcel). */
function ShipIntro({ sheet }: { sheet: PackingSheet }) {
  return sheet.shipment?.status === 'packed' ? (
    <PackedSummary sheet={sheet} />
  ) : (
    <p className="rounded-xl bg-zinc-50 px-3 py-2 text-sm text-zinc-800">
      Nothing in this order needs a serial number or IMEI: it is packed as it ships, in the shop’s default parcel ({sheet.parcel.weightGrams} g, {sheet.parcel.lengthCm}×
      {sheet.parcel.breadthCm}×{sheet.parcel.heightCm} cm).
    </p>
  );
}

/**
 * Step 2 with Shiprocket: one button books the parcel (the shipment created once, its AWB and
 * courier assigned, the pickup scheduled). An e-way bill the parcel needs and does not have is
 * asked first and saved with the parcel. A failure at Shiprocket (502) shows beside the button,
 * which becomes Try again: the server looks its shipment up before creating one, so trying again
 * never books twice.
 */
function ShiprocketStep({ sheet, onBack, onOwnCourier }: { sheet: PackingSheet; onBack: () => void; onOwnCourier: () => void }) {
  const rates = useCourierRates(sheet.orderId, true);
  // The admin's pick; until they pick, Shiprocket's recommended one.
  const [picked, setPicked] = useState<number | null>(null);
  const options = rates.data?.options ?? [];
  const recommended = options.find((o) => o.recommended) ?? null;
  const chosen = options.find((o) => o.courierId === picked) ?? recommended;
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const [eway, setEway] = useState({ number: '', date: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [courierFailed, setCourierFailed] = useState(false);
  const book = useBookCourier();
  const setEwayBill = useSetEwayBill();
  const pack = usePackOrder();
  const formRef = useFocusFirst(sheet.ewayBillRequired && !sheet.shipment?.ewayBill ? 'input[data-error-key="ewayBill.number"]' : 'button[type="submit"]');
  const askEwayBill = sheet.ewayBillRequired && !sheet.shipment?.ewayBill;
  const busy = book.isPending || setEwayBill.isPending || pack.isPending;
  const clearError = (key: string) =>
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    if (askEwayBill) {
      const found: Record<string, string> = {};
      const ewayBill = checkEwayBill(eway.number, eway.date, found);
      setErrors(found);
      if (!ewayBill) {
        focusError(formRef.current, found);
        return;
      }
      try {
        // Saved with the parcel first: Shiprocket is never asked for a parcel that may not travel.
        if (sheet.shipment) await setEwayBill.mutateAsync({ orderId: sheet.orderId, ewayBill });
        else await pack.mutateAsync({ orderId: sheet.orderId, units: [], ewayBill });
      } catch (failure) {
        setErrors(fieldErrors(failure));
        setRefusal(errorMessage(failure));
        return;
      }
    }
    try {
      // Shiprocket's recommended courier is its own default: only another choice is sent (and checked by the server).
      const courierId = chosen && chosen.courierId !== recommended?.courierId ? chosen.courierId : undefined;
      const booked = await book.mutateAsync({ orderId: sheet.orderId, ...(courierId === undefined ? {} : { courierId }) });
      setCourierFailed(false);
      toast.success(`Booked with ${booked.shipment?.courierName ?? 'Shiprocket'}, AWB ${booked.shipment?.awb ?? ''}`);
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setRefusal(errorMessage(failure));
      setCourierFailed(errorAppCode(failure) === 'COURIER');
    }
  };

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Ship" className="flex flex-col gap-5">
      <ShipIntro sheet={sheet} />
      <section className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3" aria-labelledby={id('shiprocket')}>
        <h3 id={id('shiprocket')} className="text-sm font-semibold">
          Courier: Shiprocket
        </h3>
        <p className="text-sm text-zinc-700">
          Shiprocket creates the shipment, assigns its courier and AWB, and schedules the pickup from your pickup location. The shopper is mailed the AWB and the tracking link when
          the courier picks the parcel up.
        </p>
        <CourierRateList
          rates={rates.isError ? { error: errorMessage(rates.error) } : rates.data}
          chosenId={chosen?.courierId ?? null}
          onChoose={(courierId) => setPicked(courierId)}
          error={errors.courierId}
        />
        <button type="button" className="self-start text-sm font-semibold text-brand-700 underline hover:text-brand-800" onClick={onOwnCourier}>
          or ship with your own courier
        </button>
      </section>
      {askEwayBill ? (
        <EwayBillFields
          required
          sheet={sheet}
          number={eway.number}
          date={eway.date}
          onNumber={(value) => {
            clearError('ewayBill.number');
            setEway((e) => ({ ...e, number: value }));
          }}
          onDate={(value) => {
            clearError('ewayBill.date');
            setEway((e) => ({ ...e, date: value }));
          }}
          errors={errors}
          idOf={id}
        />
      ) : null}
      <FormFooter refusal={refusal}>
        <button type="button" className="btn-ghost" onClick={onBack}>
          Back to packing
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Booking…' : courierFailed ? 'Try again' : 'Book with Shiprocket'}
        </button>
      </FormFooter>
    </form>
  );
}

/** "Thu, 3 Dec": a courier's estimated delivery date (YYYY-MM-DD). */
export function etdText(rate: Pick<CourierRate, 'etdDate' | 'etdDays'>): string | null {
  const date = rate.etdDate ? new Date(`${rate.etdDate}T00:00:00Z`) : null;
  const day = date && !Number.isNaN(date.getTime()) ? date.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }) : null;
  const days = rate.etdDays ? `${rate.etdDays} day${rate.etdDays === 1 ? '' : 's'}` : null;
  if (day && days) return `by ${day} (${days})`;
  return day ? `by ${day}` : days;
}

/**
 * The couriers Shiprocket offers for this parcel, as radio buttons: name, rate, estimated
 * delivery, cash on delivery; Shiprocket's recommended one marked and chosen until the admin
 * picks another. Rates that could not be loaded do not stop booking: it goes to the recommended
 * courier.
 */
export function CourierRateList({
  rates,
  chosenId,
  onChoose,
  error,
}: {
  rates: CourierRates | { error: string } | undefined;
  chosenId: number | null;
  onChoose: (courierId: number) => void;
  error?: string | undefined;
}) {
  const name = useId();
  if (rates === undefined) {
    return (
      <p className="text-sm text-zinc-600" role="status">
        Loading Shiprocket’s couriers and rates…
      </p>
    );
  }
  if (rates.error !== null) {
    return (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" role="status" data-testid="rates-failed">
        Couldn’t load rates — book with Shiprocket’s recommended courier.
        <span className="block text-xs text-amber-900 [overflow-wrap:anywhere]">{rates.error}</span>
      </p>
    );
  }
  if (!('options' in rates) || rates.options.length === 0) {
    return (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" role="status">
        Shiprocket offers no courier for this parcel{'deliveryPin' in rates && rates.deliveryPin ? ` to PIN ${rates.deliveryPin}` : ''}.
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2" data-testid="courier-rates" data-error-key="courierId">
      <legend className="mb-1 text-sm font-semibold">
        Courier{' '}
        <span className="font-normal text-zinc-600">
          ({rates.cod ? 'cash on delivery, ' : ''}
          {(rates.weightGrams / 1000).toFixed(2)} kg to {rates.deliveryPin})
        </span>
      </legend>
      {rates.options.map((rate) => {
        const etd = etdText(rate);
        const checked = rate.courierId === chosenId;
        return (
          <label
            key={rate.courierId}
            className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm ${checked ? 'border-brand-700 bg-brand-50' : 'border-zinc-200 hover:border-zinc-400'}`}
            data-testid="courier-rate"
          >
            <input type="radio" name={name} className="mt-1 size-4 accent-brand-700" value={rate.courierId} checked={checked} onChange={() => onChoose(rate.courierId)} />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-zinc-900">{rate.courierName}</span>
                {rate.recommended ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">Recommended</span> : null}
              </span>
              <span className="text-zinc-700">
                {etd ? `Delivery ${etd}` : 'Delivery date not given'} · COD {rate.cod ? 'yes' : 'no'}
              </span>
            </span>
            <span className="shrink-0 font-semibold text-zinc-900 tabular-nums">{formatINR(rate.ratePaise)}</span>
          </label>
        );
      })}
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}

/**
 * The parcel booked with the courier: its AWB, courier and routing code, the pickup, the labels
 * to print, and Handed over for when the courier took it before its pickup scan came in. A
 * booking that stopped half-way (the pickup not scheduled) shows why, with Try again.
 */
function BookedStep({ sheet, shipment, onDone }: { sheet: PackingSheet; shipment: AdminShipment; onDone: () => void }) {
  const handOver = useHandOver();
  const book = useBookCourier();
  const [refusal, setRefusal] = useState<string | null>(null);
  const pickup = pickupNote(shipment);

  const onHandOver = async () => {
    setRefusal(null);
    try {
      await handOver.mutateAsync({ orderId: sheet.orderId });
      toast.success(`Handed over: order shipped with ${shipment.courierName ?? 'the courier'}, AWB ${shipment.awb ?? ''}`);
      onDone();
    } catch (failure) {
      setRefusal(errorMessage(failure));
    }
  };
  const onTryAgain = async () => {
    setRefusal(null);
    try {
      await book.mutateAsync({ orderId: sheet.orderId });
      toast.success('Pickup scheduled');
    } catch (failure) {
      setRefusal(errorMessage(failure));
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <BookedParcel orderId={sheet.orderId} shipment={shipment} />
      {!pickup ? (
        <div className="flex flex-col gap-2 rounded-xl border-2 border-red-600 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="booking-incomplete">
          <p className="font-semibold">The pickup is not scheduled yet{shipment.lastError ? `: ${shipment.lastError}` : '.'}</p>
          <button type="button" className="btn bg-red-700 self-start text-white hover:bg-red-800" disabled={book.isPending} onClick={() => void onTryAgain()}>
            {book.isPending ? 'Trying…' : 'Try again'}
          </button>
        </div>
      ) : null}
      <p className="text-sm text-zinc-700">
        The order ships when the courier scans the parcel at pickup. If the courier took it and its scan has not come in, press Handed over: the shopper is mailed the AWB and the
        tracking link.
      </p>
      <FormFooter refusal={refusal}>
        <button type="button" className="btn-ghost" onClick={onDone}>
          Done
        </button>
        <button type="button" className="btn-primary" disabled={handOver.isPending} onClick={() => void onHandOver()}>
          {handOver.isPending ? 'Saving…' : 'Handed over'}
        </button>
      </FormFooter>
    </div>
  );
}

/** A booked parcel's facts: AWB, courier, routing code, pickup, and its labels (4 × 6 and A4). Shared by the dialog and the order card. */
export function BookedParcel({ orderId, shipment }: { orderId: string; shipment: AdminShipment }) {
  const pickup = pickupNote(shipment);
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-950" data-testid="booked-parcel">
      <p className="font-semibold">Booked with {shipment.courier === 'shiprocket' ? 'Shiprocket' : (shipment.courierName ?? 'the courier')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt>AWB</dt>
        <dd className="font-mono font-semibold [overflow-wrap:anywhere]" data-testid="booked-awb">
          {shipment.awb}
        </dd>
        <dt>Courier</dt>
        <dd data-testid="booked-courier">{shipment.courierName ?? '—'}</dd>
        {shipment.routingCode ? (
          <>
            <dt>Routing code</dt>
            <dd className="font-mono [overflow-wrap:anywhere]" data-testid="booked-routing-code">
              {shipment.routingCode}
            </dd>
          </>
        ) : null}
      </dl>
      {pickup ? <p data-testid="booked-pickup">{pickup}</p> : null}
      <LabelLinks orderId={orderId} />
    </div>
  );
}

/** The label links of a parcel with an AWB (4 × 6 for a thermal printer, A4 for an office one). */
export function LabelLinks({ orderId }: { orderId: string }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1">
      <a href={labelUrl(orderId, '4x6')} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline hover:text-brand-800">
        Label 4×6 (PDF)
      </a>
      <a href={labelUrl(orderId, 'a4')} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline hover:text-brand-800">
        Label A4 (PDF)
      </a>
    </p>
  );
}

/** What was packed: each unit's numbers, the parcel, the e-way bill. */
function PackedSummary({ sheet }: { sheet: PackingSheet }) {
  const shipment = sheet.shipment!;
  const { parcel } = shipment;
  return (
    <div className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-950" data-testid="packed-summary">
      <p className="font-semibold">Packed</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {shipment.units.map((unit) => {
          const line = sheet.lines.find((l) => l.itemId === unit.itemId);
          return (
            <li key={`${unit.itemId}:${unit.unit}`} className="[overflow-wrap:anywhere]">
              {line ? lineName(line) : 'Item'}
              {line && line.quantity > 1 ? `, unit ${unit.unit + 1}` : ''}: {unit.kind === 'imei' ? 'IMEI' : 'S/N'} <span className="font-mono">{unit.values.join(', ')}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-1">
        Parcel {parcel.weightGrams} g, {parcel.lengthCm}×{parcel.breadthCm}×{parcel.heightCm} cm
        {shipment.ewayBill ? (
          <>
            {' '}
            · E-way bill <span className="font-mono">{shipment.ewayBill.number}</span> of {shipment.ewayBill.date}
          </>
        ) : null}
      </p>
    </div>
  );
}
