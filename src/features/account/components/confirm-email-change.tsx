import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmEmailChangeInputSchema } from '../../../../shared/schemas/account';
import { errorAppCode, errorMessage } from '../../../lib/trpc';
import { useConfirmEmailChange } from '../api/use-confirm-email-change';
import { useCurrentUser } from '../api/use-current-user';
import { DeadLink, linkRefusal, tokenSentence } from './dead-link';

export const MISSING_EMAIL_TOKEN_MESSAGE =
  'This page opens from the link in the email we sent to your new address, and this address has no link in it (or only part of it). Open the link from the email again.';

/** What is wrong with the link's token before asking the server (missing, cut short), or null. */
function tokenIssue(token: string): string | null {
  if (!token) return MISSING_EMAIL_TOKEN_MESSAGE;
  const parsed = ConfirmEmailChangeInputSchema.safeParse({ token });
  return parsed.success ? null : tokenSentence(parsed.error.issues[0]?.message ?? 'the confirmation link is not valid');
}

/**
 * The server's refusal of the link itself (see linkRefusal). EMAIL_TAKEN is a dead end too: this
 * change cannot happen.
 */
function emailLinkRefusal(error: unknown): string | null {
  if (errorAppCode(error) === 'EMAIL_TAKEN') return errorMessage(error);
  return linkRefusal(error, tokenSentence);
}

/**
 * Confirming a new email address from the emailed link (`token`). Nothing happens until the
 * button is pressed: mail scanners open links to look at them, and must not use one up.
 */
export function ConfirmEmailChange({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const { user } = useCurrentUser();
  const [refusal, setRefusal] = useState<string | null>(null);
  const deadLink = tokenIssue(token) ?? refusal;
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  const onConfirm = async () => {
    setFailure(null);
    try {
      const { email } = await confirm.mutateAsync({ token });
      setConfirmed(email);
    } catch (error) {
      const dead = emailLinkRefusal(error);
      if (dead) setRefusal(dead);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <section className="page flex justify-center" aria-labelledby="confirm-email-heading">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 id="confirm-email-heading" className="mb-6 text-center text-2xl font-bold">
          Confirm your new email
        </h1>
        {confirmed ? (
          <div role="status" className="flex flex-col gap-3">
            <p className="rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-green-900">
              Your email is now <strong className="break-all">{confirmed}</strong>. Sign in with it from now on.
            </p>
            {user ? (
              <Link to="/account" className="btn-primary min-h-11 self-center">
                Go to my account
              </Link>
            ) : (
              <Link to="/login" className="btn-primary min-h-11 self-center">
                Sign in
              </Link>
            )}
          </div>
        ) : deadLink ? (
          <DeadLink message={deadLink} to="/account" action="Change your email on your account page" />
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-zinc-700">Press Confirm to make the address this link was sent to the email of your Voltmart account.</p>
            {failure ? (
              <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
                {failure}
              </p>
            ) : null}
            <button type="button" className="btn-primary min-h-11 w-full text-base" onClick={() => void onConfirm()} disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirming…' : 'Confirm'}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
