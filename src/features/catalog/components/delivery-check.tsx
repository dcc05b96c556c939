import { useId, useState, type FormEvent } from 'react';
import { isPin, PIN_MESSAGE } from '../../../../shared/pin';
import { errorMessage } from '../../../lib/trpc';
import { useHydrated } from '../../../lib/use-hydrated';
import type { DeliveryCheck as DeliveryCheckReply } from '../../../../shared/schemas/settings';
import { useDeliveryCheck } from '../api/use-delivery-check';

/** Where the last PIN the shopper checked is kept, to fill the box on the next product. */
export const PIN_STORAGE_KEY = 'vm-pin';

function storedPin(): string {
  try {
    const pin = window.localStorage.getItem(PIN_STORAGE_KEY) ?? '';
    return isPin(pin) ? pin : '';
  } catch {
    // Storage blocked (private mode, a strict browser setting): the box starts empty.
    return '';
  }
}

function storePin(pin: string): void {
  try {
    window.localStorage.setItem(PIN_STORAGE_KEY, pin);
  } catch {
    // Not remembered; the check itself does not need it.
  }
}

/**
 * The second line under a served PIN's date: express's own date ('Express: by Tuesday, 1
 * December'), or that express does not go there; nothing when standard is the only answer.
 */
function expressLine(check: DeliveryCheckReply): string | undefined {
  if (!check.serviceable || check.standard === null) return undefined;
  if (check.express === null) return `Express delivery is not available to ${check.pin}`;
  if (check.express.date === check.standard.date) return undefined;
  return `Express: ${check.express.label.replace(/^Delivery by/, 'by')}`;
}

/**
 * "Deliver to" on the product page: a PIN code and Check, answered by settings.deliveryCheck
 * ("Delivery by Thursday, 3 December", express's date under it). The date depends on the PIN and
 * the clock, so it is asked for after hydration and never part of the shared page.
 * The product page is rendered on the server, so the first render here is the same for everyone
 * (an empty box): the remembered PIN is read only once the page has hydrated. Nothing is asked
 * until the shopper presses Check, and the answer has its room kept from the start (two lines),
 * so nothing below moves when it arrives.
 */
export function DeliveryCheck() {
  const id = useId();
  const hydrated = useHydrated();
  // null until the shopper types: then the box shows the remembered PIN.
  const [typed, setTyped] = useState<string | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const check = useDeliveryCheck(checking);

  const value = typed ?? (hydrated ? storedPin() : '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pin = value.trim();
    if (!isPin(pin)) {
      setInvalid(PIN_MESSAGE);
      setChecking(null);
      return;
    }
    setInvalid(null);
    setChecking(pin);
    storePin(pin);
  };

  const inputId = `${id}-pin`;
  const messageId = `${id}-message`;
  let message: { text: string; tone: 'ok' | 'bad' | 'muted'; more?: string } | null = null;
  if (invalid) message = { text: invalid.charAt(0).toUpperCase() + invalid.slice(1), tone: 'bad' };
  else if (checking !== null && check.isFetching && !check.data) message = { text: `Checking ${checking}…`, tone: 'muted' };
  else if (checking !== null && check.isError) message = { text: errorMessage(check.error, 'Could not check this PIN code. Please try again.'), tone: 'bad' };
  else if (checking !== null && check.data) message = { text: check.data.message, tone: check.data.serviceable ? 'ok' : 'bad', more: expressLine(check.data) };

  const toneClass = { ok: 'text-emerald-800', bad: 'text-red-700', muted: 'text-zinc-600' };

  return (
    <form className="flex max-w-sm flex-col gap-1" onSubmit={onSubmit} noValidate aria-label="Check delivery">
      {/* Disabled until hydrated: what is typed before React takes over would be lost, and the
          browser would send the form itself. */}
      <fieldset disabled={!hydrated} className="contents">
        <label htmlFor={inputId} className="text-sm font-semibold text-zinc-900">
          Deliver to
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            name="pin"
            className="field h-11 min-w-0 flex-1 py-0"
            inputMode="numeric"
            autoComplete="shipping postal-code"
            placeholder="Enter PIN code"
            maxLength={6}
            value={value}
            onChange={(event) => {
              setTyped(event.target.value.replace(/\D/g, ''));
              setInvalid(null);
            }}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={messageId}
          />
          <button type="submit" className="btn-outline h-11 shrink-0 px-5">
            Check
          </button>
        </div>
      </fieldset>
      {/* Room for two lines from the first paint: the answer must not push the page down. */}
      <p id={messageId} className={`min-h-10 text-sm font-medium ${message ? toneClass[message.tone] : ''}`} role="status">
        {message?.more ? (
          <>
            <span className="block">{message.text}</span>
            <span className="block font-normal text-zinc-700">{message.more}</span>
          </>
        ) : (
          message?.text
        )}
      </p>
    </form>
  );
}
