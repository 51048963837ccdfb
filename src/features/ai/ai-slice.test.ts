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
  keepValidAiState,
  providerChosen,
  readDeviceProviders,
  removeAiProvider,
  saveAndTestProvider,
  selectAiKeyConfigured,
  selectAiProvider,
  selectConnectionStatus,
  selectProviderConfigured,
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

const form = (apiKey: string, provider: AiProviderId = 'chatgpt') => ({
  provider,
  form: {
    apiKey,
    organization: '',
    baseURL: fake.url,
    model: provider === 'chatgpt' ? 'gpt-4' : 'sonar',
    keyLocation: 'device' as const,
  },
});

/** ChatGPT's card with another address, as typed. */
const withBaseURL = (apiKey: string, baseURL: string) => {
  const typed = form(apiKey);
  return { ...typed, form: { ...typed.form, baseURL } };
};

describe('ai slice', () => {
  it('starts on ChatGPT, untested, and knows whether a key is stored', () => {
    expect(makeTestStore().getState().ai).toMatchObject(initialAiState);
    storage.setItem('openai_api_key', 'sk-stored');
    expect(selectAiKeyConfigured(makeTestStore().getState())).toBe(true);
  });

  it('keeps the list of providers set up on this device when read again unchanged', () => {
    const store = makeTestStore();
    store.dispatch(readDeviceProviders());
    const before = store.getState().ai;
    // Each screen showing the choice reads it again as it opens.
    store.dispatch(readDeviceProviders());
    expect(store.getState().ai).toBe(before);
    storage.setItem('openai_api_key', 'sk-stored');
    store.dispatch(readDeviceProviders());
    expect(store.getState().ai.deviceConfigured).toEqual(['chatgpt']);
  });

  it('switches provider, ignoring unknown ids', () => {
    const store = makeTestStore();
    store.dispatch(providerChosen('perplexity'));
    expect(selectAiProvider(store.getState())).toBe('perplexity');
    store.dispatch(providerChosen('grok'));
    expect(selectAiProvider(store.getState())).toBe('grok');
    store.dispatch(providerChosen('llama' as AiProviderId));
    expect(selectAiProvider(store.getState())).toBe('grok');
  });

  it('keeps a status per provider: a ChatGPT result leaves Perplexity Disconnected', () => {
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
    store.dispatch(
      connectionTested({ source: 'dashboard', provider: 'perplexity', userId: ADA.id, ok: true }),
    );
    expect(connectionStatusLabels[selectConnectionStatus(store.getState(), 'perplexity')]).toBe(
      'Connected',
    );
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('error');
  });

  it('keeps a state saved with two providers valid, the new ones Disconnected', () => {
    const saved = keepValidAiState({
      provider: 'perplexity',
      connection: { chatgpt: 'connected', perplexity: 'bogus' },
      connectionOwner: ADA.id,
    });
    expect(saved).toEqual({
      provider: 'perplexity',
      connection: {
        chatgpt: 'connected',
        perplexity: 'unknown',
        grok: 'unknown',
        gemini: 'unknown',
        custom: 'unknown',
      },
      connectionOwner: ADA.id,
    });
    expect(keepValidAiState({ provider: 'bard', connection: null })).toMatchObject({
      provider: 'chatgpt',
      connection: { chatgpt: 'unknown', custom: 'unknown' },
      connectionOwner: null,
    });
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
      saveAndTestProvider(withBaseURL('sk-good-key-123456', url)),
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

describe('saveAndTestProvider', () => {
  it('goes idle → testing → success and stores the settings, never the key in state', async () => {
    const store = makeTestStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push(selectSettingsTest(store.getState())));
    const action = await store.dispatch(saveAndTestProvider(form('  sk-good-key-123456 ')));
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
    const action = await store.dispatch(saveAndTestProvider(form('sk-bad-key-999999')));
    expect(action.payload).toEqual({ ok: false, kind: 'invalid-key' });
    expect(selectSettingsTest(store.getState(), 'chatgpt')).toBe('error');
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('error');
    expect(storage.getItem('openai_api_key')).toBe('sk-bad-key-999999');
  });

  it('rejects a blank key with the spec text, storing and testing nothing', async () => {
    const store = makeTestStore();
    const action = await store.dispatch(saveAndTestProvider(form('  ')));
    expect(saveAndTestProvider.rejected.match(action)).toBe(true);
    expect(action.payload).toEqual({ apiKey: 'Please enter your OpenAI API key' });
    expect(selectSettingsTest(store.getState())).toBe('idle');
    expect(storage.getItem('openai_api_key')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('saves and tests Perplexity on its own, leaving ChatGPT as it was', async () => {
    const store = makeTestStore();
    const action = await store.dispatch(
      saveAndTestProvider(form('sk-good-key-123456', 'perplexity')),
    );
    expect(action.payload).toEqual({ ok: true });
    expect(selectConnectionStatus(store.getState(), 'perplexity')).toBe('connected');
    expect(selectSettingsTest(store.getState(), 'perplexity')).toBe('success');
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('unknown');
    expect(selectSettingsTest(store.getState(), 'chatgpt')).toBe('idle');
    expect(selectProviderConfigured(store.getState(), 'perplexity')).toBe(true);
    expect(selectProviderConfigured(store.getState(), 'chatgpt')).toBe(false);
    expect(JSON.parse(storage.getItem('ai_provider_perplexity') ?? '{}')).toMatchObject({
      apiKey: 'sk-good-key-123456',
      model: 'sonar',
      keyLocation: 'device',
    });
    expect(storage.getItem('openai_api_key')).toBeNull();
    expect(fake.chatBodies()[0]).toMatchObject({ model: 'sonar', max_tokens: 5 });
    expect(JSON.stringify(store.getState())).not.toContain('sk-good-key');
  });

  it("asks for the provider's key by name and refuses a blank model", async () => {
    const store = makeTestStore();
    const typed = form('', 'grok');
    const action = await store.dispatch(
      saveAndTestProvider({ ...typed, form: { ...typed.form, model: ' ' } }),
    );
    expect(action.payload).toEqual({
      apiKey: 'Please enter your xAI API key',
      model: 'Please enter the name of a model.',
    });
    expect(storage.getItem('ai_provider_grok')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('removeAiProvider', () => {
  it("forgets one provider's settings and status, keeping the others'", async () => {
    const store = makeTestStore();
    await store.dispatch(saveAndTestProvider(form('sk-good-key-123456')));
    await store.dispatch(saveAndTestProvider(form('sk-good-key-123456', 'gemini')));
    await store.dispatch(removeAiProvider({ provider: 'gemini' })).unwrap();
    expect(storage.getItem('ai_provider_gemini')).toBeNull();
    expect(selectProviderConfigured(store.getState(), 'gemini')).toBe(false);
    expect(selectConnectionStatus(store.getState(), 'gemini')).toBe('unknown');
    expect(selectSettingsTest(store.getState(), 'gemini')).toBe('idle');
    expect(storage.getItem('openai_api_key')).toBe('sk-good-key-123456');
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('connected');
  });
});
