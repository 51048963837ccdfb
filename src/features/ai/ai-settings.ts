import { deviceStorage } from '../../lib/device-storage';
import { readStoredSessionUser } from '../../lib/stored-session';
import { keyRequiredMessage } from './ai-errors';
import { AI_PROVIDERS, aiProviders, type AiProviderId } from './providers';

export { keyRequiredMessage };

/**
 * The provider settings live in their own local storage entries, on this device only: never in
 * Redux state, never in logs. They are read when a call is made. They belong to the user who
 * saved them (`owner`): another account on the same browser never sees them, and signing out
 * removes them all (see ai-settings-listeners.ts).
 *
 * ChatGPT keeps the spec's entries (`openai_api_key`, `openai_org_id`) and ours next to them; each
 * other provider has one JSON entry, `ai_provider_<id>`. A key kept on the server is never
 * stored here: the entry then says only where it is, with the address and model.
 */
export const AI_SETTINGS_KEYS = {
  apiKey: 'openai_api_key',
  organization: 'openai_org_id',
  baseURL: 'openai_base_url',
  model: 'openai_model',
  keyLocation: 'openai_key_location',
  owner: 'openai_settings_owner',
} as const;

/** The local storage entry of a provider other than ChatGPT. */
export function providerStorageKey(provider: Exclude<AiProviderId, 'chatgpt'>): string {
  return `ai_provider_${provider}`;
}

export const DEFAULT_MODEL = aiProviders.chatgpt.defaultModel;
export const OPENAI_BASE_URL = aiProviders.chatgpt.defaultBaseURL;
export const MAX_MODEL_LENGTH = 200;
export const MAX_KEY_LENGTH = 4096;

export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where the provider's key is kept: in this browser, or sealed on the server. */
export type KeyLocation = 'device' | 'server';

export interface ProviderSettings {
  provider: AiProviderId;
  /** Absent for a key kept on the server, and for a custom model that needs none. */
  apiKey?: string;
  /** ChatGPT only. */
  organization?: string;
  baseURL: string;
  model: string;
  keyLocation: KeyLocation;
}

/** What a provider card's form holds: every field as typed. */
export interface ProviderSettingsForm {
  apiKey: string;
  organization: string;
  baseURL: string;
  model: string;
  keyLocation: KeyLocation;
}

export type ProviderSettingsErrors = Partial<Record<'apiKey' | 'baseURL' | 'model', string>>;

export type ProviderSettingsValidation =
  { ok: true; value: ProviderSettings } | { ok: false; errors: ProviderSettingsErrors };

export function baseUrlInvalidMessage(provider: AiProviderId): string {
  return `Please enter a full http:// or https:// address, for example ${aiProviders[provider].defaultBaseURL}`;
}

export const BASE_URL_INVALID = baseUrlInvalidMessage('chatgpt');
export const MODEL_REQUIRED = 'Please enter the name of a model.';
export const MODEL_TOO_LONG = `A model name has at most ${MAX_MODEL_LENGTH} characters.`;
export const KEY_TOO_LONG = `An API key has at most ${MAX_KEY_LENGTH} characters.`;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function cleanBaseURL(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/**
 * Checks a card's form. The key is required unless the provider needs none (Custom), or the key
 * stays on the server where one is already stored (left blank, the stored key is kept). A blank
 * API Base URL means the provider's own.
 */
export function validateProviderSettings(
  provider: AiProviderId,
  form: ProviderSettingsForm,
  opts: { serverKeyStored?: boolean } = {},
): ProviderSettingsValidation {
  const info = aiProviders[provider];
  const keyLocation: KeyLocation = form.keyLocation === 'server' ? 'server' : 'device';
  const apiKey = form.apiKey.trim();
  const organization = provider === 'chatgpt' ? form.organization.trim() : '';
  const baseURL = cleanBaseURL(form.baseURL) || info.defaultBaseURL;
  const model = form.model.trim();

  const errors: ProviderSettingsErrors = {};
  const keyOptional = !info.keyRequired || (keyLocation === 'server' && opts.serverKeyStored);
  if (!apiKey && !keyOptional) errors.apiKey = keyRequiredMessage(provider);
  else if (apiKey.length > MAX_KEY_LENGTH) errors.apiKey = KEY_TOO_LONG;
  if (!isHttpUrl(baseURL)) errors.baseURL = baseUrlInvalidMessage(provider);
  if (!model) errors.model = MODEL_REQUIRED;
  else if (model.length > MAX_MODEL_LENGTH) errors.model = MODEL_TOO_LONG;
  if (errors.apiKey || errors.baseURL || errors.model) return { ok: false, errors };

  return {
    ok: true,
    value: {
      provider,
      baseURL,
      model,
      keyLocation,
      ...(apiKey ? { apiKey } : {}),
      ...(organization ? { organization } : {}),
    },
  };
}

/** The user of the session kept on this device, or null when nobody is signed in here. */
export function deviceUserId(): string | null {
  return readStoredSessionUser()?.id ?? null;
}

function read(storage: SettingsStorage, key: string): string {
  return storage.getItem(key)?.trim() ?? '';
}

/**
 * Settings saved by another user are not this user's: hidden. Entries without an owner come from
 * before owners were recorded (or from a test that writes them by hand) and stay readable.
 */
function belongsTo(storage: SettingsStorage, userId: string | null): boolean {
  const owner = read(storage, AI_SETTINGS_KEYS.owner);
  return owner === '' || owner === userId;
}

interface StoredEntry {
  apiKey?: string;
  organization?: string;
  baseURL?: string;
  model?: string;
  keyLocation?: KeyLocation;
}

function readEntry(storage: SettingsStorage, provider: AiProviderId): StoredEntry | null {
  if (provider === 'chatgpt') {
    const entry: StoredEntry = {
      apiKey: read(storage, AI_SETTINGS_KEYS.apiKey),
      organization: read(storage, AI_SETTINGS_KEYS.organization),
      baseURL: read(storage, AI_SETTINGS_KEYS.baseURL),
      model: read(storage, AI_SETTINGS_KEYS.model),
      keyLocation: read(storage, AI_SETTINGS_KEYS.keyLocation) === 'server' ? 'server' : 'device',
    };
    return entry.apiKey || entry.keyLocation === 'server' ? entry : null;
  }
  const raw = storage.getItem(providerStorageKey(provider));
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    const str = (field: unknown) => (typeof field === 'string' ? field.trim() : '');
    return {
      apiKey: str(v.apiKey),
      baseURL: str(v.baseURL),
      model: str(v.model),
      keyLocation: v.keyLocation === 'server' ? 'server' : 'device',
    };
  } catch {
    return null;
  }
}

/**
 * The provider's settings on this device for this user, or null when it is not configured here
 * (no key for a provider that needs one, nothing saved, or saved by another user). A key kept on
 * the server gives settings without `apiKey`.
 */
export function readProviderSettings(
  provider: AiProviderId,
  storage: SettingsStorage | null = deviceStorage(),
  userId: string | null = deviceUserId(),
): ProviderSettings | null {
  if (!storage || !belongsTo(storage, userId)) return null;
  const entry = readEntry(storage, provider);
  if (!entry) return null;
  const info = aiProviders[provider];
  const keyLocation = entry.keyLocation ?? 'device';
  if (keyLocation === 'device' && info.keyRequired && !entry.apiKey) return null;
  const baseURL = entry.baseURL && isHttpUrl(entry.baseURL) ? entry.baseURL : info.defaultBaseURL;
  return {
    provider,
    baseURL,
    model: entry.model || info.defaultModel,
    keyLocation,
    ...(keyLocation === 'device' && entry.apiKey ? { apiKey: entry.apiKey } : {}),
    ...(provider === 'chatgpt' && entry.organization ? { organization: entry.organization } : {}),
  };
}

/** The card's form: what is stored for this user, the provider's defaults elsewhere. */
export function readProviderSettingsForm(
  provider: AiProviderId,
  storage: SettingsStorage | null = deviceStorage(),
  userId: string | null = deviceUserId(),
): ProviderSettingsForm {
  const info = aiProviders[provider];
  const entry = storage && belongsTo(storage, userId) ? readEntry(storage, provider) : null;
  const keyLocation = entry?.keyLocation ?? 'device';
  return {
    apiKey: keyLocation === 'device' ? (entry?.apiKey ?? '') : '',
    organization: provider === 'chatgpt' ? (entry?.organization ?? '') : '',
    baseURL: entry?.baseURL || info.defaultBaseURL,
    model: entry?.model || info.defaultModel,
    keyLocation,
  };
}

function writeOrRemove(storage: SettingsStorage, key: string, value: string | undefined) {
  if (value) storage.setItem(key, value);
  else storage.removeItem(key);
}

/**
 * Stores validated settings for the user. A key kept on the server is not written (and a key
 * stored here before is removed). Settings of another user still on the device go first: the
 * owner entry is shared by every provider.
 */
export function writeProviderSettings(
  settings: ProviderSettings,
  storage: SettingsStorage | null = deviceStorage(),
  userId: string | null = deviceUserId(),
): void {
  if (!storage) throw new Error('This browser does not allow saving settings on the device.');
  const owner = read(storage, AI_SETTINGS_KEYS.owner);
  if (owner && owner !== userId) clearAiSettings(storage);
  writeOrRemove(storage, AI_SETTINGS_KEYS.owner, userId ?? undefined);

  const { provider } = settings;
  const info = aiProviders[provider];
  const onDevice = settings.keyLocation !== 'server';
  const apiKey = onDevice ? settings.apiKey?.trim() || undefined : undefined;
  if (provider === 'chatgpt') {
    writeOrRemove(storage, AI_SETTINGS_KEYS.apiKey, apiKey);
    writeOrRemove(storage, AI_SETTINGS_KEYS.organization, settings.organization);
    writeOrRemove(
      storage,
      AI_SETTINGS_KEYS.baseURL,
      settings.baseURL === info.defaultBaseURL ? undefined : settings.baseURL,
    );
    writeOrRemove(
      storage,
      AI_SETTINGS_KEYS.model,
      settings.model === info.defaultModel ? undefined : settings.model,
    );
    writeOrRemove(storage, AI_SETTINGS_KEYS.keyLocation, onDevice ? undefined : 'server');
    return;
  }
  const entry: StoredEntry = {
    ...(apiKey ? { apiKey } : {}),
    baseURL: settings.baseURL,
    model: settings.model,
    keyLocation: onDevice ? 'device' : 'server',
  };
  storage.setItem(providerStorageKey(provider), JSON.stringify(entry));
}

/** Forgets the provider on this device (the other providers' settings stay). */
export function removeProviderSettings(
  provider: AiProviderId,
  storage: SettingsStorage | null = deviceStorage(),
): void {
  if (!storage) return;
  if (provider === 'chatgpt') {
    for (const [name, key] of Object.entries(AI_SETTINGS_KEYS)) {
      if (name !== 'owner') storage.removeItem(key);
    }
  } else {
    storage.removeItem(providerStorageKey(provider));
  }
}

/** The providers configured on this device for this user, in the cards' order. */
export function configuredProviders(
  storage: SettingsStorage | null = deviceStorage(),
  userId: string | null = deviceUserId(),
): AiProviderId[] {
  return AI_PROVIDERS.filter(
    (provider) => readProviderSettings(provider, storage, userId) !== null,
  );
}

/** Removes every provider's settings (the keys first of all) from the device: done on sign-out. */
export function clearAiSettings(storage: SettingsStorage | null = deviceStorage()): void {
  if (!storage) return;
  storage.removeItem(AI_SETTINGS_KEYS.apiKey);
  for (const provider of AI_PROVIDERS) {
    if (provider !== 'chatgpt') storage.removeItem(providerStorageKey(provider));
  }
  for (const key of Object.values(AI_SETTINGS_KEYS)) storage.removeItem(key);
}

/** An in-memory storage, for places without local storage and for tests. */
export function memoryStorage(initial: Record<string, string> = {}): SettingsStorage {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}
