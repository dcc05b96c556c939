/** A message tied to one form field through its id (the input points at it with aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700" role="alert">
      {message}
    </p>
  );
}
