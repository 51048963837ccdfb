import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AI_SETTINGS_KEYS,
  BASE_URL_INVALID,
  clearAiSettings,
  DEFAULT_MODEL,
  hasStoredApiKey,
  memoryStorage,
  readAiSettings,
  readAiSettingsForm,
  validateAiSettings,
  writeAiSettings,
  type AiSettingsForm,
} from './ai-settings';
import { deviceStorage } from '../../lib/device-storage';

const blankForm: AiSettingsForm = { apiKey: '', organization: '', baseURL: '', model: '' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('validateAiSettings', () => {
  it('requires the API key with the spec text', () => {
    expect(validateAiSettings(blankForm)).toEqual({
      ok: false,
      errors: { apiKey: 'Please enter your OpenAI API key' },
    });
    expect(validateAiSettings({ ...blankForm, apiKey: '   ' })).toEqual({
      ok: false,
      errors: { apiKey: 'Please enter your OpenAI API key' },
    });
  });

  it('trims, drops blank optional fields and defaults the model to gpt-4', () => {
    expect(validateAiSettings({ ...blankForm, apiKey: '  sk-test  ', organization: '  ' })).toEqual(
      {
        ok: true,
        value: { apiKey: 'sk-test', model: 'gpt-4' },
      },
    );
  });

  it('keeps the organization, model and an http(s) base URL without its trailing slash', () => {
    expect(
      validateAiSettings({
        apiKey: 'sk-test',
        organization: ' org-123 ',
        baseURL: ' https://openrouter.ai/api/v1/ ',
        model: ' gpt-4o ',
      }),
    ).toEqual({
      ok: true,
      value: {
        apiKey: 'sk-test',
        organization: 'org-123',
        baseURL: 'https://openrouter.ai/api/v1',
        model: 'gpt-4o',
      },
    });
    expect(
      validateAiSettings({ ...blankForm, apiKey: 'k', baseURL: 'http://127.0.0.1:11434/v1' }),
    ).toMatchObject({ ok: true, value: { baseURL: 'http://127.0.0.1:11434/v1' } });
  });

  it('rejects a base URL that is not an http(s) address', () => {
    for (const baseURL of [
      'api.openai.com/v1',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
    ]) {
      expect(validateAiSettings({ ...blankForm, apiKey: 'sk-test', baseURL })).toEqual({
        ok: false,
        errors: { baseURL: BASE_URL_INVALID },
      });
    }
  });

  it('reports both problems at once', () => {
    expect(validateAiSettings({ ...blankForm, baseURL: 'nope' })).toEqual({
      ok: false,
      errors: { apiKey: 'Please enter your OpenAI API key', baseURL: BASE_URL_INVALID },
    });
  });
});

describe('stored settings', () => {
  it('reads nothing without a key', () => {
    const storage = memoryStorage({ [AI_SETTINGS_KEYS.organization]: 'org-1' });
    expect(readAiSettings(storage)).toBeNull();
    expect(hasStoredApiKey(storage)).toBe(false);
    expect(readAiSettings(null)).toBeNull();
  });

  it('writes under the spec keys and reads back', () => {
    const storage = memoryStorage();
    writeAiSettings(
      {
        apiKey: 'sk-live',
        organization: 'org-9',
        baseURL: 'https://example.com/v1',
        model: 'gpt-4o',
      },
      storage,
    );
    expect(storage.getItem('openai_api_key')).toBe('sk-live');
    expect(storage.getItem('openai_org_id')).toBe('org-9');
    expect(readAiSettings(storage)).toEqual({
      apiKey: 'sk-live',
      organization: 'org-9',
      baseURL: 'https://example.com/v1',
      model: 'gpt-4o',
    });
    expect(hasStoredApiKey(storage)).toBe(true);
  });

  it('removes a blank organization ID, base URL and the default model from storage', () => {
    const storage = memoryStorage({
      openai_api_key: 'sk-old',
      openai_org_id: 'org-old',
      openai_base_url: 'https://old.example/v1',
      openai_model: 'gpt-4o',
    });
    writeAiSettings({ apiKey: 'sk-new', model: DEFAULT_MODEL }, storage);
    expect(storage.getItem('openai_org_id')).toBeNull();
    expect(storage.getItem('openai_base_url')).toBeNull();
    expect(storage.getItem('openai_model')).toBeNull();
    expect(readAiSettings(storage)).toEqual({ apiKey: 'sk-new', model: 'gpt-4' });
  });

  it('ignores a stored base URL that is not http(s)', () => {
    const storage = memoryStorage({ openai_api_key: 'sk', openai_base_url: 'file:///etc/passwd' });
    expect(readAiSettings(storage)).toEqual({ apiKey: 'sk', model: 'gpt-4' });
  });

  it('fills the form from storage, with the default model', () => {
    expect(readAiSettingsForm(memoryStorage())).toEqual({
      apiKey: '',
      organization: '',
      baseURL: '',
      model: 'gpt-4',
    });
    expect(
      readAiSettingsForm(memoryStorage({ openai_api_key: 'sk', openai_org_id: 'org' })),
    ).toEqual({ apiKey: 'sk', organization: 'org', baseURL: '', model: 'gpt-4' });
  });

  it('uses the device local storage by default', () => {
    const storage = memoryStorage({ openai_api_key: 'sk-device' });
    vi.stubGlobal('localStorage', storage);
    expect(deviceStorage()).toBe(storage);
    expect(readAiSettings()).toEqual({ apiKey: 'sk-device', model: 'gpt-4' });
    writeAiSettings({ apiKey: 'sk-2', organization: 'org', model: 'gpt-4' });
    expect(storage.getItem('openai_org_id')).toBe('org');
  });

  it('keeps the settings for the user who saved them: another account sees an empty form', () => {
    const storage = memoryStorage();
    writeAiSettings(
      { apiKey: 'sk-ada', baseURL: 'https://ada.example/v1', model: 'gpt-4' },
      storage,
      'user-ada',
    );
    expect(storage.getItem(AI_SETTINGS_KEYS.owner)).toBe('user-ada');
    expect(readAiSettings(storage, 'user-ada')).toEqual({
      apiKey: 'sk-ada',
      baseURL: 'https://ada.example/v1',
      model: 'gpt-4',
    });
    expect(hasStoredApiKey(storage, 'user-ada')).toBe(true);

    for (const other of ['user-bob', null]) {
      expect(readAiSettings(storage, other)).toBeNull();
      expect(hasStoredApiKey(storage, other)).toBe(false);
      expect(readAiSettingsForm(storage, other)).toEqual({
        apiKey: '',
        organization: '',
        baseURL: '',
        model: 'gpt-4',
      });
    }
  });

  it('clears every setting, the key first of all, from the device', () => {
    const storage = memoryStorage();
    writeAiSettings(
      { apiKey: 'sk-ada', organization: 'org', baseURL: 'https://a.example/v1', model: 'm' },
      storage,
      'user-ada',
    );
    clearAiSettings(storage);
    for (const key of Object.values(AI_SETTINGS_KEYS)) expect(storage.getItem(key)).toBeNull();
    expect(() => clearAiSettings(null)).not.toThrow();
  });

  it('refuses to save where the device has no storage', () => {
    expect(() => writeAiSettings({ apiKey: 'sk', model: 'gpt-4' }, null)).toThrow();
  });
});
