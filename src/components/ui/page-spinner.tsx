/** Shown while a lazy screen's code or first data arrives; keeps the page height steady. */
export function PageSpinner({ label = 'Loading ...' }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
