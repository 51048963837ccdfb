import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_POST } from '../../../tests/fixtures/fake-openai';
import { createSupabaseClient, setSupabaseClient } from '../../lib/supabase';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import { generatePost, testConnection } from './ai-client';
import { AiError } from './ai-errors';
import { memoryStorage, writeProviderSettings, type SettingsStorage } from './ai-settings';
import {
  deleteServerProvider,
  findServerProvider,
  forgetServerProviders,
  loadServerProviders,
  saveServerProvider,
  serverProviderMessages,
} from './server-providers';

/**
 * A stand-in for the project's REST API and ai-proxy function on loopback: it records what the
 * app sends and answers as the function's contract says. The function itself is tested against
 * the embedded server in tests/api/ai-proxy.test.ts.
 */
interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

const ANON_KEY = 'anon-key-for-tests';
const ADA = '7c2f0a4e-1111-4c1f-9d7e-0a1b2c3d4e5f';
const BOB = '7c2f0a4e-2222-4c1f-9d7e-0a1b2c3d4e5f';

let server: Server;
let origin: string;
const recorded: Recorded[] = [];
/** What the REST select answers, per user (the project's RLS shows each only theirs). */
const rows: Record<string, Record<string, unknown>[]> = {};
/** One-shot answers of the chat path, before the default completion. */
const chatAnswers: { status: number; body: unknown }[] = [];
/** One-shot answers of the function's save/delete. */
const actionAnswers: { status: number; body: unknown }[] = [];

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const tokens = new Map<string, string>();

/** A token shaped like the project's, one per user: the fake reads the user from it. */
function accessToken(userId: string): string {
  let token = tokens.get(userId);
  if (!token) {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: userId, role: 'authenticated', exp })}.signature`;
    tokens.set(userId, token);
  }
  return token;
}

function userOf(authorization: string | undefined): string | null {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    return (
      (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: string }).sub ?? null
    );
  } catch {
    return null;
  }
}

beforeAll(async () => {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const text = c.req.method === 'GET' ? '' : await c.req.raw.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // kept as text
    }
    recorded.push({
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      headers: Object.fromEntries(c.req.raw.headers),
      body,
    });
    await next();
  });
  app.get('/rest/v1/user_ai_providers', (c) => {
    const user = userOf(c.req.header('authorization'));
    return c.json(user ? (rows[user] ?? []) : []);
  });
  app.post('/functions/v1/ai-proxy', (c) => {
    const answer = actionAnswers.shift() ?? { status: 200, body: { deleted: true } };
    return c.json(answer.body as object, answer.status as 200);
  });
  app.post('/functions/v1/ai-proxy/:provider/chat/completions', async (c) => {
    const answer = chatAnswers.shift();
    if (answer) return c.json(answer.body as object, answer.status as 200);
    const body = (await c.req.json()) as { model: string };
    return c.json({
      id: 'chatcmpl-proxy',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: JSON.stringify(FAKE_POST), refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  });
  server = await new Promise<Server>((resolve) => {
    const running = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(running as Server),
    );
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let storage: SettingsStorage;

/** The device with `userId` signed in (or nobody), and the app's client pointed at the fake. */
async function signIn(userId: string | null, url = origin): Promise<void> {
  storage = memoryStorage();
  if (userId) {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    storage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({
        access_token: accessToken(userId),
        refresh_token: 'refresh-token',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: expiresAt,
        user: {
          id: userId,
          aud: 'authenticated',
          role: 'authenticated',
          email: `${userId}@example.com`,
        },
      }),
    );
  }
  vi.stubGlobal('localStorage', storage);
  setSupabaseClient(
    await createSupabaseClient(
      { url, anonKey: ANON_KEY },
      // Node 20 has no WebSocket of its own; realtime is never opened here.
      { realtimeTransport: WebSocket as unknown as typeof globalThis.WebSocket },
    ),
  );
}

beforeEach(async () => {
  recorded.length = 0;
  chatAnswers.length = 0;
  actionAnswers.length = 0;
  for (const user of Object.keys(rows)) delete rows[user];
  forgetServerProviders();
  await signIn(ADA);
});

afterEach(() => {
  setSupabaseClient(undefined);
  vi.unstubAllGlobals();
});

function chatRequests(): Recorded[] {
  return recorded.filter((request) => request.path.endsWith('/chat/completions'));
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const POST = { prompt: 'Weekend opening hours', platforms: ['instagram' as const] };

describe('calls with a key kept on the server', () => {
  it("go through the proxy with the user's token and the anon key, and nothing of the SDK's own", async () => {
    writeProviderSettings(
      {
        provider: 'perplexity',
        baseURL: 'https://api.perplexity.ai',
        model: 'sonar-pro',
        keyLocation: 'server',
      },
      storage,
      ADA,
    );
    const result = await generatePost(POST, { provider: 'perplexity' });
    expect(result).toMatchObject({ content: FAKE_POST.content, provider: 'perplexity' });

    const [request] = chatRequests();
    expect(request?.path).toBe('/functions/v1/ai-proxy/perplexity/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${accessToken(ADA)}`);
    expect(request?.headers.apikey).toBe(ANON_KEY);
    expect(
      Object.keys(request?.headers ?? {}).filter((name) => /^(x-stainless|openai-)/.test(name)),
    ).toEqual([]);
    expect(request?.body).toMatchObject({ model: 'sonar-pro', temperature: 0.7, max_tokens: 1000 });
    // Perplexity takes no JSON mode, through the proxy or not.
    expect((request?.body as Record<string, unknown>).response_format).toBeUndefined();
  });

  it('use the server row when this device has no entry (a key saved on another device)', async () => {
    rows[ADA] = [
      {
        provider: 'grok',
        base_url: 'https://api.x.ai/v1',
        model: 'grok-3-mini',
        has_key: true,
        updated_at: '2026-11-20T10:00:00Z',
      },
    ];
    await expect(testConnection({ provider: 'grok' })).resolves.toEqual({ ok: true });
    const select = recorded.find((request) => request.path === '/rest/v1/user_ai_providers');
    expect(select?.headers.authorization).toBe(`Bearer ${accessToken(ADA)}`);
    const [request] = chatRequests();
    expect(request?.path).toBe('/functions/v1/ai-proxy/grok/chat/completions');
    expect(request?.body).toMatchObject({ model: 'grok-3-mini', max_tokens: 5 });

    // Nothing for Gemini here or there: not configured, and nothing sent to the proxy.
    await expect(testConnection({ provider: 'gemini' })).resolves.toEqual({
      ok: false,
      kind: 'key-missing',
    });
    expect(chatRequests()).toHaveLength(1);
  });

  it("read the proxy's errors: no key on the server, an upstream that does not answer", async () => {
    writeProviderSettings(
      {
        provider: 'custom',
        baseURL: 'http://10.0.0.5:11434/v1',
        model: 'llama3.2',
        keyLocation: 'server',
      },
      storage,
      ADA,
    );
    chatAnswers.push({
      status: 404,
      body: {
        error: {
          message: 'No Custom key is kept on the server. Please add your API key in Settings.',
          type: 'invalid_request_error',
          param: null,
          code: 'provider_not_configured',
        },
      },
    });
    await expect(testConnection({ provider: 'custom' })).resolves.toEqual({
      ok: false,
      kind: 'key-missing',
    });
    chatAnswers.push({
      status: 502,
      body: {
        error: {
          message: 'Could not reach http://10.0.0.5:11434/v1.',
          type: 'api_error',
          param: null,
          code: 'upstream_unreachable',
          address: 'http://10.0.0.5:11434/v1',
        },
      },
    });
    await expect(testConnection({ provider: 'custom' })).resolves.toEqual({
      ok: false,
      kind: 'unreachable',
      address: 'http://10.0.0.5:11434/v1',
    });
    chatAnswers.push({
      status: 404,
      body: { error: { message: 'No Perplexity key…', code: 'provider_not_configured' } },
    });
    const error = await rejection(generatePost(POST, { provider: 'custom' }));
    expect(error).toBeInstanceOf(AiError);
    expect(error.message).toBe(
      'Custom model not configured. Please add its API Base URL in Settings.',
    );
  });

  it('need a signed-in user: signed out, nothing is sent', async () => {
    await signIn(null);
    writeProviderSettings(
      {
        provider: 'gemini',
        baseURL: 'https://g.example/v1',
        model: 'gemini-2.5-flash',
        keyLocation: 'server',
      },
      storage,
      null,
    );
    await expect(testConnection({ provider: 'gemini' })).resolves.toEqual({
      ok: false,
      kind: 'key-missing',
    });
    expect(recorded).toHaveLength(0);
  });

  it("are not another user's: Bob on Ada's browser sees neither her device entry nor her server rows", async () => {
    writeProviderSettings(
      { provider: 'grok', baseURL: 'https://api.x.ai/v1', model: 'grok-4', keyLocation: 'server' },
      storage,
      ADA,
    );
    rows[ADA] = [
      { provider: 'grok', base_url: 'https://api.x.ai/v1', model: 'grok-4', has_key: true },
    ];
    const adaStorage = storage;
    await signIn(BOB);
    const result = await testConnection({ provider: 'grok', storage: adaStorage, userId: BOB });
    expect(result).toEqual({ ok: false, kind: 'key-missing' });
    expect(chatRequests()).toHaveLength(0);
    // The server was asked as Bob, whose rows are his own.
    const selects = recorded.filter((request) => request.path === '/rest/v1/user_ai_providers');
    expect(selects.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${accessToken(BOB)}`,
    ]);
  });
});

describe('server providers', () => {
  it('loads the rows of the signed-in user, without unknown providers', async () => {
    rows[ADA] = [
      {
        provider: 'perplexity',
        base_url: 'https://api.perplexity.ai',
        model: 'sonar',
        has_key: true,
        updated_at: '2026-11-20T10:00:00Z',
      },
      { provider: 'someone-else', base_url: 'https://x', model: 'x', has_key: true },
    ];
    await expect(loadServerProviders()).resolves.toEqual([
      {
        provider: 'perplexity',
        baseURL: 'https://api.perplexity.ai',
        model: 'sonar',
        hasKey: true,
        updatedAt: '2026-11-20T10:00:00Z',
      },
    ]);
  });

  it('saves through the function and answers with the row, never the key', async () => {
    actionAnswers.push({
      status: 200,
      body: {
        provider: {
          provider: 'custom',
          base_url: 'http://10.0.0.5:11434/v1',
          model: 'llama3.2',
          has_key: true,
          updated_at: '2026-11-25T07:00:00Z',
        },
      },
    });
    const row = await saveServerProvider('custom', {
      apiKey: 'local-key-0123',
      baseURL: 'http://10.0.0.5:11434/v1',
      model: 'llama3.2',
    });
    expect(row).toEqual({
      provider: 'custom',
      baseURL: 'http://10.0.0.5:11434/v1',
      model: 'llama3.2',
      hasKey: true,
      updatedAt: '2026-11-25T07:00:00Z',
    });
    const [request] = recorded;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/functions/v1/ai-proxy',
      body: {
        action: 'save',
        provider: 'custom',
        base_url: 'http://10.0.0.5:11434/v1',
        model: 'llama3.2',
        api_key: 'local-key-0123',
      },
    });
    expect(request?.headers.authorization).toBe(`Bearer ${accessToken(ADA)}`);
    expect(request?.headers.apikey).toBe(ANON_KEY);

    // A later save without a key keeps the stored one: no api_key is sent.
    actionAnswers.push({ status: 200, body: { provider: { provider: 'custom', has_key: true } } });
    await saveServerProvider('custom', { baseURL: 'http://10.0.0.5:11434/v1', model: 'mistral' });
    expect(recorded[1]?.body).not.toHaveProperty('api_key');
  });

  it("shows the function's own text for a refusal", async () => {
    actionAnswers.push({
      status: 400,
      body: { error: 'The API Base URL must be an https address.' },
    });
    const error = await rejection(
      saveServerProvider('grok', {
        apiKey: 'xai-1',
        baseURL: 'http://api.x.ai/v1',
        model: 'grok-4',
      }),
    );
    expect(error.message).toBe('The API Base URL must be an https address.');
  });

  it('says a network connection is needed when the server cannot be reached or the device is offline', async () => {
    const probe = await new Promise<Server>((resolve) => {
      const running = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' }, () =>
        resolve(running as Server),
      );
    });
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await signIn(ADA, closed);
    const error = await rejection(
      saveServerProvider('gemini', { apiKey: 'g-1', baseURL: 'https://g.example/v1', model: 'm' }),
    );
    expect(error.message).toBe(serverProviderMessages.saveOffline);
    expect(serverProviderMessages.saveOffline).toBe(
      'Saving a key on the server needs a network connection.',
    );

    await signIn(ADA);
    vi.stubGlobal('navigator', { onLine: false });
    expect((await rejection(deleteServerProvider('gemini'))).message).toBe(
      serverProviderMessages.deleteOffline,
    );
    expect(recorded).toHaveLength(0);
  });

  it('deletes through the function, and asks the server again afterwards', async () => {
    rows[ADA] = [
      { provider: 'gemini', base_url: 'https://g.example/v1', model: 'm', has_key: true },
    ];
    await expect(findServerProvider('gemini')).resolves.toMatchObject({ provider: 'gemini' });
    await expect(findServerProvider('gemini')).resolves.toMatchObject({ provider: 'gemini' });
    expect(recorded.filter((request) => request.method === 'GET')).toHaveLength(1);

    await deleteServerProvider('gemini');
    expect(recorded.at(-1)).toMatchObject({
      path: '/functions/v1/ai-proxy',
      body: { action: 'delete', provider: 'gemini' },
    });
    rows[ADA] = [];
    await expect(findServerProvider('gemini')).resolves.toBeNull();
    expect(recorded.filter((request) => request.method === 'GET')).toHaveLength(2);
  });
});
