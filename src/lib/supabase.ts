import { deviceStorage } from './device-storage';
import type { SupabaseClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from './stored-session';

export interface SupabaseConfig {
  url: string;
  anonKey: string;
}

export interface SupabaseConfigSources {
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string };
  /** Served same-origin by the app server and by the dev proxy. */
  configUrl: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  fetch: typeof fetch;
  online: boolean;
}

export const CONFIG_CACHE_KEY = 'postbloom_supabase_config';
const CONFIG_FETCH_TIMEOUT_MS = 5000;

export function parseSupabaseConfig(value: unknown): SupabaseConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, anonKey } = value as Record<string, unknown>;
  if (typeof url !== 'string' || typeof anonKey !== 'string' || anonKey.trim() === '') return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  } catch {
    return null;
  }
  return { url, anonKey };
}

function defaultSources(): SupabaseConfigSources {
  const env = import.meta.env as SupabaseConfigSources['env'];
  return {
    env,
    configUrl: '/local/config',
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    fetch: globalThis.fetch.bind(globalThis),
    // Node has a navigator without onLine: treat only an explicit false as offline.
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
  };
}

function readCachedConfig(storage: SupabaseConfigSources['storage']): SupabaseConfig | null {
  try {
    const raw = storage?.getItem(CONFIG_CACHE_KEY);
    return raw ? parseSupabaseConfig(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

async function fetchConfig(sources: SupabaseConfigSources): Promise<SupabaseConfig> {
  const response = await sources.fetch(sources.configUrl, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
    signal: AbortSignal.timeout(CONFIG_FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${sources.configUrl} answered ${response.status}`);
  const config = parseSupabaseConfig(await response.json());
  if (!config) throw new Error(`${sources.configUrl} did not return {url, anonKey}`);
  return config;
}

/**
 * Hosted Supabase when VITE_SUPABASE_URL/VITE_SUPABASE_ANON_KEY are set at build time, else the
 * embedded backend's /local/config. The last good answer is cached (the anon key is public) so an
 * offline reload still boots.
 */
export async function loadSupabaseConfig(
  overrides: Partial<SupabaseConfigSources> = {},
): Promise<SupabaseConfig> {
  const sources = { ...defaultSources(), ...overrides };
  const { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: anonKey } = sources.env;
  if (url || anonKey) {
    const config = parseSupabaseConfig({ url, anonKey });
    if (!config) {
      throw new Error(
        'VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set together, with an http(s) URL.',
      );
    }
    return config;
  }

  const cached = readCachedConfig(sources.storage);
  if (cached && !sources.online) return cached;
  try {
    const config = await fetchConfig(sources);
    try {
      sources.storage?.setItem(CONFIG_CACHE_KEY, JSON.stringify(config));
    } catch {
      // A full or blocked storage only costs the offline start, not this one.
    }
    return config;
  } catch (error) {
    if (cached) return cached;
    throw new Error(
      `Could not load the server settings from ${sources.configUrl}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

// Blocked storage (some privacy modes) throws on access: supabase-js then keeps it in memory.
const localStorageOrUndefined = () => deviceStorage() ?? undefined;

let clientPromise: Promise<SupabaseClient> | undefined;

/** The client exactly as the app configures it (tests build theirs here too). */
export async function createSupabaseClient(
  config: SupabaseConfig,
  options: { realtimeTransport?: typeof WebSocket } = {},
): Promise<SupabaseClient> {
  // Loaded on demand so supabase-js stays out of the first paint's JavaScript.
  const { createClient } = await import('@supabase/supabase-js');
  return createClient(config.url, config.anonKey, {
    auth: {
      autoRefreshToken: true,
      persistSession: true,
      detectSessionInUrl: true,
      // The embedded backend's recovery link carries the tokens in the URL fragment.
      flowType: 'implicit',
      storageKey: AUTH_STORAGE_KEY,
      // Named rather than left to supabase-js's browser detection, so that readStoredSessionUser()
      // always reads the same place the session is written to.
      storage: localStorageOrUndefined(),
    },
    ...(options.realtimeTransport ? { realtime: { transport: options.realtimeTransport } } : {}),
  });
}

async function createSupabase(): Promise<SupabaseClient> {
  // The settings and supabase-js's code come side by side, not one after the other.
  const [config] = await Promise.all([loadSupabaseConfig(), import('@supabase/supabase-js')]);
  return createSupabaseClient(config);
}

export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= createSupabase().catch((error: unknown) => {
    clientPromise = undefined;
    throw error;
  });
  return clientPromise;
}

/** Points the app at a given client (tests and tools that run their own server). */
export function setSupabaseClient(client: SupabaseClient | undefined): void {
  clientPromise = client ? Promise.resolve(client) : undefined;
}
