import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase, loadSupabaseConfig } from '../../lib/supabase';
import { aiProviders, isAiProvider, type AiProviderId } from './providers';

/**
 * Provider keys kept on the server (docs/ai-providers.md): the `ai-proxy` function seals the key
 * and answers with the row; the key itself never comes back. Calls with such a key go through
 * the same function (see proxyConnection).
 */
export interface ServerProvider {
  provider: AiProviderId;
  baseURL: string;
  model: string;
  /** A key is stored (a custom model may have none). */
  hasKey: boolean;
  updatedAt: string;
}

export const serverProviderMessages = {
  saveOffline: 'Saving a key on the server needs a network connection.',
  deleteOffline: 'Removing a key from the server needs a network connection.',
  signedOut: 'Please sign in again to keep your key on the server.',
  saveFailed: 'Could not save your settings on the server. Please try again.',
  deleteFailed: 'Could not remove your key from the server. Please try again.',
} as const;

const FUNCTION = 'ai-proxy';
const COLUMNS = 'provider, base_url, model, has_key, updated_at';

function serverProviderFromRow(row: Record<string, unknown>): ServerProvider | null {
  if (!isAiProvider(row.provider)) return null;
  const info = aiProviders[row.provider];
  return {
    provider: row.provider,
    baseURL: typeof row.base_url === 'string' && row.base_url ? row.base_url : info.defaultBaseURL,
    model: typeof row.model === 'string' && row.model ? row.model : info.defaultModel,
    hasKey: row.has_key === true,
    updatedAt: typeof row.updated_at === 'string' ? row.updated_at : '',
  };
}

// What the server holds for the signed-in user, for calls made without a device entry: asked
// once per page and user, and again after this page saves or deletes.
let cache: { userId: string; rows: Promise<ServerProvider[]> } | null = null;

/** Makes the next call ask the server again (after a change made elsewhere). */
export function forgetServerProviders(): void {
  cache = null;
}

/** The signed-in user's providers kept on the server (REST select; RLS shows only theirs). */
export async function loadServerProviders(): Promise<ServerProvider[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('user_ai_providers').select(COLUMNS);
  if (error) throw new Error(error.message);
  return (data ?? [])
    .map((row) => serverProviderFromRow(row as Record<string, unknown>))
    .filter((row): row is ServerProvider => row !== null);
}

/**
 * The provider's server row, or null when there is none, nobody is signed in or the server
 * cannot be asked (the call then reports the provider as not configured).
 */
export async function findServerProvider(provider: AiProviderId): Promise<ServerProvider | null> {
  try {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    const userId = data.session?.user.id;
    if (!userId) return null;
    if (cache?.userId !== userId) {
      const rows = loadServerProviders();
      cache = { userId, rows };
      // A failed read is not remembered: the next call asks again.
      rows.catch(() => {
        if (cache?.rows === rows) forgetServerProviders();
      });
    }
    return (await cache.rows).find((row) => row.provider === provider) ?? null;
  } catch {
    return null;
  }
}

/**
 * The function's `{ error }` text. supabase-js wraps a non-2xx answer in a FunctionsHttpError
 * whose `context` is the Response; a network failure has none.
 */
async function functionErrorText(error: unknown): Promise<string | null> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!context || typeof (context as Response).json !== 'function') return null;
  try {
    const body = (await (context as Response).clone().json()) as { error?: unknown } | null;
    if (typeof body?.error === 'string' && body.error.trim()) return body.error;
    // The proxy's own errors come in OpenAI's shape.
    const nested = (body?.error as { message?: unknown } | undefined)?.message;
    if (typeof nested === 'string' && nested.trim()) return nested;
  } catch {
    // not JSON: nothing the user could read
  }
  return null;
}

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function invoke(
  body: Record<string, unknown>,
  texts: { offline: string; failed: string },
): Promise<Record<string, unknown>> {
  if (offline()) throw new Error(texts.offline);
  const supabase = await getSupabase();
  const { data: session } = await supabase.auth.getSession();
  if (!session.session) throw new Error(serverProviderMessages.signedOut);
  const { data, error } = await supabase.functions.invoke<Record<string, unknown>>(FUNCTION, {
    body,
  });
  if (error) {
    if ((error as { name?: unknown }).name === 'FunctionsFetchError') {
      throw new Error(texts.offline, { cause: error });
    }
    throw new Error((await functionErrorText(error)) ?? texts.failed, { cause: error });
  }
  return data ?? {};
}

/**
 * Seals the key on the server with the address and model. Without `apiKey` a key stored before
 * is kept; `''` removes a custom model's key. Throws an Error whose message is the text to show.
 */
export async function saveServerProvider(
  provider: AiProviderId,
  input: { apiKey?: string; baseURL: string; model: string },
): Promise<ServerProvider> {
  const texts = {
    offline: serverProviderMessages.saveOffline,
    failed: serverProviderMessages.saveFailed,
  };
  try {
    const data = await invoke(
      {
        action: 'save',
        provider,
        base_url: input.baseURL,
        model: input.model,
        ...(input.apiKey !== undefined ? { api_key: input.apiKey } : {}),
      },
      texts,
    );
    const row =
      typeof data.provider === 'object' && data.provider !== null
        ? serverProviderFromRow(data.provider as Record<string, unknown>)
        : null;
    if (!row) throw new Error(texts.failed);
    return row;
  } finally {
    forgetServerProviders();
  }
}

/** Forgets the provider's key on the server (nothing happens when none is kept there). */
export async function deleteServerProvider(provider: AiProviderId): Promise<void> {
  try {
    await invoke(
      { action: 'delete', provider },
      {
        offline: serverProviderMessages.deleteOffline,
        failed: serverProviderMessages.deleteFailed,
      },
    );
  } finally {
    forgetServerProviders();
  }
}

/** How the OpenAI SDK reaches a provider through the proxy, as the signed-in user. */
export interface ProxyConnection {
  baseURL: string;
  /** The session's access token: the function's verify_jwt checks it. */
  apiKey: string;
  headers: Record<string, string>;
}

/** The client's URL and anon key; supabase-js keeps them on the client it built. */
async function projectOf(supabase: SupabaseClient): Promise<{ url: string; anonKey: string }> {
  const fields = supabase as unknown as { supabaseUrl?: unknown; supabaseKey?: unknown };
  if (typeof fields.supabaseUrl === 'string' && typeof fields.supabaseKey === 'string') {
    return { url: fields.supabaseUrl, anonKey: fields.supabaseKey };
  }
  return loadSupabaseConfig();
}

/** Null when nobody is signed in: a key on the server is only usable by its owner. */
export async function proxyConnection(provider: AiProviderId): Promise<ProxyConnection | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) return null;
  const { url, anonKey } = await projectOf(supabase);
  return {
    baseURL: `${url.replace(/\/+$/, '')}/functions/v1/${FUNCTION}/${provider}`,
    apiKey: token,
    headers: { apikey: anonKey },
  };
}
