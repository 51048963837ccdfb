// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { signedIn } from '../auth';
import { loadDrafts, selectAllDrafts } from '../drafts';
import { connectivityChanged } from '../sync';
import { composeMessages } from './compose-validation';
import { preloadPostExtras } from './compose-form';
import { renderCreatePage } from './render-create-page';
import { offlineMessages } from './offline-messages';

const USER_ID = '0f8b9c1e-8a57-4c1f-9d7e-0a1b2c3d4e5f';
const KEY = 'sk-unit-offline-key-123456';

let fake: FakeOpenAI;
let db: AppDb;

async function renderOfflineCreate() {
  const store = makeStore();
  store.dispatch(
    signedIn({ id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'L' }),
  );
  await store.dispatch(loadDrafts(USER_ID, db));
  store.dispatch(connectivityChanged({ online: false }));
  const user = userEvent.setup();
  renderCreatePage(store);
  return { store, user };
}

beforeAll(async () => {
  // As after a first visit: the form's cards come at once rather than after their code.
  await preloadPostExtras();
  fake = await startFakeOpenAI({ apiKey: KEY });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  db = openAppDb(`compose-offline-${crypto.randomUUID()}`);
  setAppDb(db);
  localStorage.clear();
  localStorage.setItem('openai_api_key', KEY);
  localStorage.setItem('openai_base_url', fake.url);
  fake.reset();
});

afterEach(async () => {
  cleanup();
  setAppDb(undefined);
  await db.delete();
});

describe('/create offline', { timeout: 30_000 }, () => {
  it('says the draft is saved on this device and will sync', async () => {
    const { store, user } = await renderOfflineCreate();
    await user.type(
      screen.getAllByRole('textbox', { name: 'Post content' })[0]!,
      'Fresh bread at 7.',
    );
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(
      await screen.findByText(`${composeMessages.draftSaved} ${offlineMessages.draftSaved}`),
    ).toBeInTheDocument();
    expect(selectAllDrafts(store.getState()).map((d) => d.content)).toEqual(['Fresh bread at 7.']);
  });

  it('says at once that generating needs a connection, without calling the model', async () => {
    const { user } = await renderOfflineCreate();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Content prompt' }),
      'Industry news',
    );
    await user.click(screen.getByRole('button', { name: 'Generate with ChatGPT' }));
    expect(screen.getByText(offlineMessages.generate)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate with ChatGPT' })).toBeEnabled();
    expect(fake.requests).toHaveLength(0);
  });
});
