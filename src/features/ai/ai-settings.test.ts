import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AI_SETTINGS_KEYS,
  BASE_URL_INVALID,
  baseUrlInvalidMessage,
  clearAiSettings,
  configuredProviders,
  DEFAULT_MODEL,
  keyRequiredMessage,
  MODEL_REQUIRED,
  MODEL_TOO_LONG,
  memoryStorage,
  providerStorageKey,
  readProviderSettings,
  readProviderSettingsForm,
  removeProviderSettings,
  validateProviderSettings,
  writeProviderSettings,
  type ProviderSettingsForm,
} from './ai-settings';
import { AI_PROVIDERS, aiProviders } from './providers';
import { deviceStorage } from '../../lib/device-storage';

const blankForm: ProviderSettingsForm = {
  apiKey: '',
  organization: '',
  baseURL: '',
  model: 'gpt-4',
  keyLocation: 'device',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('validateProviderSettings', () => {
  it("requires ChatGPT's key with the spec text, and the other keys with their names", () => {
    expect(validateProviderSettings('chatgpt', blankForm)).toEqual({
      ok: false,
      errors: { apiKey: 'Please enter your OpenAI API key' },
    });
    expect(validateProviderSettings('chatgpt', { ...blankForm, apiKey: '   ' })).toEqual({
      ok: false,
      errors: { apiKey: 'Please enter your OpenAI API key' },
    });
    expect(validateProviderSettings('perplexity', { ...blankForm, model: 'sonar' })).toEqual({
      ok: false,
      errors: { apiKey: 'Please enter your Perplexity API key' },
    });
    expect(keyRequiredMessage('grok')).toBe('Please enter your xAI API key');
    expect(keyRequiredMessage('gemini')).toBe('Please enter your Gemini API key');
  });

  it('lets a custom model go without a key', () => {
    expect(validateProviderSettings('custom', { ...blankForm, model: 'llama3.2' })).toEqual({
      ok: true,
      value: {
        provider: 'custom',
        baseURL: 'http://localhost:11434/v1',
        model: 'llama3.2',
        keyLocation: 'device',
      },
    });
  });

  it('lets a key kept on the server stay there when the field is left blank', () => {
    const form = { ...blankForm, model: 'sonar', keyLocation: 'server' as const };
    expect(validateProviderSettings('perplexity', form, { serverKeyStored: true })).toEqual({
      ok: true,
      value: {
        provider: 'perplexity',
        baseURL: 'https://api.perplexity.ai',
        model: 'sonar',
        keyLocation: 'server',
      },
    });
    // The first save to the server needs the key; moving back to the device needs it again.
    expect(validateProviderSettings('perplexity', form)).toMatchObject({ ok: false });
    expect(
      validateProviderSettings(
        'perplexity',
        { ...form, keyLocation: 'device' },
        { serverKeyStored: true },
      ),
    ).toMatchObject({ ok: false, errors: { apiKey: 'Please enter your Perplexity API key' } });
  });

  it("trims, drops a blank organization ID and takes the provider's address for a blank one", () => {
    expect(
      validateProviderSettings('chatgpt', {
        ...blankForm,
        apiKey: '  sk-test  ',
        organization: ' ',
      }),
    ).toEqual({
      ok: true,
      value: {
        provider: 'chatgpt',
        apiKey: 'sk-test',
        baseURL: 'https://api.openai.com/v1',
        model: 'gpt-4',
        keyLocation: 'device',
      },
    });
  });

  it('keeps the organization (ChatGPT only), the model and an http(s) base URL without its trailing slash', () => {
    expect(
      validateProviderSettings('chatgpt', {
        apiKey: 'sk-test',
        organization: ' org-123 ',
        baseURL: ' https://openrouter.ai/api/v1/ ',
        model: ' gpt-4o ',
        keyLocation: 'device',
      }),
    ).toEqual({
      ok: true,
      value: {
        provider: 'chatgpt',
        apiKey: 'sk-test',
        organization: 'org-123',
        baseURL: 'https://openrouter.ai/api/v1',
        model: 'gpt-4o',
        keyLocation: 'device',
      },
    });
    const grok = validateProviderSettings('grok', {
      ...blankForm,
      apiKey: 'k',
      organization: 'org-1',
    });
    expect(grok.ok).toBe(true);
    expect(grok.ok && 'organization' in grok.value).toBe(false);
    expect(
      validateProviderSettings('custom', { ...blankForm, baseURL: 'http://127.0.0.1:11434/v1' }),
    ).toMatchObject({ ok: true, value: { baseURL: 'http://127.0.0.1:11434/v1' } });
  });

  it('rejects a base URL that is not an http(s) address, with the provider address as example', () => {
    for (const baseURL of [
      'api.openai.com/v1',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
    ]) {
      expect(validateProviderSettings('chatgpt', { ...blankForm, apiKey: 'sk', baseURL })).toEqual({
        ok: false,
        errors: { baseURL: BASE_URL_INVALID },
      });
    }
    expect(
      validateProviderSettings('gemini', { ...blankForm, apiKey: 'k', baseURL: 'nope' }),
    ).toEqual({
      ok: false,
      errors: {
        baseURL:
          'Please enter a full http:// or https:// address, for example https://generativelanguage.googleapis.com/v1beta/openai',
      },
    });
  });

  it('requires a model name of at most 200 characters', () => {
    expect(validateProviderSettings('grok', { ...blankForm, apiKey: 'k', model: '  ' })).toEqual({
      ok: false,
      errors: { model: MODEL_REQUIRED },
    });
    expect(
      validateProviderSettings('grok', { ...blankForm, apiKey: 'k', model: 'm'.repeat(201) }),
    ).toEqual({ ok: false, errors: { model: MODEL_TOO_LONG } });
    expect(
      validateProviderSettings('grok', { ...blankForm, apiKey: 'k', model: 'm'.repeat(200) }),
    ).toMatchObject({ ok: true });
  });

  it('reports every problem at once', () => {
    expect(
      validateProviderSettings('perplexity', { ...blankForm, baseURL: 'nope', model: '' }),
    ).toEqual({
      ok: false,
      errors: {
        apiKey: 'Please enter your Perplexity API key',
        baseURL: baseUrlInvalidMessage('perplexity'),
        model: MODEL_REQUIRED,
      },
    });
  });
});

describe('stored settings', () => {
  it('reads nothing without a key, except for a custom model', () => {
    const storage = memoryStorage({
      [AI_SETTINGS_KEYS.organization]: 'org-1',
      [providerStorageKey('perplexity')]: JSON.stringify({ baseURL: 'https://x.example' }),
      [providerStorageKey('custom')]: JSON.stringify({ model: 'mistral' }),
    });
    expect(readProviderSettings('chatgpt', storage)).toBeNull();
    expect(readProviderSettings('perplexity', storage)).toBeNull();
    expect(readProviderSettings('custom', storage)).toEqual({
      provider: 'custom',
      baseURL: 'http://localhost:11434/v1',
      model: 'mistral',
      keyLocation: 'device',
    });
    expect(readProviderSettings('chatgpt', null)).toBeNull();
    expect(configuredProviders(storage)).toEqual(['custom']);
  });

  it("writes ChatGPT under the spec's keys and reads back", () => {
    const storage = memoryStorage();
    writeProviderSettings(
      {
        provider: 'chatgpt',
        apiKey: 'sk-live',
        organization: 'org-9',
        baseURL: 'https://example.com/v1',
        model: 'gpt-4o',
        keyLocation: 'device',
      },
      storage,
    );
    expect(storage.getItem('openai_api_key')).toBe('sk-live');
    expect(storage.getItem('openai_org_id')).toBe('org-9');
    expect(storage.getItem('openai_base_url')).toBe('https://example.com/v1');
    expect(storage.getItem('openai_model')).toBe('gpt-4o');
    expect(readProviderSettings('chatgpt', storage)).toEqual({
      provider: 'chatgpt',
      apiKey: 'sk-live',
      organization: 'org-9',
      baseURL: 'https://example.com/v1',
      model: 'gpt-4o',
      keyLocation: 'device',
    });
  });

  it('writes each other provider in its own entry and reads it back', () => {
    const storage = memoryStorage();
    for (const provider of ['perplexity', 'grok', 'gemini', 'custom'] as const) {
      writeProviderSettings(
        {
          provider,
          apiKey: `key-${provider}`,
          baseURL: aiProviders[provider].defaultBaseURL,
          model: aiProviders[provider].defaultModel,
          keyLocation: 'device',
        },
        storage,
      );
      expect(JSON.parse(storage.getItem(`ai_provider_${provider}`) ?? '')).toEqual({
        apiKey: `key-${provider}`,
        baseURL: aiProviders[provider].defaultBaseURL,
        model: aiProviders[provider].defaultModel,
        keyLocation: 'device',
      });
      expect(readProviderSettings(provider, storage)).toMatchObject({
        provider,
        apiKey: `key-${provider}`,
      });
    }
    expect(storage.getItem('openai_api_key')).toBeNull();
    expect(configuredProviders(storage)).toEqual(['perplexity', 'grok', 'gemini', 'custom']);
  });

  it('never stores a key kept on the server, and drops one stored here before', () => {
    const storage = memoryStorage({
      openai_api_key: 'sk-old',
      [providerStorageKey('grok')]: JSON.stringify({ apiKey: 'xai-old', model: 'grok-4' }),
    });
    writeProviderSettings(
      {
        provider: 'chatgpt',
        apiKey: 'sk-new',
        baseURL: 'https://api.openai.com/v1',
        model: 'gpt-4',
        keyLocation: 'server',
      },
      storage,
    );
    writeProviderSettings(
      {
        provider: 'grok',
        apiKey: 'xai-new',
        baseURL: 'https://api.x.ai/v1',
        model: 'grok-4',
        keyLocation: 'server',
      },
      storage,
    );
    expect(storage.getItem('openai_api_key')).toBeNull();
    expect(storage.getItem('openai_key_location')).toBe('server');
    expect(storage.getItem(providerStorageKey('grok'))).not.toContain('xai-');
    expect(readProviderSettings('chatgpt', storage)).toEqual({
      provider: 'chatgpt',
      baseURL: 'https://api.openai.com/v1',
      model: 'gpt-4',
      keyLocation: 'server',
    });
    expect(readProviderSettings('grok', storage)).toEqual({
      provider: 'grok',
      baseURL: 'https://api.x.ai/v1',
      model: 'grok-4',
      keyLocation: 'server',
    });
    expect(readProviderSettingsForm('grok', storage)).toMatchObject({
      apiKey: '',
      keyLocation: 'server',
    });
  });

  it("removes a blank organization ID and ChatGPT's default address and model from storage", () => {
    const storage = memoryStorage({
      openai_api_key: 'sk-old',
      openai_org_id: 'org-old',
      openai_base_url: 'https://old.example/v1',
      openai_model: 'gpt-4o',
    });
    writeProviderSettings(
      {
        provider: 'chatgpt',
        apiKey: 'sk-new',
        baseURL: 'https://api.openai.com/v1',
        model: DEFAULT_MODEL,
        keyLocation: 'device',
      },
      storage,
    );
    expect(storage.getItem('openai_org_id')).toBeNull();
    expect(storage.getItem('openai_base_url')).toBeNull();
    expect(storage.getItem('openai_model')).toBeNull();
    expect(readProviderSettings('chatgpt', storage)).toMatchObject({
      apiKey: 'sk-new',
      model: 'gpt-4',
    });
  });

  it('ignores a stored base URL that is not http(s), and an entry that is not JSON', () => {
    const storage = memoryStorage({
      openai_api_key: 'sk',
      openai_base_url: 'file:///etc/passwd',
      [providerStorageKey('gemini')]: '{not json',
    });
    expect(readProviderSettings('chatgpt', storage)).toMatchObject({
      baseURL: 'https://api.openai.com/v1',
    });
    expect(readProviderSettings('gemini', storage)).toBeNull();
  });

  it("fills each card's form from storage, with the provider's defaults", () => {
    for (const provider of AI_PROVIDERS) {
      expect(readProviderSettingsForm(provider, memoryStorage())).toEqual({
        apiKey: '',
        organization: '',
        baseURL: aiProviders[provider].defaultBaseURL,
        model: aiProviders[provider].defaultModel,
        keyLocation: 'device',
      });
    }
    expect(
      readProviderSettingsForm(
        'chatgpt',
        memoryStorage({ openai_api_key: 'sk', openai_org_id: 'org' }),
      ),
    ).toEqual({
      apiKey: 'sk',
      organization: 'org',
      baseURL: 'https://api.openai.com/v1',
      model: 'gpt-4',
      keyLocation: 'device',
    });
  });

  it('uses the device local storage by default', () => {
    const storage = memoryStorage({ openai_api_key: 'sk-device' });
    vi.stubGlobal('localStorage', storage);
    expect(deviceStorage()).toBe(storage);
    expect(readProviderSettings('chatgpt')).toMatchObject({ apiKey: 'sk-device' });
    writeProviderSettings({
      provider: 'perplexity',
      apiKey: 'pplx-2',
      baseURL: 'https://api.perplexity.ai',
      model: 'sonar',
      keyLocation: 'device',
    });
    expect(storage.getItem('ai_provider_perplexity')).toContain('pplx-2');
  });

  it('keeps the settings for the user who saved them: another account sees empty forms', () => {
    const storage = memoryStorage();
    writeProviderSettings(
      {
        provider: 'chatgpt',
        apiKey: 'sk-ada',
        baseURL: 'https://ada.example/v1',
        model: 'gpt-4',
        keyLocation: 'device',
      },
      storage,
      'user-ada',
    );
    writeProviderSettings(
      {
        provider: 'perplexity',
        apiKey: 'pplx-ada',
        baseURL: 'https://api.perplexity.ai',
        model: 'sonar',
        keyLocation: 'device',
      },
      storage,
      'user-ada',
    );
    expect(storage.getItem(AI_SETTINGS_KEYS.owner)).toBe('user-ada');
    expect(configuredProviders(storage, 'user-ada')).toEqual(['chatgpt', 'perplexity']);

    for (const other of ['user-bob', null]) {
      expect(configuredProviders(storage, other)).toEqual([]);
      for (const provider of AI_PROVIDERS) {
        expect(readProviderSettings(provider, storage, other)).toBeNull();
        expect(readProviderSettingsForm(provider, storage, other).apiKey).toBe('');
      }
    }
  });

  it("drops the previous user's settings of every provider when another user saves", () => {
    const storage = memoryStorage();
    writeProviderSettings(
      {
        provider: 'grok',
        apiKey: 'xai-ada',
        baseURL: 'https://api.x.ai/v1',
        model: 'grok-4',
        keyLocation: 'device',
      },
      storage,
      'user-ada',
    );
    writeProviderSettings(
      {
        provider: 'gemini',
        apiKey: 'gem-bob',
        baseURL: aiProviders.gemini.defaultBaseURL,
        model: 'gemini-2.5-flash',
        keyLocation: 'device',
      },
      storage,
      'user-bob',
    );
    expect(storage.getItem(providerStorageKey('grok'))).toBeNull();
    expect(configuredProviders(storage, 'user-bob')).toEqual(['gemini']);
    expect(configuredProviders(storage, 'user-ada')).toEqual([]);
  });

  it('removes one provider, leaving the others', () => {
    const storage = memoryStorage({
      openai_api_key: 'sk',
      openai_key_location: 'device',
      [providerStorageKey('custom')]: JSON.stringify({ model: 'mistral' }),
      [AI_SETTINGS_KEYS.owner]: 'user-ada',
    });
    removeProviderSettings('chatgpt', storage);
    expect(configuredProviders(storage, 'user-ada')).toEqual(['custom']);
    removeProviderSettings('custom', storage);
    expect(configuredProviders(storage, 'user-ada')).toEqual([]);
  });

  it("clears every provider's settings, the keys first of all, from the device", () => {
    const storage = memoryStorage();
    for (const provider of AI_PROVIDERS) {
      writeProviderSettings(
        {
          provider,
          apiKey: `key-${provider}`,
          baseURL: 'https://a.example/v1',
          model: 'm',
          keyLocation: 'device',
          ...(provider === 'chatgpt' ? { organization: 'org' } : {}),
        },
        storage,
        'user-ada',
      );
    }
    clearAiSettings(storage);
    for (const key of Object.values(AI_SETTINGS_KEYS)) expect(storage.getItem(key)).toBeNull();
    for (const provider of AI_PROVIDERS) {
      if (provider !== 'chatgpt') expect(storage.getItem(providerStorageKey(provider))).toBeNull();
    }
    expect(configuredProviders(storage, 'user-ada')).toEqual([]);
    expect(() => clearAiSettings(null)).not.toThrow();
  });

  it('refuses to save where the device has no storage', () => {
    expect(() =>
      writeProviderSettings(
        {
          provider: 'chatgpt',
          apiKey: 'sk',
          baseURL: 'https://api.openai.com/v1',
          model: 'gpt-4',
          keyLocation: 'device',
        },
        null,
      ),
    ).toThrow();
  });
});
