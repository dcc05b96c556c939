import { useId, type ReactNode } from 'react';
import { formatINR } from '../../../../shared/money';
import type { CheckoutOptions } from '../../../../shared/schemas/order';
import type { DeliveryRate, PaymentChoice } from '../payment-choice';

export const COD_LABEL = 'Cash on delivery';

/** "+ ₹25.00 cash on delivery fee"; null when there is no fee. */
export function codFeeNote(feePaise: number): string | null {
  return feePaise > 0 ? `+ ${formatINR(feePaise)} cash on delivery fee` : null;
}

export interface PaymentOptionsProps {
  options: CheckoutOptions;
  /** The way to pay in effect (paymentInEffect). */
  choice: PaymentChoice | null;
  onChoose: (choice: PaymentChoice) => void;
  /** Whether this page asks for the delivery (asksDelivery), and the rate chosen. */
  asksDelivery: boolean;
  delivery: DeliveryRate;
  onDelivery: (rate: DeliveryRate) => void;
  /** True while the order is being placed or the payment page opens: the choice is made. */
  locked: boolean;
}

/**
 * How to pay, as checkout.options offers it for this cart and address: each online provider
 * (the server's label), and cash on delivery with its fee, or disabled with the server's reason
 * beside it (hidden when the shop does not offer it). Under them the delivery choice, when this
 * page has to ask for it.
 */
export function PaymentOptions({ options, choice, onChoose, asksDelivery, delivery, onDelivery, locked }: PaymentOptionsProps) {
  const id = useId();
  const { cod } = options;
  const codNote = cod.available ? codFeeNote(cod.feePaise) : cod.reason;

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-3" disabled={locked}>
        <legend className="sr-only">How to pay</legend>
        {options.online.map((provider) => (
          <Choice
            key={provider.kind}
            id={`${id}-${provider.kind}`}
            name={`${id}-payment`}
            checked={choice?.kind === 'online' && choice.provider === provider.kind}
            onChange={() => onChoose({ kind: 'online', provider: provider.kind })}
            label={provider.label}
          />
        ))}
        {cod.offered ? (
          <Choice
            id={`${id}-cod`}
            name={`${id}-payment`}
            checked={choice?.kind === 'cod'}
            onChange={() => onChoose({ kind: 'cod' })}
            disabled={!cod.available}
            label={COD_LABEL}
            note={codNote}
            noteTone={cod.available ? 'plain' : 'problem'}
          />
        ) : null}
      </fieldset>

      {asksDelivery ? (
        <fieldset className="flex flex-col gap-3" disabled={locked}>
          <legend className="mb-3 text-base font-bold">Delivery</legend>
          {options.delivery.map((option) => (
            <Choice
              key={option.rate}
              id={`${id}-${option.rate}`}
              name={`${id}-delivery`}
              checked={delivery === option.rate}
              onChange={() => onDelivery(option.rate)}
              label={
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span>{option.label}</span>
                  <span className={option.amount === 0 ? 'text-emerald-700' : 'text-zinc-900'}>{option.amount === 0 ? 'Free' : formatINR(option.amount)}</span>
                </span>
              }
              note={option.by ?? `${option.days} days`}
            />
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/** One radio as a card the width of the column (a large target on a phone), its note tied to it. */
function Choice({
  id,
  name,
  checked,
  onChange,
  disabled = false,
  label,
  note,
  noteTone = 'plain',
}: {
  id: string;
  name: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
  label: ReactNode;
  note?: string | null;
  noteTone?: 'plain' | 'problem';
}) {
  const noteId = `${id}-note`;
  const frame = disabled ? 'border-zinc-200 bg-zinc-50' : checked ? 'border-brand-700 bg-white ring-1 ring-brand-700' : 'border-zinc-200 bg-white hover:border-zinc-400';
  return (
    <div className={`flex gap-3 rounded-2xl border p-4 shadow-sm transition-colors ${frame}`}>
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
        aria-describedby={note ? noteId : undefined}
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={`block text-base font-semibold ${disabled ? 'cursor-not-allowed text-zinc-600' : 'cursor-pointer text-zinc-900'}`}>
          {label}
        </label>
        {note ? (
          <p id={noteId} className={`mt-1 text-sm ${noteTone === 'problem' ? 'text-red-800' : 'text-zinc-700'}`}>
            {note}
          </p>
        ) : null}
      </div>
    </div>
  );
}
