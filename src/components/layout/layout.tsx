import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header, type HeaderProps } from './header';

export type LayoutProps = HeaderProps & { children: ReactNode };

/** Fixed header, main area and footer (spec §2 "Shared layout"). */
export function Layout({ children, ...header }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only left-2 top-2 z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed">
        Skip to content
      </a>
      <Header {...header} />
      {/* The header is fixed, so the main area starts below it (lower while the phone search row is open). */}
      <main id="main" tabIndex={-1} className="flex-1 pt-(--header-height) outline-none">
        {/* Pages are rendered on the server, so reading works without scripts; the rest says so. */}
        <noscript>
          <p className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
            JavaScript is turned off: you can browse, search and read every product. To sign in, fill a cart and pay, turn it on.
          </p>
          {/* The header's phone search opens with a script; without one, it is here. */}
          <form role="search" action="/search" method="get" className="flex gap-2 px-4 pt-3 md:hidden">
            <label htmlFor="noscript-search" className="sr-only">
              Search products
            </label>
            <input
              id="noscript-search"
              name="q"
              type="search"
              placeholder="Search product here..."
              className="h-10 min-w-0 flex-1 rounded-full border border-zinc-300 bg-zinc-50 px-4 text-base text-zinc-900 placeholder:text-zinc-500"
            />
            <button type="submit" className="btn-primary px-4">
              Search
            </button>
          </form>
        </noscript>
        {children}
      </main>
      <Footer />
    </div>
  );
}
