import { deviceStorage } from '../../lib/device-storage';
import { readStoredSessionUser } from '../../lib/supabase';
import { aiMessages } from './ai-errors';

/**
 * The provider settings live in their own local storage entries, on this device only: never in
 * Redux state, never sent to our backend. They are read when a call is made. They belong to the
 * user who saved them (`owner`): another account on the same browser never sees them, and
 * signing out removes them (see ai-settings-listeners.ts).
 */
export const AI_SETTINGS_KEYS = {
  apiKey: 'openai_api_key',
  organization: 'openai_org_id',
  baseURL: 'openai_base_url',
  model: 'openai_model',
  owner: 'openai_settings_owner',
} as const;

export const DEFAULT_MODEL = 'gpt-4';
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AiSettings {
  apiKey: string;
  organization?: string;
  /** Any OpenAI-compatible endpoint; absent means OpenAI itself. */
  baseURL?: string;
  model: string;
}

/** What the settings form holds: every field as typed. */
export interface AiSettingsForm {
  apiKey: string;
  organization: string;
  baseURL: string;
  model: string;
}

export type AiSettingsErrors = Partial<Record<'apiKey' | 'baseURL', string>>;

export type AiSettingsValidation =
  { ok: true; value: AiSettings } | { ok: false; errors: AiSettingsErrors };

export const BASE_URL_INVALID =
  'Please enter a full http:// or https:// address, for example https://api.openai.com/v1';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function validateAiSettings(form: AiSettingsForm): AiSettingsValidation {
  const apiKey = form.apiKey.trim();
  const organization = form.organization.trim();
  const baseURL = form.baseURL.trim().replace(/\/+$/, '');
  const model = form.model.trim() || DEFAULT_MODEL;

  const errors: AiSettingsErrors = {};
  if (!apiKey) errors.apiKey = aiMessages.keyRequired;
  if (baseURL && !isHttpUrl(baseURL)) errors.baseURL = BASE_URL_INVALID;
  if (errors.apiKey || errors.baseURL) return { ok: false, errors };

  return {
    ok: true,
    value: {
      apiKey,
      model,
      ...(organization ? { organization } : {}),
      ...(baseURL ? { baseURL } : {}),
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

/** The stored settings, or null when no key is stored for this user. */
export function readAiSettings(
  storage: SettingsStorage | null = deviceStorage(),
  userId: string | null = deviceUserId(),
): AiSettings | null {
  if (!storage || !belongsTo(storage, userId)) return null;
  const apiKey = read(storage, AI_SETTINGS_KEYS.apiKey);
  if (!apiKey) return null;
  const organization = read(storage, AI_SETTINGS_KEYS.organization);
  const baseURL = read(storage, AI_SETTINGS_KEYS.baseURL);
  return {
    apiKey,
    model: read(storage, AI_SETTINGS_KEYS.model) || DEFAULT_MODEL,
    ...(organization ? { organization } : {}),
    ...(baseURL && isHttpUrl(baseURL) ? { baseURL } : {}),
  };
}

/** The stored settings as the form shows them (blank fields where nothing is stored). */
export function readAiSettingsForm(
  storage: SettingsStorage | null = deviceStorage(),
  userId: string | null = deviceUserId(),
): AiSettingsForm {
  if (storage && !belongsTo(storage, userId)) storage = null;
  return {
    apiKey: storage ? read(storage, AI_SETTINGS_KEYS.apiKey) : '',
    organization: storage ? read(storage, AI_SETTINGS_KEYS.organization) : '',
    baseURL: storage ? read(storage, AI_SETTINGS_KEYS.baseURL) : '',
    model: (storage ? read(storage, AI_SETTINGS_KEYS.model) : '') || DEFAULT_MODEL,
  };
}

export function hasStoredApiKey(
  storage: SettingsStorage | null = deviceStorage(),
  userId: string | null = deviceUserId(),
): boolean {
  return (
    storage !== null && belongsTo(storage, userId) && read(storage, AI_SETTINGS_KEYS.apiKey) !== ''
  );
}

function writeOrRemove(storage: SettingsStorage, key: string, value: string | undefined) {
  if (value) storage.setItem(key, value);
  else storage.removeItem(key);
}

/** Stores validated settings for the user; an optional field left blank is removed from storage. */
export function writeAiSettings(
  settings: AiSettings,
  storage: SettingsStorage | null = deviceStorage(),
  userId: string | null = deviceUserId(),
): void {
  if (!storage) throw new Error('This browser does not allow saving settings on the device.');
  writeOrRemove(storage, AI_SETTINGS_KEYS.owner, userId ?? undefined);
  storage.setItem(AI_SETTINGS_KEYS.apiKey, settings.apiKey);
  writeOrRemove(storage, AI_SETTINGS_KEYS.organization, settings.organization);
  writeOrRemove(storage, AI_SETTINGS_KEYS.baseURL, settings.baseURL);
  writeOrRemove(
    storage,
    AI_SETTINGS_KEYS.model,
    settings.model === DEFAULT_MODEL ? undefined : settings.model,
  );
}

/** Removes every stored setting (the key first of all) from the device: done on sign-out. */
export function clearAiSettings(storage: SettingsStorage | null = deviceStorage()): void {
  if (!storage) return;
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
