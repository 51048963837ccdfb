import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { getAppDb } from '../../lib/db';
import { sessionEnded, signedIn } from '../auth';
import {
  AI_SETTINGS_KEYS,
  configuredProviders,
  memoryStorage,
  providerStorageKey,
  readProviderSettingsForm,
  writeProviderSettings,
} from './ai-settings';
import { AI_PROVIDERS, aiProviders } from './providers';

const ADA = { id: '7c2f0a4e-1111-4c1f-9d7e-0a1b2c3d4e5f', email: 'ada@example.com' };

afterEach(async () => {
  vi.unstubAllGlobals();
  await getAppDb().kv.clear();
});

describe('AI settings on sign-out', () => {
  it("removes every provider's settings and keys from the device", () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const store = makeStore();
    store.dispatch(signedIn({ ...ADA, firstName: 'Ada', lastName: 'Lovelace' }));
    for (const provider of AI_PROVIDERS) {
      writeProviderSettings(
        {
          provider,
          apiKey: `secret-${provider}-0123456789`,
          baseURL: aiProviders[provider].defaultBaseURL,
          model: aiProviders[provider].defaultModel,
          // One of them kept on the server: the device has only its address and model.
          keyLocation: provider === 'gemini' ? 'server' : 'device',
        },
        storage,
        ADA.id,
      );
    }
    expect(configuredProviders(storage, ADA.id)).toEqual([...AI_PROVIDERS]);

    store.dispatch(sessionEnded());

    expect(configuredProviders(storage, ADA.id)).toEqual([]);
    const left = AI_PROVIDERS.map((provider) =>
      JSON.stringify(readProviderSettingsForm(provider, storage, ADA.id)),
    ).join('\n');
    expect(left).not.toContain('secret-');
    for (const key of Object.values(AI_SETTINGS_KEYS)) expect(storage.getItem(key)).toBeNull();
    for (const provider of AI_PROVIDERS) {
      if (provider !== 'chatgpt') expect(storage.getItem(providerStorageKey(provider))).toBeNull();
    }
  });
});
