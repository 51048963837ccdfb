import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/fixtures/fake-openai';
import { makeStore } from '../app/store';
import { signedIn } from '../features/auth';

// Shared by the AI panel tests (ai-assistants-panel, ai-provider-panel).

/**
 * Registers the calling file's hooks: one fake OpenAI that accepts `apiKey` for all its tests,
 * reset together with localStorage before each test, and the rendered panel unmounted after it.
 * `fake` is there from beforeAll on, so read it inside tests only.
 */
export function setUpFakeOpenAI(apiKey: string): { readonly fake: FakeOpenAI } {
  const openai = {} as { fake: FakeOpenAI };

  beforeAll(async () => {
    openai.fake = await startFakeOpenAI({ apiKey });
  });

  afterAll(async () => {
    await openai.fake.close();
  });

  beforeEach(() => {
    openai.fake.reset();
    localStorage.clear();
  });

  afterEach(() => {
    cleanup();
  });

  return openai;
}

export const PANEL_USER = {
  id: '3d9a1c2b-0000-4000-8000-00000000000a',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

/** Renders `ui` in the app's store with a user signed in, with a user-event session. */
export function renderWithAiStore(ui: ReactElement) {
  const store = makeStore();
  store.dispatch(signedIn(PANEL_USER));
  const user = userEvent.setup();
  render(<Provider store={store}>{ui}</Provider>);
  return { store, user };
}
