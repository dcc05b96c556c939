import { createElement, lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { ErrorPage } from '../components/ui/error-page';
import { PageSpinner } from '../components/ui/page-spinner';
import { HomeRoute } from './routes/home';
import { RootLayout } from './routes/root-layout';

/*
 * The routes, rendered by react-router's declarative mode (useRoutes under a BrowserRouter in
 * the browser, a StaticRouter on the server): the data router's loaders are not used, and its
 * code would add 17 KB (gzip) to every page. Home is part of the entry chunk (it is the first
 * paint for most shoppers); every other screen, and the admin area above all, is a lazy chunk
 * fetched on first visit, or before hydrating a page the server rendered (see `preloadScreens`).
 */

type ScreenModule = { Component: ComponentType };

/** What a lazy screen's route carries so the server and the hydrating client can load it first. */
export type ScreenHandle = { preload: () => Promise<void> };

function screen(load: () => Promise<ScreenModule>): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.Component;
    });
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Screen() {
    // Fixed for the life of this screen: once loaded it renders without suspending (so a page
    // the server rendered hydrates at once), and it never swaps one for the other while mounted.
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded) : <Lazy />;
  }
  const handle: ScreenHandle = { preload };
  return { element: <Screen />, handle };
}

/** Errors and lazy loading of a screen stay inside the layout: header and footer remain. */
function Screens() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        element: <Screens />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'login', ...screen(() => import('./routes/login')) },
          { path: 'forgot-password', ...screen(() => import('./routes/forgot-password')) },
          { path: 'reset-password', ...screen(() => import('./routes/reset-password')) },
          { path: 'sign-up', ...screen(() => import('./routes/sign-up')) },
          { path: 'product-category', ...screen(() => import('./routes/product-category')) },
          { path: 'product/:id', ...screen(() => import('./routes/product-detail')) },
          { path: 'cart', ...screen(() => import('./routes/cart')) },
          { path: 'checkout', ...screen(() => import('./routes/checkout')) },
          { path: 'policies', ...screen(() => import('./routes/policies')) },
          { path: 'success', ...screen(() => import('./routes/success')) },
          { path: 'cancel', ...screen(() => import('./routes/cancel')) },
          { path: 'search', ...screen(() => import('./routes/search')) },
          { path: 'compare', ...screen(() => import('./routes/compare')) },
          { path: 'order', ...screen(() => import('./routes/orders')) },
          { path: 'account', ...screen(() => import('./routes/account')) },
          { path: 'account/two-factor', ...screen(() => import('./routes/two-factor')) },
          { path: 'confirm-email', ...screen(() => import('./routes/confirm-email')) },
          {
            path: 'admit-panel',
            ...screen(() => import('./routes/admin/admin-layout')),
            children: [
              // The panel's first page; the spec's three addresses below stay as they were.
              { index: true, ...screen(() => import('./routes/admin/dashboard')) },
              { path: 'all-users', ...screen(() => import('./routes/admin/all-users')) },
              { path: 'all-products', ...screen(() => import('./routes/admin/all-products')) },
              { path: 'all-orders', ...screen(() => import('./routes/admin/all-orders')) },
              { path: 'import-export', ...screen(() => import('./routes/admin/import-export')) },
              { path: 'bulk-edit', ...screen(() => import('./routes/admin/bulk-edit')) },
              { path: 'banners', ...screen(() => import('./routes/admin/banners')) },
              { path: 'offers', ...screen(() => import('./routes/admin/offers')) },
              { path: 'categories', ...screen(() => import('./routes/admin/categories')) },
              { path: 'invoices', ...screen(() => import('./routes/admin/invoices')) },
              { path: 'settings', ...screen(() => import('./routes/admin/settings')) },
              { path: 'mail', ...screen(() => import('./routes/admin/mail')) },
              { path: 'returns', ...screen(() => import('./routes/admin/returns')) },
              { path: 'audit', ...screen(() => import('./routes/admin/audit')) },
            ],
          },
          { path: '*', element: <ErrorPage status={404} message="Not Found" /> },
        ],
      },
    ],
  },
];

/** The app's screens for the current address (inside a BrowserRouter, StaticRouter or MemoryRouter). */
export function AppRoutes() {
  // One tree on the server and in the browser: a component only one of them rendered would move
  // every useId() after it, and hydration would find other ids than the server wrote.
  return (
    <>
      <ErrorBoundary>{useRoutes(routes)}</ErrorBoundary>
      <AppReady />
    </>
  );
}

/** Marks the page as running (hydrated, or rendered in the browser): `<html data-app-ready>`, which the browser tests wait for. */
function AppReady() {
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return null;
}

/** Loads the code of every lazy screen `pathname` shows, so that rendering it does not suspend. */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handles = matches.map((match) => match.route.handle as ScreenHandle | undefined);
  await Promise.all(handles.flatMap((handle) => (handle ? [handle.preload()] : [])));
}
