import { AppError } from '../errors';

/**
 * Opaque keyset cursors: the sort key values of the last row a page showed, base64url JSON.
 * Callers check the decoded tuple's types themselves.
 */
export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Throws BAD_INPUT ('cursor is not valid') for anything that is not a cursor we made with `arity` values. */
export function decodeCursor(cursor: string, arity: number): (string | number)[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === arity && parsed.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return parsed;
    }
  } catch {
    // fall through to the one error below
  }
  throw new AppError('BAD_INPUT', 'cursor is not valid', { fieldErrors: { cursor: 'not valid' } });
}
