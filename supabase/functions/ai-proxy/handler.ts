import type { SupabaseClient } from '@supabase/supabase-js';
import { aiProxySettings, checkBaseUrl, readLimited } from '../_shared/ai-address.ts';
import {
  AI_PROVIDER_NAMES,
  aiKeyAad,
  isServerAiProvider,
  keyRequired,
  type ServerAiProvider,
} from '../_shared/ai-providers.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { readEnv, type EnvReader } from '../_shared/env.ts';
import { json } from '../_shared/http.ts';
import { openSecret, sealSecret, secretsKey } from '../_shared/secret-box.ts';
import { adminClient, requireUser } from '../_shared/supabase-admin.ts';

// "Keep my key on the server" (docs/ai-providers.md): POST {action: 'save' | 'delete'} keeps a
// user's AI provider address, model and sealed key; POST /<provider>/chat/completions forwards an
// OpenAI chat-completions request to the stored address with the stored key, so the key never
// returns to the browser and providers that refuse browser calls (no CORS) work too. Neither keys,
// bodies nor prompts are logged.

/** The request body the proxy accepts, as the embedded server's own limit. */
const MAX_REQUEST_BYTES = 1024 * 1024;
/** A save or delete is a few hundred bytes. */
const MAX_ACTION_BYTES = 64 * 1024;
/** A chat completion is a few kilobytes; more means the address is not what it claims. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const MAX_MODEL = 200;
const MAX_KEY = 4096;
const SAVE_FAILED = 'Failed to save the AI provider. Please try again.';
const DELETE_FAILED = 'Failed to remove the AI provider. Please try again.';
/** Upstream headers the SDK reads (retry timing, request ids); nothing else is passed back. */
const PASSED_BACK = ['retry-after', 'retry-after-ms', 'x-request-id'];
/** Client headers passed on: OpenAI's organization and project choice, never the user's tokens. */
const PASSED_ON = ['openai-organization', 'openai-project'];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

type Route = { kind: 'action' } | { kind: 'proxy'; provider: string } | { kind: 'unknown' };

/** Supabase Edge hands the function /ai-proxy/…, the embedded server /functions/v1/ai-proxy/…. */
function routeOf(url: string): Route {
  const path = new URL(url).pathname;
  const at = path.indexOf('/ai-proxy');
  const rest = at < 0 ? '' : path.slice(at + '/ai-proxy'.length);
  if (rest === '' || rest === '/') return { kind: 'action' };
  const m = /^\/([^/]+)\/chat\/completions\/?$/.exec(rest);
  return m ? { kind: 'proxy', provider: decodeURIComponent(m[1]!) } : { kind: 'unknown' };
}

/** The proxy's own errors, in OpenAI's error shape so the SDK reads them as any provider's. */
function proxyError(
  status: number,
  code: string,
  message: string,
  extra: { param?: string; address?: string } = {},
): Response {
  return json(
    {
      error: {
        message,
        type: status >= 500 ? 'api_error' : 'invalid_request_error',
        param: extra.param ?? null,
        code,
        ...(extra.address !== undefined ? { address: extra.address } : {}),
      },
    },
    status,
  );
}

/** The SDK sends its own headers (x-stainless-…): the preflight lets through what it asks for. */
function preflight(req: Request): Response {
  const asked = req.headers.get('access-control-request-headers');
  const headers: Record<string, string> = { ...corsHeaders, 'Access-Control-Max-Age': '86400' };
  if (asked && /^[A-Za-z0-9_\-, ]{1,2000}$/.test(asked)) {
    headers['Access-Control-Allow-Headers'] =
      `${corsHeaders['Access-Control-Allow-Headers']}, ${asked}`;
  }
  return new Response('ok', { headers });
}

export async function handler(req: Request, env: EnvReader = readEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight(req);
  const route = routeOf(req.url);
  if (route.kind === 'unknown') {
    await req.body?.cancel();
    return proxyError(404, 'unknown_url', 'Only /<provider>/chat/completions is served here');
  }
  if (req.method !== 'POST') {
    await req.body?.cancel();
    return route.kind === 'proxy'
      ? proxyError(405, 'method_not_allowed', 'Method not allowed')
      : json({ error: 'Method not allowed' }, 405);
  }
  if (route.kind === 'proxy') return proxy(req, env, route.provider);

  const user = await requireUser(req, env);
  if (user instanceof Response) return user;
  const raw = await readLimited(req.body, MAX_ACTION_BYTES);
  let body: Record<string, unknown>;
  try {
    if (!raw) throw new Error();
    const parsed: unknown = JSON.parse(decoder.decode(raw));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
    body = parsed as Record<string, unknown>;
  } catch {
    return json({ error: 'The request body must be a JSON object' }, 400);
  }
  if (body.action !== 'save' && body.action !== 'delete') {
    return json({ error: 'Unknown action: use save or delete' }, 400);
  }
  const provider = body.provider;
  if (!isServerAiProvider(provider)) {
    return json(
      { error: 'Unknown provider: use chatgpt, perplexity, grok, gemini or custom' },
      400,
    );
  }
  const admin = adminClient(env);
  try {
    return body.action === 'save'
      ? await save(admin, env, user.id, provider, body)
      : await remove(admin, user.id, provider);
  } catch (e) {
    // Names what failed, never a value: no key reaches the log.
    console.error(`ai-proxy ${String(body.action)} (${provider}) failed: ${(e as Error).message}`);
    return json({ error: body.action === 'save' ? SAVE_FAILED : DELETE_FAILED }, 500);
  }
}

async function save(
  admin: SupabaseClient,
  env: EnvReader,
  userId: string,
  provider: ServerAiProvider,
  body: Record<string, unknown>,
): Promise<Response> {
  const address = checkBaseUrl(
    typeof body.base_url === 'string' ? body.base_url : '',
    aiProxySettings(env).allowedHosts,
  );
  if (!address.ok) return json({ error: address.error }, 400);
  const model = typeof body.model === 'string' ? body.model.trim() : '';
  if (!model) return json({ error: 'Please enter a model name' }, 400);
  if (model.length > MAX_MODEL) {
    return json({ error: `The model name must be at most ${MAX_MODEL} characters` }, 400);
  }
  if (body.api_key !== undefined && body.api_key !== null && typeof body.api_key !== 'string') {
    return json({ error: 'The API key must be text' }, 400);
  }
  const apiKey = typeof body.api_key === 'string' ? body.api_key.trim() : undefined;
  if (apiKey && apiKey.length > MAX_KEY) {
    return json({ error: `The API key must be at most ${MAX_KEY} characters` }, 400);
  }
  // It goes into an Authorization header, where a space or line break has no place.
  if (apiKey && /[\s\p{Cc}]/u.test(apiKey)) {
    return json({ error: 'The API key must not contain spaces or line breaks' }, 400);
  }

  let key: 'set' | 'keep' | 'remove';
  if (apiKey) key = 'set';
  else if (apiKey === '' && !keyRequired(provider)) key = 'remove';
  else {
    key = 'keep';
    if (keyRequired(provider)) {
      const { data, error } = await admin
        .from('user_ai_providers')
        .select('has_key')
        .eq('user_id', userId)
        .eq('provider', provider)
        .maybeSingle();
      if (error) throw new Error(`reading the row: ${error.message}`);
      if (!(data as { has_key?: boolean } | null)?.has_key) {
        return json({ error: `Please enter your ${AI_PROVIDER_NAMES[provider].keyName}` }, 400);
      }
    }
  }
  // Sealed here, so the plain key is never written to any table.
  const ciphertext =
    key === 'set' ? await sealSecret(apiKey!, secretsKey(env), aiKeyAad(userId, provider)) : null;
  const { data, error } = await admin.rpc('save_ai_provider', {
    p_user_id: userId,
    p_provider: provider,
    p_base_url: address.url,
    p_model: model,
    p_key: key,
    p_ciphertext: ciphertext,
  });
  if (error || !data) throw new Error(`saving the row: ${error?.message ?? 'no row'}`);
  return json({ provider: data });
}

async function remove(
  admin: SupabaseClient,
  userId: string,
  provider: ServerAiProvider,
): Promise<Response> {
  // The sealed key goes with its row (foreign key, on delete cascade).
  const { data, error } = await admin
    .from('user_ai_providers')
    .delete()
    .eq('user_id', userId)
    .eq('provider', provider)
    .select('provider');
  if (error) throw new Error(`deleting the row: ${error.message}`);
  return json({ deleted: Array.isArray(data) && data.length > 0 });
}

async function proxy(req: Request, env: EnvReader, provider: string): Promise<Response> {
  const user = await requireUser(req, env);
  if (user instanceof Response) {
    await req.body?.cancel();
    return proxyError(401, 'not_authenticated', 'Not authenticated. Please sign in again.');
  }
  if (!isServerAiProvider(provider)) {
    await req.body?.cancel();
    return proxyError(
      404,
      'unknown_provider',
      'Unknown provider: use chatgpt, perplexity, grok, gemini or custom',
    );
  }
  const tooLarge = proxyError(
    400,
    'request_too_large',
    `The request body must be at most ${MAX_REQUEST_BYTES} bytes`,
  );
  if (Number(req.headers.get('content-length')) > MAX_REQUEST_BYTES) {
    await req.body?.cancel();
    return tooLarge;
  }
  const raw = await readLimited(req.body, MAX_REQUEST_BYTES);
  if (!raw) return tooLarge;
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(decoder.decode(raw));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
    payload = parsed as Record<string, unknown>;
  } catch {
    return proxyError(400, 'invalid_json', 'The request body must be a JSON object');
  }
  if (payload.stream === true) {
    return proxyError(
      400,
      'stream_unsupported',
      'Streaming is not available through the server; ask without stream.',
      { param: 'stream' },
    );
  }
  if (
    payload.model !== undefined &&
    payload.model !== null &&
    (typeof payload.model !== 'string' || payload.model.length > MAX_MODEL)
  ) {
    return proxyError(
      400,
      'invalid_model',
      `The model must be a name of at most ${MAX_MODEL} characters`,
      { param: 'model' },
    );
  }

  const admin = adminClient(env);
  const label = AI_PROVIDER_NAMES[provider].label;
  const notConfigured = proxyError(
    404,
    'provider_not_configured',
    provider === 'custom'
      ? 'No Custom model is set up on the server. Please add its API Base URL in Settings.'
      : `No ${label} key is kept on the server. Please add your API key in Settings.`,
  );
  let stored: { base_url: string; model: string; key: string | null } | null;
  try {
    stored = await loadStored(admin, env, user.id, provider);
  } catch (e) {
    console.error(
      `ai-proxy (${provider}) could not read the stored provider: ${(e as Error).message}`,
    );
    return proxyError(
      500,
      'proxy_failed',
      'The server could not read your AI settings. Please try again.',
    );
  }
  if (!stored || (stored.key === null && keyRequired(provider))) return notConfigured;

  const settings = aiProxySettings(env);
  // Checked again: the allowed hosts may have changed since the save.
  const address = checkBaseUrl(stored.base_url, settings.allowedHosts);
  if (!address.ok) {
    return proxyError(400, 'address_not_allowed', address.error, { address: stored.base_url });
  }
  // An absent or blank model means the one saved with the provider.
  if (typeof payload.model !== 'string' || !payload.model.trim()) payload.model = stored.model;

  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (stored.key) headers.authorization = `Bearer ${stored.key}`;
  for (const name of PASSED_ON) {
    const value = req.headers.get(name);
    if (value) headers[name] = value;
  }

  const signal = AbortSignal.timeout(settings.timeoutMs);
  const failed = () =>
    signal.aborted
      ? proxyError(504, 'upstream_timeout', `${address.url} did not answer in time.`, {
          address: address.url,
        })
      : proxyError(502, 'upstream_unreachable', `Could not reach ${address.url}.`, {
          address: address.url,
        });
  let upstream: Response;
  try {
    upstream = await fetch(`${address.url}/chat/completions`, {
      method: 'POST',
      headers,
      body: encoder.encode(JSON.stringify(payload)),
      redirect: 'manual',
      signal,
    });
  } catch {
    return failed();
  }
  if ((upstream.status >= 300 && upstream.status < 400) || upstream.type === 'opaqueredirect') {
    await upstream.body?.cancel().catch(() => undefined);
    return proxyError(
      502,
      'upstream_redirect',
      `${address.url} answered with a redirect. Please use the address it points to as the API Base URL.`,
      { address: address.url },
    );
  }
  let answer: Uint8Array | null;
  try {
    answer = await readLimited(upstream.body, MAX_ANSWER_BYTES);
  } catch {
    return failed();
  }
  if (!answer) {
    return proxyError(
      502,
      'upstream_too_large',
      `${address.url} answered with more than ${MAX_ANSWER_BYTES} bytes.`,
      { address: address.url },
    );
  }
  let text = decoder.decode(answer);
  // A provider that quotes the key in an error must not hand it to the browser. A very short
  // "key" (some local servers take any word) would mangle ordinary text, and protects nothing.
  if (stored.key && stored.key.length >= 8) text = text.split(stored.key).join('…');

  const out: Record<string, string> = {
    ...corsHeaders,
    'content-type': upstream.headers.get('content-type') ?? 'application/json',
  };
  for (const name of PASSED_BACK) {
    const value = upstream.headers.get(name);
    if (value) out[name] = value;
  }
  const noBody = [204, 205, 304].includes(upstream.status);
  return new Response(noBody ? null : text, { status: upstream.status, headers: out });
}

/** The stored address, model and opened key; null when nothing is stored or the key won't open. */
async function loadStored(
  admin: SupabaseClient,
  env: EnvReader,
  userId: string,
  provider: ServerAiProvider,
): Promise<{ base_url: string; model: string; key: string | null } | null> {
  const { data, error } = await admin
    .from('user_ai_providers')
    .select('base_url, model, has_key')
    .eq('user_id', userId)
    .eq('provider', provider)
    .maybeSingle();
  if (error) throw new Error(`reading the row: ${error.message}`);
  const row = data as { base_url: string; model: string; has_key: boolean } | null;
  if (!row) return null;
  if (!row.has_key) return { base_url: row.base_url, model: row.model, key: null };
  const secret = await admin
    .from('ai_provider_secrets')
    .select('ciphertext')
    .eq('user_id', userId)
    .eq('provider', provider)
    .maybeSingle();
  if (secret.error) throw new Error(`reading the key: ${secret.error.message}`);
  const ciphertext = (secret.data as { ciphertext: string } | null)?.ciphertext;
  if (!ciphertext) return { base_url: row.base_url, model: row.model, key: null };
  try {
    const key = await openSecret(ciphertext, secretsKey(env), aiKeyAad(userId, provider));
    return { base_url: row.base_url, model: row.model, key };
  } catch {
    // Sealed under an earlier SOCIAL_SECRETS_KEY: the user enters it again.
    console.error(`ai-proxy (${provider}): a stored key does not open with SOCIAL_SECRETS_KEY`);
    return null;
  }
}
