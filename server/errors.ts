import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/**
 * The closed list of application errors. Each code maps once to a tRPC code, and tRPC's
 * code maps to the HTTP status (see httpStatusOf), so /trpc and /api answer alike.
 */
const CODES = {
  BAD_INPUT: 'BAD_REQUEST',
  NOT_SIGNED_IN: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  USER_NOT_FOUND: 'NOT_FOUND',
  PRODUCT_NOT_FOUND: 'NOT_FOUND',
  CART_LINE_NOT_FOUND: 'NOT_FOUND',
  ORDER_NOT_FOUND: 'NOT_FOUND',
  EMAIL_TAKEN: 'CONFLICT',
  LAST_ADMIN: 'CONFLICT',
  OUT_OF_STOCK: 'CONFLICT',
  STOCK_CHANGED: 'CONFLICT',
  INVALID_TRANSITION: 'CONFLICT',
  CONFLICT: 'CONFLICT',
  QUANTITY_INVALID: 'BAD_REQUEST',
  CART_EMPTY: 'BAD_REQUEST',
  NOT_SERVICEABLE: 'BAD_REQUEST',
  /** Cash on delivery is off, or not for this cart or address (the message says why). */
  COD_UNAVAILABLE: 'BAD_REQUEST',
  /** The shopper has as many open cash-on-delivery orders as the owner allows. */
  COD_LIMIT: 'CONFLICT',
  IMAGE_INVALID: 'BAD_REQUEST',
  IMAGE_TOO_MANY_PIXELS: 'BAD_REQUEST',
  IMAGE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_REQUESTS',
  /** Password right, but the account has two-factor sign-in on: send the code too. */
  TWO_FACTOR_REQUIRED: 'UNAUTHORIZED',
  TWO_FACTOR_INVALID: 'UNAUTHORIZED',
  /** An admin without two-factor sign-in while the owner requires it: only enrolment is open. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 'FORBIDDEN',
  WRONG_PASSWORD: 'BAD_REQUEST',
  OPEN_ORDERS: 'CONFLICT',
  PAYMENT_PROVIDER: 'BAD_GATEWAY',
  /** The courier's API failed or answered what we cannot read (Shiprocket): logged, nothing done twice, the admin may try again. */
  COURIER: 'BAD_GATEWAY',
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type AppErrorCode = keyof typeof CODES;

export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  /** Field name -> message, for forms that show errors beside their fields. */
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(appCode: AppErrorCode, message: string, opts: { fieldErrors?: Record<string, string>; cause?: unknown } = {}) {
    super({ code: CODES[appCode], message, cause: opts.cause });
    this.appCode = appCode;
    this.fieldErrors = opts.fieldErrors;
  }
}

/** HTTP status of any TRPCError (AppError included), by tRPC's own table. */
export function httpStatusOf(error: TRPCError): number {
  return getHTTPStatusCodeFromError(error);
}

export const NOT_SIGNED_IN_MESSAGE = 'Please Login...!';
