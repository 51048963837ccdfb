import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { aiReducer } from './ai-slice';

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

/** Renders `ui` in a store that holds the AI slice alone, with a user-event session. */
export function renderWithAiStore(ui: ReactElement) {
  const store = configureStore({ reducer: { ai: aiReducer } });
  const user = userEvent.setup();
  render(<Provider store={store}>{ui}</Provider>);
  return { store, user };
}
