// Test support: /create under the app's store, on its own route.
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Store } from '@reduxjs/toolkit';
import CreatePostPage from './create-post-page';

export function renderCreatePage(store: Store, path = '/create') {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/create" element={<CreatePostPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
