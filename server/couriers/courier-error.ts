/**
 * What went wrong in a call to a courier, in words an admin can read ("Shiprocket did not
 * answer within 10 s"), never a stack or the courier's raw body. `kind` tells the caller what to
 * do next:
 * - `timeout`: no answer in time. The courier may still have acted (a create may have made the
 *   shipment): look before asking again (`Courier.findShipment`).
 * - `unavailable`: a 5xx, a 429, or no connection at all. Try again later.
 * - `rejected`: the courier answered 4xx and said why (the message carries its words), or the
 *   request was refused before it left (the manual courier has no API, a PIN that is not six digits).
 * - `bad_answer`: a 2xx whose body lacks a field the shop needs; the message names the field.
 * - `unauthorised`: the API user's email or password (or the webhook's token) is wrong.
 */
export type CourierErrorKind = 'timeout' | 'unavailable' | 'rejected' | 'bad_answer' | 'unauthorised';

export class CourierError extends Error {
  readonly kind: CourierErrorKind;
  /** The courier's HTTP status when it answered, for the log. */
  readonly status: number | null;

  constructor(kind: CourierErrorKind, message: string, opts: { status?: number | null; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'CourierError';
    this.kind = kind;
    this.status = opts.status ?? null;
  }

  /** Worth asking again later (the same call, or findShipment first for a create). */
  get transient(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable';
  }
}

export function isCourierError(error: unknown): error is CourierError {
  return error instanceof CourierError;
}
