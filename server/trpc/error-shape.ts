import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, httpStatusOf, type AppErrorCode } from '../errors';

export type DescribedError = {
  status: number;
  message: string;
  appCode: AppErrorCode | 'INTERNAL' | 'BAD_INPUT';
  fieldErrors?: Record<string, string>;
  /** True when the error was not one of ours: log it, and show a generic message. */
  unexpected: boolean;
};

export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The one place that turns any thrown error into a status and a message a shopper can read.
 * Both the tRPC error formatter and the /api adapter use it.
 */
export function describeError(error: unknown): DescribedError {
  const zod = findZodError(error);
  if (zod) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of zod.issues) {
      const field = issue.path.map(String).join('.') || 'input';
      fieldErrors[field] ??= issue.message;
    }
    const [field, message] = Object.entries(fieldErrors)[0] ?? ['input', 'Invalid input'];
    return {
      status: 400,
      appCode: 'BAD_INPUT',
      message: message.includes(field) ? message : `${field}: ${message}`,
      fieldErrors,
      unexpected: false,
    };
  }
  if (error instanceof AppError) {
    return { status: httpStatusOf(error), appCode: error.appCode, message: error.message, fieldErrors: error.fieldErrors, unexpected: false };
  }
  if (error instanceof TRPCError && error.code === 'PARSE_ERROR') {
    // tRPC's own message quotes the body back; say what is wrong instead.
    return { status: httpStatusOf(error), appCode: 'BAD_INPUT', message: 'The request body is not valid JSON', unexpected: false };
  }
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
    return { status: httpStatusOf(error), appCode: 'BAD_INPUT', message: error.message, unexpected: false };
  }
  if (isUnstorableCharacter(error)) {
    // Free text refuses control characters by name (shared/schemas/text.ts); an id or a cursor
    // carrying a NUL reaches PostgreSQL, whose text cannot hold one: the request's fault, not ours.
    return { status: 400, appCode: 'BAD_INPUT', message: 'The request holds a character no field accepts (NUL, U+0000)', unexpected: false };
  }
  return { status: 500, appCode: 'INTERNAL', message: GENERIC_ERROR_MESSAGE, unexpected: true };
}

/** PostgreSQL's refusal of a NUL in text (22021) or in JSON (22P05), anywhere in the cause chain. */
function isUnstorableCharacter(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function findZodError(error: unknown): ZodError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current instanceof ZodError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
