import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { DeferredProviders } from './app/providers';
import { preloadLandingPage } from './app/router';

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

// On / the page is already on screen (prerendered into index.html): render once its code is in, so
// React swaps in the same page rather than a spinner. If it cannot load, the route shows the error.
if (window.location.pathname === '/') void preloadLandingPage().then(render, render);
else render();
