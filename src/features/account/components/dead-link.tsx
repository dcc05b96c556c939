import { Link } from 'react-router';
import { errorAppCode, errorMessage, fieldErrors } from '../../../lib/trpc';

/** The schema's word on an emailed link's token ("the reset link is not complete") as a sentence. */
export const tokenSentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

/**
 * The server's refusal of an emailed link itself (expired, used, or not one of ours): BAD_INPUT
 * about the token, worded by `tokenProblem`, or BAD_INPUT with no field at all, which is how it
 * words a dead link. Null for any other error: the page shows that one and the link stays usable.
 */
export function linkRefusal(error: unknown, tokenProblem: (message: string) => string): string | null {
  if (errorAppCode(error) !== 'BAD_INPUT') return null;
  const fields = fieldErrors(error);
  if (fields.token) return tokenProblem(fields.token);
  return Object.keys(fields).length === 0 ? errorMessage(error) : null;
}

/** An emailed link that cannot be used: why, and where to start again (`to`, worded `action`). */
export function DeadLink({ message, to, action }: { message: string; to: string; action: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p>{message}</p>
      <Link to={to} className="mt-2 inline-block font-semibold text-brand-700 underline hover:text-brand-800">
        {action}
      </Link>
    </div>
  );
}
