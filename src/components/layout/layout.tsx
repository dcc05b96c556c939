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
      {/* The header is fixed, so the main area starts below it. */}
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
