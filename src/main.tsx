import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/app';
import { Providers } from './app/providers';
import { makeStore } from './app/store';
import { appStarted } from './lib/app-lifecycle';
import { flushOnHide } from './lib/persist-storage';

const store = makeStore();
const persistor = persistStore(store);
store.dispatch(appStarted());

// A tab can be killed any time after it is hidden: write pending state while we still can.
flushOnHide(persistor);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers store={store}>
      <App />
    </Providers>
  </StrictMode>,
);
