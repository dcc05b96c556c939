import { useId, useState } from 'react';
import toast from 'react-hot-toast';

export const RECOVERY_CODES_FILE_NAME = 'voltmart-recovery-codes.txt';
export const COPIED_MESSAGE = 'Recovery codes copied';
export const COPY_FAILED_MESSAGE = 'Could not copy here: select the codes and copy them, or download them as a file.';

/** The text file's content: what the codes are for, then one code a line. */
export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [`Voltmart recovery codes for ${email}`, 'Each code signs you in once instead of a code from your authenticator app. Keep them somewhere safe.', '', ...codes, ''].join(
    '\n',
  );
}

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy, download, and
 * "I have saved my recovery codes" before Done, so nobody leaves the page without them by accident.
 */
export function RecoveryCodes({ codes, email, onDone, doneLabel = 'Done' }: { codes: readonly string[]; email: string; onDone: () => void; doneLabel?: string }) {
  const headingId = useId();
  const savedId = useId();
  const [saved, setSaved] = useState(false);

  const copy = async () => {
    try {
      // Absent outside secure contexts (plain http), where writeText would throw anyway.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(COPIED_MESSAGE);
    } catch {
      toast.error(COPY_FAILED_MESSAGE);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, email)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has handed the file to the browser; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-lg font-bold">
          Save your recovery codes
        </h2>
        <p className="mt-1 text-sm text-zinc-700">
          If you lose your phone, each of these codes signs you in once instead of a code from the app. This is the only time they are shown: keep them somewhere safe, such as a
          password manager.
        </p>
      </div>
      <ol
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 font-mono text-base"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-outline" onClick={() => void copy()}>
          Copy all
        </button>
        <button type="button" className="btn-outline" onClick={download}>
          Download as text file
        </button>
      </div>
      <label htmlFor={savedId} className="flex min-h-10 items-center gap-3 text-sm font-medium text-zinc-800">
        <input id={savedId} type="checkbox" className="size-5 accent-brand-700" checked={saved} onChange={(event) => setSaved(event.target.checked)} />I have saved my recovery
        codes
      </label>
      <button type="button" className="btn-primary min-h-11 self-start" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </button>
    </section>
  );
}
