import { Link } from 'react-router';
import type { SetupStatus } from '../../../../shared/schemas/admin';

export const SETUP_HEADING = 'Set up your shop';

/** The three steps of an empty shop's checklist, with the admin page each is done on. */
export function setupSteps(status: SetupStatus): { label: string; to: string; done: boolean }[] {
  return [
    { label: 'Add your first product', to: '/admit-panel/all-products', done: status.productsOnSale > 0 },
    { label: 'Add a banner', to: '/admit-panel/banners', done: status.bannersShown > 0 },
    { label: 'Fill in your shop settings', to: '/admit-panel/settings', done: status.settingsSaved },
  ];
}

function CheckIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={className}>
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
    </svg>
  );
}

/** The home page's card for the owner of a shop with nothing on sale yet: each step done (ticked) or a link to do it. */
export function SetupChecklist({ status }: { status: SetupStatus }) {
  const steps = setupSteps(status);
  const left = steps.filter((step) => !step.done).length;
  return (
    <section aria-labelledby="setup-heading" className="card border-brand-200 bg-brand-50 p-5" data-testid="setup-checklist">
      <h2 id="setup-heading" className="text-xl font-bold tracking-tight text-zinc-900">
        {SETUP_HEADING}
      </h2>
      <p className="mt-1 text-sm text-zinc-700">Shoppers see an empty shop until it has products on sale. {left === 1 ? 'One step' : `${left} steps`} to go; only you see this.</p>
      <ol className="mt-4 flex flex-col gap-2">
        {steps.map((step) => (
          <li key={step.label} className="flex items-center gap-3">
            {step.done ? (
              <>
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-green-700 text-white">
                  <CheckIcon className="size-4" />
                </span>
                <span className="text-zinc-700">
                  {step.label} <span className="sr-only">(done)</span>
                </span>
              </>
            ) : (
              <>
                <span className="size-7 shrink-0 rounded-full border-2 border-zinc-400 bg-white" aria-hidden="true" />
                <Link to={step.to} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                  {step.label}
                </Link>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
