import { BoltIcon } from '../icons';
import { PageSpinner } from '../ui/page-spinner';

/**
 * What shows while the first screen's code loads (a deep link to a lazy page): the same
 * bare header index.html paints, so the page does not flash between shell and layout.
 */
export function AppShell() {
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-zinc-200 bg-white shadow-sm">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
          <span className="flex shrink-0 items-center gap-2 text-lg font-extrabold tracking-tight text-zinc-900">
            <BoltIcon className="size-8" />
            <span className="hidden min-[360px]:inline">
              Volt<span className="text-brand-700">mart</span>
            </span>
          </span>
        </div>
      </header>
      <main className="pt-16">
        <PageSpinner />
      </main>
    </>
  );
}
