import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { loadRouteModules } from './app/load-route-modules';
import { routes } from './app/routes';
import { authStore } from './lib/auth-store';
import './index.css';

const container = document.getElementById('root')!;
// The public pages come as HTML rendered at build (prerender/entry-server.tsx), as a visitor with
// no session sees them: hydrate that. With a session stored (the landing page would send a
// teacher on), or on the teacher's pages (sent with an empty #root), render in the browser.
if (container.hasChildNodes() && !authStore.getAccessToken()) {
  // not a top-level await: the page's chunk imports this one, which must have finished running
  void loadRouteModules(routes, window.location).then(() =>
    // as a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread until the whole page is done; a tap meanwhile is replayed once it is
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App router={createBrowserRouter(routes)} />
        </StrictMode>,
      );
    }),
  );
} else {
  container.removeAttribute('data-prerendered');
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <App router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
