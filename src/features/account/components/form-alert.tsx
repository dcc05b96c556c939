/** A refusal that belongs to the whole form rather than one field (too many attempts, open orders). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      {message}
    </p>
  );
}
