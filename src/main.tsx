import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { DeferredProviders, loadStoreInstance } from './app/providers';
import { isRoutePath } from './app/route-paths';
import { preloadRoute, routeNeedsStore } from './app/router';
import { releasePrerenderedShell } from './lib/prerendered-shell';

function render() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = createRoot(root);
  // A transition, so React renders the first page in slices and the browser stays responsive.
  startTransition(() =>
    app.render(
      <StrictMode>
        <DeferredProviders>
          <App />
        </DeferredProviders>
      </StrictMode>,
    ),
  );
}

const { pathname } = window.location;
const prerendered = document.getElementById('prerendered');
// A signed-in page's prerendered frame is not the page: it stays over the app while it loads.
const prerenderedPath = prerendered?.dataset.shell === undefined ? prerendered?.dataset.path : null;
// 404.html's markup (path `*`) is the page wherever no route has one.
if (
  prerenderedPath === '*'
    ? !isRoutePath(pathname)
    : prerenderedPath === (pathname.replace(/\/+$/, '') || '/')
) {
  // The page is already on screen (prerendered into its HTML file): render once its code is in, so
  // React swaps in the same page rather than a spinner. If it cannot load, the route shows the error.
  void preloadRoute(pathname).then(render, render);
} else {
  // A page that waits for the store gets it and its own chunks side by side now, rather than one
  // after another as rendering reaches each; a public page paints without the store, which loads
  // later as on / (DeferredProviders). Failures surface when rendering reaches them.
  if (routeNeedsStore(pathname)) {
    // The backend client (supabase-js and the server's settings) is not waited for: the store
    // opens the app for the session kept on this device, and asks for the client as it starts.
    loadStoreInstance().catch(() => {});
    // Once the store has rehydrated, the sync reads this device's rows for the page with its own
    // code and the synced entities': fetched now too, not one round trip after the store.
    import('./features/sync/sync-modules').catch(() => {});
    import('./app/sync-entities').catch(() => {});
  }
  preloadRoute(pathname).catch(() => {});
  render();
  releasePrerenderedShell(document.getElementById('root')!);
}
