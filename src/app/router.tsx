import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, RouteErrorPage } from '../components/ui/error-page';
import { AppShell } from '../components/layout/app-shell';
import { HomeRoute } from './routes/home';
import { RootLayout } from './routes/root-layout';

/*
 * Home is part of the entry chunk (it is the first paint for most shoppers); every other
 * screen, and the admin area above all, is a lazy chunk fetched on first visit.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Last resort if the layout itself fails; normal errors render inside the layout below.
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <AppShell />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
          { path: 'sign-up', lazy: () => import('./routes/sign-up') },
          { path: 'product-category', lazy: () => import('./routes/product-category') },
          { path: 'product/:id', lazy: () => import('./routes/product-detail') },
          { path: 'cart', lazy: () => import('./routes/cart') },
          { path: 'success', lazy: () => import('./routes/success') },
          { path: 'cancel', lazy: () => import('./routes/cancel') },
          { path: 'search', lazy: () => import('./routes/search') },
          { path: 'order', lazy: () => import('./routes/orders') },
          {
            path: 'admit-panel',
            lazy: () => import('./routes/admin/admin-layout'),
            children: [
              { path: 'all-users', lazy: () => import('./routes/admin/all-users') },
              { path: 'all-products', lazy: () => import('./routes/admin/all-products') },
              { path: 'all-orders', lazy: () => import('./routes/admin/all-orders') },
            ],
          },
          { path: '*', element: <ErrorPage status={404} message="Not Found" /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
