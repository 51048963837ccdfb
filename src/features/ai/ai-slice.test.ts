import { configureStore } from '@reduxjs/toolkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { memoryStorage, type SettingsStorage } from './ai-settings';
import {
  aiReducer,
  connectionStatusLabels,
  connectionTested,
  initialAiState,
  providerChosen,
  saveAndTestAiSettings,
  selectAiKeyConfigured,
  selectAiProvider,
  selectConnectionStatus,
  selectSettingsTest,
  testAiConnection,
  type AiProviderId,
} from './ai-slice';

let fake: FakeOpenAI;
let storage: SettingsStorage;

function makeTestStore() {
  return configureStore({ reducer: { ai: aiReducer } });
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

afterEach(() => {
  vi.unstubAllGlobals();
});

const form = (apiKey: string) => ({ apiKey, organization: '', baseURL: fake.url, model: '' });

describe('ai slice', () => {
  it('starts on ChatGPT, untested, and knows whether a key is stored', () => {
    expect(makeTestStore().getState().ai).toEqual(initialAiState);
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
    store.dispatch(connectionTested({ source: 'dashboard', ok: true }));
    expect(connectionStatusLabels[selectConnectionStatus(store.getState(), 'chatgpt')]).toBe(
      'Connected',
    );
    expect(connectionStatusLabels[selectConnectionStatus(store.getState(), 'perplexity')]).toBe(
      'Disconnected',
    );
    store.dispatch(connectionTested({ source: 'dashboard', ok: false, kind: 'failed' }));
    expect(connectionStatusLabels[selectConnectionStatus(store.getState(), 'chatgpt')]).toBe(
      'Error',
    );
  });
});

describe('testAiConnection', () => {
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
