import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider, prefetchFirstScreen } from './app/provider';
import { createAppRouter } from './app/router';
import './styles.css';

prefetchFirstScreen(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition lets React yield while it builds the first screen, so a slow phone's main
// thread is never blocked for long (the app shell in index.html stays up meanwhile).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createAppRouter()} />
      </AppProvider>
    </StrictMode>,
  );
});
