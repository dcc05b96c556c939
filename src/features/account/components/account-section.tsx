import type { ReactNode } from 'react';

export interface AccountSectionProps {
  /** The section's id (the page's jump links point at it); its heading's id is derived from it. */
  id: string;
  title: string;
  /** One line under the heading on what the section is for. */
  intro?: ReactNode;
  children: ReactNode;
}

/** One card of the account page: a region named by its h2. */
export function AccountSection({ id, title, intro, children }: AccountSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="card p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-bold text-zinc-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-zinc-600">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
