import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as aiProxy } from '../../supabase/functions/ai-proxy/handler.ts';
import { openSecret } from '../../supabase/functions/_shared/secret-box.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { dbRows } from './rest-helpers.ts';

// "Keep my key on the server": the key goes in and never comes out (no answer, REST read or export
// holds it, and only the service role reaches the sealed store); the proxy calls the stored
// address with it for its owner alone, refuses addresses inside the server's network, and says
// what went wrong upstream in OpenAI's error shape.

const KEY = `sk-proj-${randomUUID()}`;
const PROMPT = `Write about sourdough ${randomUUID()}`;
const SERVICE_ONLY = 'ai_provider_secrets';

let server: TestServer;
let fake: FakeOpenAI;
/** An upstream that misbehaves in ways the fake does not: echoes the key, redirects, floods. */
let odd: Server;
let oddUrl: string;
const logged: string[] = [];

type User = Awaited<ReturnType<TestServer['signedInClient']>>;
let ada: User;
let bob: User;

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '));
      original(...args);
    });
  }
  odd = createServer((req, res) => {
    if (req.url === '/echo/chat/completions') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Key ${req.headers.authorization} refused` } }));
    } else if (req.url === '/redirect/chat/completions') {
      res.writeHead(302, { location: 'https://api.openai.com/v1/chat/completions' });
      res.end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}`);
    }
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
  [fake, server] = await Promise.all([
    startFakeOpenAI({ apiKey: KEY }),
    startTestServer({ aiProxy: { allowedHosts: ['127.0.0.1'] } }),
  ]);
  [ada, bob] = await Promise.all([
    server.signedInClient({ firstName: 'Ada' }),
    server.signedInClient({ firstName: 'Bob' }),
  ]);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
  odd?.closeAllConnections();
  await new Promise((resolve) => odd?.close(resolve));
  vi.restoreAllMocks();
});

function headers(user: User | null): Record<string, string> {
  return {
    apikey: server.keys.anonKey,
    Authorization: `Bearer ${user?.accessToken ?? server.keys.anonKey}`,
    'Content-Type': 'application/json',
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

async function act(user: User | null, body: unknown): Promise<Answer> {
  const res = await fetch(`${server.url}/functions/v1/ai-proxy`, {
    method: 'POST',
    headers: headers(user),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answer(res);
}

async function complete(user: User | null, provider: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${server.url}/functions/v1/ai-proxy/${provider}/chat/completions`, {
    method: 'POST',
    headers: headers(user),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answer(res);
}

const chat = (extra: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user', content: PROMPT }],
  temperature: 0.7,
  max_tokens: 1000,
  ...extra,
});

function proxyError(code: string, extra: Record<string, unknown> = {}) {
  return {
    error: { message: expect.any(String), type: expect.any(String), param: null, code, ...extra },
  };
}

describe('saving a provider', () => {
  it('keeps the key write-only: no answer, REST read or export holds it', async () => {
    const saved = await act(ada, {
      action: 'save',
      provider: 'chatgpt',
      base_url: `${fake.url}/`,
      model: ' gpt-4o ',
      api_key: KEY,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      provider: {
        provider: 'chatgpt',
        base_url: fake.url,
        model: 'gpt-4o',
        has_key: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(saved.text).not.toContain(KEY);

    // Sealed for its place: it opens with the server's key and the user's and provider's name.
    const [stored] = await dbRows<{ ciphertext: string }>(
      server,
      'select ciphertext from public.ai_provider_secrets where user_id = $1',
      [ada.userId],
    );
    expect(stored!.ciphertext).not.toContain(KEY);
    const sealKey = server.keys.socialSecretsKey;
    expect(await openSecret(stored!.ciphertext, sealKey, `ai:${ada.userId}:chatgpt`)).toBe(KEY);
    await expect(
      openSecret(stored!.ciphertext, sealKey, `ai:${bob.userId}:chatgpt`),
    ).rejects.toThrow();

    // The owner reads the row; it never held the key.
    const rows = await ada.client.from('user_ai_providers').select('*');
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([
      expect.objectContaining({ user_id: ada.userId, provider: 'chatgpt', has_key: true }),
    ]);
    expect(JSON.stringify(rows.data)).not.toContain(KEY);

    // The sealed store is the service role's alone.
    for (const client of [ada.client, server.anonClient()]) {
      const read = await client.from(SERVICE_ONLY).select('*');
      expect(read.data).toBeNull();
      expect(read.error?.code).toBe('42501');
    }
    const exported = await ada.client.rpc('export_account_data');
    expect(exported.error).toBeNull();
    const doc = exported.data as { ai_providers: unknown[] };
    expect(doc.ai_providers).toEqual([
      {
        provider: 'chatgpt',
        base_url: fake.url,
        model: 'gpt-4o',
        has_key: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(doc)).not.toContain(KEY);
    expect(JSON.stringify(doc)).not.toContain(stored!.ciphertext);

    // A later save without a key keeps the stored one.
    const again = await act(ada, {
      action: 'save',
      provider: 'chatgpt',
      base_url: fake.url,
      model: 'gpt-4',
    });
    expect(again).toMatchObject({
      status: 200,
      body: { provider: { model: 'gpt-4', has_key: true } },
    });
  });

  it('is written only through the function', async () => {
    const row = {
      user_id: ada.userId,
      provider: 'grok',
      base_url: 'https://api.x.ai/v1',
      model: 'grok-4',
    };
    const insert = await ada.client.from('user_ai_providers').insert(row);
    expect(insert.error?.code).toBe('42501');
    const update = await ada.client
      .from('user_ai_providers')
      .update({ base_url: 'https://evil.example.com' })
      .eq('user_id', ada.userId);
    expect(update.error?.code).toBe('42501');
    const remove = await ada.client.from('user_ai_providers').delete().eq('user_id', ada.userId);
    expect(remove.error?.code).toBe('42501');
    const rpc = await ada.client.rpc('save_ai_provider', {
      p_user_id: ada.userId,
      p_provider: 'grok',
      p_base_url: 'https://api.x.ai/v1',
      p_model: 'grok-4',
      p_key: 'remove',
      p_ciphertext: null,
    });
    expect(rpc.error?.code).toBe('42501');
    const plant = await ada.client
      .from(SERVICE_ONLY)
      .insert({ user_id: ada.userId, provider: 'chatgpt', ciphertext: 'v1.x.y' });
    expect(plant.error?.code).toBe('42501');
    expect(
      await dbRows(
        server,
        'select provider, base_url from public.user_ai_providers where user_id = $1',
        [ada.userId],
      ),
    ).toEqual([{ provider: 'chatgpt', base_url: fake.url }]);
  });

  it('refuses bad input with a clear message', async () => {
    const base = { action: 'save', provider: 'grok', model: 'grok-4', api_key: 'xai-key-123456' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ provider: 'claude' }, /Unknown provider/],
      [{ base_url: 'http://10.0.0.5/v1' }, /local or private addresses \(10\.0\.0\.5\)/],
      [{ base_url: 'https://169.254.169.254/latest' }, /local or private/],
      [{ base_url: 'https://192.168.1.20/v1' }, /local or private/],
      [{ base_url: 'https://[::1]:8080/v1' }, /local or private/],
      [{ base_url: 'https://[::ffff:127.0.0.1]/v1' }, /local or private/],
      [{ base_url: 'https://[fd00:ec2::254]/v1' }, /local or private/],
      [{ base_url: 'https://2130706434/v1' }, /local or private addresses \(127\.0\.0\.2\)/],
      [{ base_url: 'https://localhost:11434/v1' }, /local or private/],
      [{ base_url: 'https://ollama.localhost/v1' }, /local or private/],
      [{ base_url: 'https://printer.local/v1' }, /local or private/],
      [{ base_url: 'https://metadata.google.internal/v1' }, /local or private/],
      [{ base_url: 'https://intranet/v1' }, /local or private/],
      [{ base_url: 'http://127.0.0.2:11434/v1' }, /local or private/],
      [{ base_url: 'http://api.x.ai/v1' }, /only https:\/\/ addresses/],
      [{ base_url: 'ftp://api.x.ai/v1' }, /starting with https:\/\//],
      [{ base_url: 'not a url' }, /starting with https:\/\//],
      [{ base_url: 'https://me:pw@api.x.ai/v1' }, /user name or password/],
      [{ base_url: 'https://api.x.ai/v1?key=1' }, /\? or #/],
      [{ base_url: '' }, /Please enter the API Base URL/],
      [{ model: '   ' }, /Please enter a model name/],
      [{ model: 'm'.repeat(201) }, /at most 200 characters/],
      [{ api_key: 'k'.repeat(4097) }, /at most 4096 characters/],
      [{ api_key: 'two words' }, /spaces or line breaks/],
      [{ api_key: 42 }, /must be text/],
      [{ api_key: undefined }, /Please enter your xAI API key/],
      [{ api_key: '' }, /Please enter your xAI API key/],
      [{ action: 'steal' }, /Unknown action/],
    ];
    for (const [change, message] of cases) {
      const res = await act(ada, { ...base, base_url: 'https://api.x.ai/v1', ...change });
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await act(ada, '{not json')).status).toBe(400);
    expect((await act(ada, '[1]')).body).toEqual({
      error: 'The request body must be a JSON object',
    });
    expect((await act(null, { ...base, base_url: 'https://api.x.ai/v1' })).status).toBe(401);
    expect(
      await dbRows(server, `select 1 from public.user_ai_providers where provider = 'grok'`),
    ).toEqual([]);
  });
});

describe('the proxy', () => {
  it('calls the stored address with the stored key, and the SDK reads its answer', async () => {
    fake.reset();
    const sdk = new OpenAI({
      baseURL: `${server.url}/functions/v1/ai-proxy/chatgpt`,
      apiKey: ada.accessToken,
      defaultHeaders: { apikey: server.keys.anonKey },
      maxRetries: 0,
    });
    const reply = await sdk.chat.completions.create({
      model: 'gpt-4',
      messages: [{ role: 'user', content: PROMPT }],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(reply.choices[0]!.message.content!)).toMatchObject({
      hashtags: expect.any(Array),
    });

    // Without a model, the one saved with the provider.
    const plain = await complete(ada, 'chatgpt', chat());
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ object: 'chat.completion', model: 'gpt-4' });

    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      // Nothing of the user's session goes upstream.
      expect(request.headers.apikey).toBeUndefined();
      expect(JSON.stringify(request.headers)).not.toContain(ada.accessToken);
    }
    expect(fake.chatBodies().map((b) => [b.model, b.response_format ?? null])).toEqual([
      ['gpt-4', { type: 'json_object' }],
      ['gpt-4', null],
    ]);
    expect(fake.chatBodies()[1]).toMatchObject({ temperature: 0.7, max_tokens: 1000 });
  });

  it('passes an upstream error through with its status and body, never the key', async () => {
    fake.reset();
    fake.enqueue({ kind: 'server-error' }, { kind: 'unauthorized' });
    const failed = await complete(ada, 'chatgpt', chat());
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      error: {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
    const refused = await complete(ada, 'chatgpt', chat());
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect(refused.text).not.toContain(KEY);

    // An upstream that quotes the key back.
    const saved = await act(ada, {
      action: 'save',
      provider: 'perplexity',
      base_url: `${oddUrl}/echo`,
      model: 'sonar',
      api_key: KEY,
    });
    expect(saved.status).toBe(200);
    const echoed = await complete(ada, 'perplexity', chat());
    expect(echoed.status).toBe(401);
    expect(echoed.body).toEqual({ error: { message: 'Key Bearer … refused' } });
  });

  it('says when the upstream redirects, floods or cannot be reached', async () => {
    await act(ada, {
      action: 'save',
      provider: 'gemini',
      base_url: `${oddUrl}/redirect`,
      model: 'g',
      api_key: KEY,
    });
    expect(await complete(ada, 'gemini', chat())).toMatchObject({
      status: 502,
      body: proxyError('upstream_redirect', { address: `${oddUrl}/redirect` }),
    });

    await act(ada, { action: 'save', provider: 'gemini', base_url: `${oddUrl}/huge`, model: 'g' });
    expect(await complete(ada, 'gemini', chat())).toMatchObject({
      status: 502,
      body: proxyError('upstream_too_large', { address: `${oddUrl}/huge` }),
    });

    // A port nobody listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise((resolve) => closed.close(resolve));
    const custom = await act(ada, {
      action: 'save',
      provider: 'custom',
      base_url: gone,
      model: 'llama3.2',
    });
    expect(custom.body).toMatchObject({ provider: { provider: 'custom', has_key: false } });
    const unreachable = await complete(ada, 'custom', chat());
    expect(unreachable).toMatchObject({
      status: 502,
      body: proxyError('upstream_unreachable', {
        address: gone,
        message: `Could not reach ${gone}.`,
      }),
    });
  });

  it('gives up on a slow upstream after AI_PROXY_TIMEOUT_MS', async () => {
    fake.reset();
    fake.enqueue({ kind: 'slow', delayMs: 3000 });
    // The handler with the settings Supabase Edge would give it, and a short timeout.
    const env: Record<string, string> = {
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: server.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: server.keys.serviceRoleKey,
      SOCIAL_SECRETS_KEY: server.keys.socialSecretsKey,
      AI_PROXY_ALLOWED_HOSTS: '127.0.0.1',
      AI_PROXY_TIMEOUT_MS: '300',
    };
    const started = Date.now();
    const res = await aiProxy(
      new Request('https://edge.example.com/ai-proxy/chatgpt/chat/completions', {
        method: 'POST',
        headers: headers(ada),
        body: JSON.stringify(chat()),
      }),
      (name) => env[name],
    );
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await answer(res)).toMatchObject({
      status: 504,
      body: proxyError('upstream_timeout', { address: fake.url }),
    });
    expect(fake.requests).toHaveLength(1);

    // The handler's own body limit (the embedded server's, below, answers first there).
    const big = await aiProxy(
      new Request('https://edge.example.com/ai-proxy/chatgpt/chat/completions', {
        method: 'POST',
        headers: headers(ada),
        body: JSON.stringify(chat({ pad: 'x'.repeat(1024 * 1024) })),
      }),
      (name) => env[name],
    );
    expect(await answer(big)).toMatchObject({ status: 400, body: proxyError('request_too_large') });
  });

  it('refuses what it cannot forward', async () => {
    fake.reset();
    expect(await complete(ada, 'chatgpt', chat({ stream: true }))).toMatchObject({
      status: 400,
      body: { error: { code: 'stream_unsupported', param: 'stream' } },
    });
    expect(await complete(ada, 'chatgpt', '{"messages":')).toMatchObject({
      status: 400,
      body: proxyError('invalid_json'),
    });
    expect(await complete(ada, 'chatgpt', chat({ model: 42 }))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_model', param: 'model' } },
    });
    const big = await fetch(`${server.url}/functions/v1/ai-proxy/chatgpt/chat/completions`, {
      method: 'POST',
      headers: headers(ada),
      body: JSON.stringify(chat({ pad: 'x'.repeat(1024 * 1024) })),
    });
    expect(big.status).toBe(413);
    await big.body?.cancel();
    expect(await complete(ada, 'claude', chat())).toMatchObject({
      status: 404,
      body: proxyError('unknown_provider'),
    });
    expect(await complete(null, 'chatgpt', chat())).toMatchObject({
      status: 401,
      body: proxyError('not_authenticated'),
    });
    // A first save without a key stores nothing, so there is nothing to call.
    expect(await complete(ada, 'grok', chat())).toMatchObject({
      status: 404,
      body: proxyError('provider_not_configured', {
        message: 'No Grok key is kept on the server. Please add your API key in Settings.',
      }),
    });
    expect(fake.requests).toEqual([]);
  });

  it("serves another user nothing of Ada's", async () => {
    fake.reset();
    expect(await complete(bob, 'chatgpt', chat())).toMatchObject({
      status: 404,
      body: proxyError('provider_not_configured', {
        message: 'No ChatGPT key is kept on the server. Please add your API key in Settings.',
      }),
    });
    expect(fake.requests).toEqual([]);
    const read = await bob.client.from('user_ai_providers').select('*');
    expect(read).toMatchObject({ error: null, data: [] });
    expect(await act(bob, { action: 'delete', provider: 'chatgpt' })).toMatchObject({
      status: 200,
      body: { deleted: false },
    });
    expect((await complete(ada, 'chatgpt', chat())).status).toBe(200);
  });
});

describe('removing a provider', () => {
  it('deletes the row and its key; the account going takes the rest', async () => {
    expect(await act(ada, { action: 'delete', provider: 'chatgpt' })).toMatchObject({
      status: 200,
      body: { deleted: true },
    });
    expect(
      await dbRows(
        server,
        `select provider from public.user_ai_providers where user_id = $1 and provider = 'chatgpt'
         union all
         select provider from public.ai_provider_secrets where user_id = $1 and provider = 'chatgpt'`,
        [ada.userId],
      ),
    ).toEqual([]);
    expect((await complete(ada, 'chatgpt', chat())).body).toMatchObject(
      proxyError('provider_not_configured'),
    );
    expect((await act(ada, { action: 'delete', provider: 'chatgpt' })).body).toEqual({
      deleted: false,
    });

    // A custom provider may drop its key with '' and keep working without one.
    await act(ada, {
      action: 'save',
      provider: 'custom',
      base_url: fake.url,
      model: 'llama3.2',
      api_key: KEY,
    });
    const keyless = await act(ada, {
      action: 'save',
      provider: 'custom',
      base_url: fake.url,
      model: 'llama3.2',
      api_key: '',
    });
    expect(keyless.body).toMatchObject({ provider: { has_key: false } });
    fake.reset();
    const open = await complete(ada, 'custom', chat());
    // The fake wants a key: its refusal comes back as it is, and no key was sent.
    expect(open.status).toBe(401);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();

    expect((await ada.client.rpc('delete_account')).error).toBeNull();
    expect(
      await dbRows(
        server,
        `select 1 from public.user_ai_providers where user_id = $1
         union all select 1 from public.ai_provider_secrets where user_id = $1`,
        [ada.userId],
      ),
    ).toEqual([]);
  });
});

describe('drafts and AI posts', () => {
  it('record any of the five providers, and nothing else', async () => {
    for (const provider of ['grok', 'gemini', 'custom']) {
      const draft = await bob.client
        .from('post_drafts')
        .insert({ user_id: bob.userId, content: `by ${provider}`, ai_provider: provider });
      expect(draft.error).toBeNull();
      const post = await bob.client.from('ai_generated_posts').insert({
        id: randomUUID(),
        content: `by ${provider}`,
        platforms: ['facebook'],
        ai_provider: provider,
      });
      expect(post.error).toBeNull();
    }
    const draft = await bob.client
      .from('post_drafts')
      .insert({ user_id: bob.userId, content: 'by claude', ai_provider: 'claude' });
    expect(draft.error?.code).toBe('23514');
    const post = await bob.client.from('ai_generated_posts').insert({
      id: randomUUID(),
      content: 'by claude',
      platforms: ['facebook'],
      ai_provider: 'claude',
    });
    expect(post.error).toMatchObject({
      code: '22023',
      message: 'ai_provider must be one of chatgpt, openai, perplexity, grok, gemini, custom',
    });
  });
});

describe('the log', () => {
  it('never holds a key or a prompt', () => {
    const text = logged.join('\n');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(PROMPT);
  });
});
