import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistStore, type Persistor } from 'redux-persist';
import { uniqueEmail } from '../../tests/api/harness';
import {
  aiSettingsSaved,
  providerChosen,
  selectAiKeyConfigured,
  selectAiProvider,
} from '../features/ai/ai-slice';
import {
  OPENAI_BASE_URL,
  readProviderSettings,
  readProviderSettingsForm,
  writeProviderSettings,
} from '../features/ai/ai-settings';
import { selectAuthStatus, selectCurrentUser } from '../features/auth/auth-slice';
import { signOut, signUp } from '../features/auth/auth-thunks';
import { CONTENT_IDEAS } from '../features/dashboard/sample-data';
import { readSavedIdeas, saveIdea } from '../features/dashboard/saved-ideas';
import { getAppDb } from '../lib/db';
import { AUTH_STORAGE_KEY } from '../lib/stored-session';
import { withEmbeddedBackend } from '../testing/embedded-backend';
import { makeStore, type AppStore } from './store';

const PASSWORD = 'bloom-Secret-1';
const API_KEY = 'sk-ada-device-secret-0123456789';
const BASE_URL = 'https://ada-models.example/v1';

const backend = withEmbeddedBackend();

beforeEach(async () => {
  await backend.connect();
});

afterEach(async () => {
  await getAppDb().kv.clear();
});

async function persistedStore(): Promise<{ store: AppStore; persistor: Persistor }> {
  const store = makeStore();
  let persistor: Persistor | undefined;
  await new Promise<void>((resolve) => {
    persistor = persistStore(store, null, resolve);
  });
  return { store, persistor: persistor! };
}

async function newAccount(store: AppStore, firstName: string): Promise<string> {
  await store
    .dispatch(
      signUp({ firstName, lastName: 'Tester', email: uniqueEmail('device'), password: PASSWORD }),
    )
    .unwrap();
  return selectCurrentUser(store.getState())!.id;
}

/** Everything this browser keeps: local storage and the app's IndexedDB tables. */
async function everythingOnDevice(): Promise<string> {
  const db = getAppDb();
  const tables = await Promise.all(db.tables.map((table) => table.toArray()));
  return backend.storage.dump() + JSON.stringify(tables);
}

/** ChatGPT's settings with the key on this device, for the signed-in user. */
function writeChatGpt(baseURL: string): void {
  writeProviderSettings({
    provider: 'chatgpt',
    apiKey: API_KEY,
    baseURL,
    model: 'gpt-4',
    keyLocation: 'device',
  });
}

describe('device data belongs to one account', () => {
  it('removes the OpenAI key from the device on sign-out and shows the next account nothing of the last', async () => {
    const { store, persistor } = await persistedStore();
    const ada = await newAccount(store, 'Ada');
    writeChatGpt(BASE_URL);
    store.dispatch(aiSettingsSaved());
    store.dispatch(providerChosen('perplexity'));
    const idea = CONTENT_IDEAS[0]!;
    saveIdea(idea, ada);
    await persistor.flush();
    expect(readProviderSettings('chatgpt')).toMatchObject({ apiKey: API_KEY, baseURL: BASE_URL });
    expect(await everythingOnDevice()).toContain(API_KEY);

    await store.dispatch(signOut()).unwrap();
    await persistor.flush();

    const device = await everythingOnDevice();
    expect(device).not.toContain(API_KEY);
    expect(device).not.toContain(BASE_URL);
    expect(selectAiProvider(store.getState())).toBe('chatgpt');
    expect(selectAiKeyConfigured(store.getState())).toBe(false);

    const bob = await newAccount(store, 'Bob');
    expect(bob).not.toBe(ada);
    expect(readProviderSettings('chatgpt')).toBeNull();
    expect(readProviderSettingsForm('chatgpt')).toMatchObject({
      apiKey: '',
      baseURL: OPENAI_BASE_URL,
    });
    expect(readSavedIdeas(bob)).toEqual([]);
    expect(selectAiProvider(store.getState())).toBe('chatgpt');

    // A fresh start of the app for Bob (a reload) restores nothing of Ada's either.
    const reloaded = await persistedStore();
    expect(selectAiProvider(reloaded.store.getState())).toBe('chatgpt');
    expect(selectAiKeyConfigured(reloaded.store.getState())).toBe(false);
    // Ada's saved idea waits for her, hidden from Bob.
    expect(readSavedIdeas(ada).map((saved) => saved.id)).toEqual([idea.id]);
  });

  it("hides another account's settings even when they were never signed out of this device", async () => {
    const { store } = await persistedStore();
    await newAccount(store, 'Ada');
    writeChatGpt(BASE_URL);
    // Bob signs up over Ada's session without her signing out first.
    await newAccount(store, 'Bob');
    expect(readProviderSettings('chatgpt')).toBeNull();
    expect(readProviderSettingsForm('chatgpt')).toMatchObject({
      apiKey: '',
      baseURL: OPENAI_BASE_URL,
    });
  });
});

/** An address nothing listens on: every request fails as a network error, as offline. */
async function unreachableUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('signing out offline', () => {
  it('signs out on this device and removes the key, instead of failing', async () => {
    const { store } = await persistedStore();
    await newAccount(store, 'Ada');
    writeChatGpt(OPENAI_BASE_URL);

    // The same session, with the server out of reach.
    const offline = await backend.connect(await unreachableUrl());
    expect((await offline.auth.getSession()).data.session).not.toBeNull();

    // supabase-js reports the refused network call on the console; that is the case under test.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await store.dispatch(signOut()).unwrap();
    logged.mockRestore();
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
    expect(backend.storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect((await offline.auth.getSession()).data.session).toBeNull();
    expect(await everythingOnDevice()).not.toContain(API_KEY);
  });
});
