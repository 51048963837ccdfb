import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistStore } from 'redux-persist';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { makeStore } from '../../app/store';
import { getAppDb } from '../../lib/db';
import { sessionEnded, signedIn } from '../auth';
import { memoryStorage, type SettingsStorage } from './ai-settings';
import {
  connectionStatusLabels,
  connectionTested,
  initialAiState,
  providerChosen,
  saveAndTestAiSettings,
  selectAiKeyConfigured,
  selectAiProvider,
  selectConnectionStatus,
  selectSettingsFailure,
  selectSettingsTest,
  testAiConnection,
  type AiProviderId,
} from './ai-slice';

let fake: FakeOpenAI;
let storage: SettingsStorage;

const ADA = { id: '7c2f0a4e-1111-4c1f-9d7e-0a1b2c3d4e5f', email: 'ada@example.com' };
const BOB = { id: '7c2f0a4e-2222-4c1f-9d7e-0a1b2c3d4e5f', email: 'bob@example.com' };

/** The app's store with Ada signed in. */
function makeTestStore() {
  const store = makeStore();
  store.dispatch(signedIn({ ...ADA, firstName: 'Ada', lastName: 'Lovelace' }));
  return store;
}

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-good-key-123456' });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await getAppDb().kv.clear();
});

const form = (apiKey: string) => ({ apiKey, organization: '', baseURL: fake.url, model: '' });

describe('ai slice', () => {
  it('starts on ChatGPT, untested, and knows whether a key is stored', () => {
    expect(makeTestStore().getState().ai).toMatchObject(initialAiState);
    storage.setItem('openai_api_key', 'sk-stored');
    expect(selectAiKeyConfigured(makeTestStore().getState())).toBe(true);
  });

  it('switches provider, ignoring unknown ids', () => {
    const store = makeTestStore();
    store.dispatch(providerChosen('perplexity'));
    expect(selectAiProvider(store.getState())).toBe('perplexity');
    store.dispatch(providerChosen('grok' as AiProviderId));
    expect(selectAiProvider(store.getState())).toBe('perplexity');
  });

  it('always shows Perplexity as Disconnected, and unknown as Disconnected', () => {
    const store = makeTestStore();
    expect(connectionStatusLabels[selectConnectionStatus(store.getState(), 'chatgpt')]).toBe(
      'Disconnected',
    );
    store.dispatch(connectionTested({ source: 'dashboard', userId: ADA.id, ok: true }));
    expect(connectionStatusLabels[selectConnectionStatus(store.getState(), 'chatgpt')]).toBe(
      'Connected',
    );
    expect(connectionStatusLabels[selectConnectionStatus(store.getState(), 'perplexity')]).toBe(
      'Disconnected',
    );
    store.dispatch(
      connectionTested({ source: 'dashboard', userId: ADA.id, ok: false, kind: 'failed' }),
    );
    expect(connectionStatusLabels[selectConnectionStatus(store.getState(), 'chatgpt')]).toBe(
      'Error',
    );
  });
});

describe('the last connection status', () => {
  it("is the signed-in user's only: another account on this browser sees Disconnected", () => {
    const store = makeTestStore();
    store.dispatch(connectionTested({ source: 'dashboard', userId: ADA.id, ok: true }));
    store.dispatch(signedIn({ ...BOB, firstName: 'Bob', lastName: 'Byte' }));
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('unknown');
    store.dispatch(
      connectionTested({ source: 'dashboard', userId: BOB.id, ok: false, kind: 'failed' }),
    );
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('error');
    store.dispatch(signedIn({ ...ADA, firstName: 'Ada', lastName: 'Lovelace' }));
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('unknown');
  });

  it('survives a reload, without the key; sign-out forgets it', async () => {
    storage.setItem('openai_api_key', 'sk-good-key-123456');
    storage.setItem('openai_base_url', fake.url);
    const first = makeTestStore();
    const persistor = await new Promise<ReturnType<typeof persistStore>>((resolve) => {
      const p = persistStore(first, null, () => resolve(p));
    });
    await first.dispatch(testAiConnection({ source: 'dashboard' }));
    await persistor.flush();
    const saved = (await getAppDb().kv.get('persist:ai'))?.value ?? '';
    expect(saved).toContain('connected');
    expect(saved).not.toContain('sk-good-key');

    const second = makeTestStore();
    await new Promise<void>((resolve) => persistStore(second, null, resolve));
    expect(selectConnectionStatus(second.getState(), 'chatgpt')).toBe('connected');
    expect(fake.requests).toHaveLength(1);

    second.dispatch(sessionEnded());
    second.dispatch(signedIn({ ...ADA, firstName: 'Ada', lastName: 'Lovelace' }));
    expect(selectConnectionStatus(second.getState(), 'chatgpt')).toBe('unknown');
  });
});

describe('testAiConnection', () => {
  it('names the address that did not answer, sending one request', async () => {
    const gone = await startFakeOpenAI();
    const url = gone.url;
    await gone.close();
    const store = makeTestStore();
    const action = await store.dispatch(
      saveAndTestAiSettings({ ...form('sk-good-key-123456'), baseURL: url }),
    );
    expect(action.payload).toEqual({ ok: false, kind: 'unreachable', address: url });
    expect(selectSettingsTest(store.getState())).toBe('error');
    expect(selectSettingsFailure(store.getState())).toEqual({ kind: 'unreachable', address: url });
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('error');
  });

  it('marks ChatGPT connected when the stored key works, leaving the settings test alone', async () => {
    storage.setItem('openai_api_key', 'sk-good-key-123456');
    storage.setItem('openai_base_url', fake.url);
    const store = makeTestStore();
    const result = await store.dispatch(testAiConnection({ source: 'dashboard' })).unwrap();
    expect(result).toEqual({ ok: true });
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('connected');
    expect(selectSettingsTest(store.getState())).toBe('idle');
  });

  it('reports a missing key without calling out', async () => {
    const store = makeTestStore();
    const result = await store.dispatch(testAiConnection({ source: 'dashboard' })).unwrap();
    expect(result).toEqual({ ok: false, kind: 'key-missing' });
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('unknown');
    expect(selectAiKeyConfigured(store.getState())).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('saveAndTestAiSettings', () => {
  it('goes idle → testing → success and stores the settings, never the key in state', async () => {
    const store = makeTestStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push(selectSettingsTest(store.getState())));
    const action = await store.dispatch(saveAndTestAiSettings(form('  sk-good-key-123456 ')));
    expect(action.payload).toEqual({ ok: true });
    expect(seen).toContain('testing');
    expect(selectSettingsTest(store.getState())).toBe('success');
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('connected');
    expect(storage.getItem('openai_api_key')).toBe('sk-good-key-123456');
    expect(JSON.stringify(store.getState())).not.toContain('sk-good-key');
    expect(fake.chatBodies()[0]).toMatchObject({ model: 'gpt-3.5-turbo', max_tokens: 5 });
  });

  it('ends in error when the key is refused, with the key still saved', async () => {
    const store = makeTestStore();
    const action = await store.dispatch(saveAndTestAiSettings(form('sk-bad-key-999999')));
    expect(action.payload).toEqual({ ok: false, kind: 'invalid-key' });
    expect(selectSettingsTest(store.getState())).toBe('error');
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('error');
    expect(storage.getItem('openai_api_key')).toBe('sk-bad-key-999999');
  });

  it('rejects a blank key with the spec text, storing and testing nothing', async () => {
    const store = makeTestStore();
    const action = await store.dispatch(saveAndTestAiSettings(form('  ')));
    expect(saveAndTestAiSettings.rejected.match(action)).toBe(true);
    expect(action.payload).toEqual({ apiKey: 'Please enter your OpenAI API key' });
    expect(selectSettingsTest(store.getState())).toBe('idle');
    expect(storage.getItem('openai_api_key')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});
