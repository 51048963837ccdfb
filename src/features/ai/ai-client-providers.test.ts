import { afterEach, describe, expect, it } from 'vitest';
import {
  FAKE_POST,
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeOpenAIOptions,
} from '../../../tests/fixtures/fake-openai';
import {
  generateHashtags,
  generateIdeas,
  generatePost,
  improvePost,
  testConnection,
} from './ai-client';
import { AiError, aiMessages, connectionErrorMessage, ideasMessages } from './ai-errors';
import { memoryStorage, writeProviderSettings, type SettingsStorage } from './ai-settings';
import { AI_PROVIDERS, aiProviders, type AiProviderId } from './providers';

const fakes: FakeOpenAI[] = [];

async function fakeProvider(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI(options);
  fakes.push(fake);
  return fake;
}

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** The provider's settings as its card saves them, with the fake's address. */
function storageFor(
  provider: AiProviderId,
  baseURL: string,
  fields: { apiKey?: string; model?: string } = {},
): SettingsStorage {
  const storage = memoryStorage();
  const apiKey = 'apiKey' in fields ? fields.apiKey : `key-${provider}-0123456789`;
  writeProviderSettings(
    {
      provider,
      baseURL,
      model: fields.model ?? aiProviders[provider].defaultModel,
      keyLocation: 'device',
      ...(apiKey ? { apiKey } : {}),
    },
    storage,
    null,
  );
  return storage;
}

async function rejection(promise: Promise<unknown>): Promise<AiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const POST = { prompt: 'Weekend opening hours', platforms: ['facebook' as const] };
const IDEAS = JSON.stringify({
  ideas: [{ title: 'Meet the bakers', description: 'Faces.', type: 'recommended', score: 87 }],
});

describe.each(AI_PROVIDERS)('%s with its defaults', (provider) => {
  it('sends the spec request parameters to its path, with its model and JSON mode when it takes it', async () => {
    const info = aiProviders[provider];
    // The fake serves the provider's own path: /v1, Perplexity's root, Gemini's /v1beta/openai.
    const pathPrefix = new URL(info.defaultBaseURL).pathname.replace(/\/+$/, '');
    const lightModel = provider === 'chatgpt' ? 'gpt-3.5-turbo' : info.defaultModel;
    const fake = await fakeProvider({
      pathPrefix,
      models: [info.defaultModel, lightModel],
      requiresKey: info.keyRequired,
      ...(provider === 'perplexity'
        ? { errorStyle: 'perplexity' as const, rejectsResponseFormat: true }
        : {}),
    });
    const storage = storageFor(provider, fake.url, info.keyRequired ? {} : { apiKey: undefined });
    const options = { provider, storage };

    const post = await generatePost(POST, options);
    expect(post).toMatchObject({ content: FAKE_POST.content, provider });
    fake.setMode({ kind: 'text', text: 'Open Saturday 8 to 2.' });
    await improvePost('Open Saturday.', 'Add the hours', options);
    fake.setMode({ kind: 'text', text: '#bakery #weekend' });
    await expect(generateHashtags('Open Saturday', options)).resolves.toEqual([
      '#bakery',
      '#weekend',
    ]);
    await expect(testConnection(options)).resolves.toEqual({ ok: true });
    fake.setMode({ kind: 'text', text: IDEAS });
    await expect(generateIdeas(null, options)).resolves.toHaveLength(1);

    expect(fake.requests.map((request) => request.path)).toEqual(
      Array(5).fill(`${pathPrefix}/chat/completions`),
    );
    const json = info.jsonMode ? { type: 'json_object' } : undefined;
    const [generate, improve, hashtags, test, ideas] = fake.chatBodies();
    expect(generate).toMatchObject({
      model: info.defaultModel,
      temperature: 0.7,
      max_tokens: 1000,
    });
    expect(generate?.response_format).toEqual(json);
    expect(improve).toMatchObject({ model: info.defaultModel, temperature: 0.7, max_tokens: 500 });
    expect(improve?.response_format).toBeUndefined();
    expect(hashtags).toMatchObject({ model: lightModel, temperature: 0.5, max_tokens: 200 });
    expect(test).toEqual({
      model: lightModel,
      messages: [{ role: 'user', content: 'Hello' }],
      max_tokens: 5,
    });
    expect(ideas).toMatchObject({ model: info.defaultModel, max_tokens: 1000 });
    expect(ideas?.response_format).toEqual(json);

    const authorization = fake.requests.map((request) => request.headers.authorization);
    expect(authorization).toEqual(
      Array(5).fill(info.keyRequired ? `Bearer key-${provider}-0123456789` : undefined),
    );
  });
});

describe('a provider that refuses JSON mode', () => {
  it('is asked again without response_format, its JSON reply is read, and later calls skip JSON mode', async () => {
    const fake = await fakeProvider({ rejectsResponseFormat: true });
    const storage = storageFor('grok', fake.url);

    const result = await generatePost(POST, { provider: 'grok', storage });
    expect(result).toEqual({ ...FAKE_POST, platform: 'facebook', provider: 'grok' });
    const [first, second] = fake.chatBodies();
    expect(first?.response_format).toEqual({ type: 'json_object' });
    expect(second).toBeDefined();
    expect(second?.response_format).toBeUndefined();
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.setMode({ kind: 'text', text: IDEAS });
    await generateIdeas(null, { provider: 'grok', storage });
    fake.setMode({ kind: 'json' });
    await generatePost(POST, { provider: 'grok', storage });
    expect(fake.requests).toHaveLength(2);
    expect(fake.chatBodies().map((body) => body.response_format)).toEqual([undefined, undefined]);
  });

  it("uses the spec's non-JSON fallback when the reply is plain text", async () => {
    const fake = await fakeProvider({
      rejectsResponseFormat: true,
      requiresKey: false,
      errorStyle: 'perplexity',
      mode: { kind: 'text', text: 'Open all weekend! #bakery #weekend' },
    });
    const storage = storageFor('custom', fake.url, { apiKey: undefined });
    const result = await generatePost(POST, { provider: 'custom', storage, random: () => 0.5 });
    expect(result).toEqual({
      content: 'Open all weekend! #bakery #weekend',
      hashtags: ['#bakery', '#weekend'],
      engagementPrediction: 80,
      platform: 'facebook',
      provider: 'custom',
    });
    expect(fake.chatBodies().map((body) => body.response_format)).toEqual([
      { type: 'json_object' },
      undefined,
    ]);
  });

  it('is not asked again for a 400 about something else', async () => {
    const fake = await fakeProvider({
      rejectsResponseFormat: true,
      models: ['llama3.2'],
      errorStyle: 'perplexity',
      requiresKey: false,
    });
    const storage = storageFor('custom', fake.url, { apiKey: undefined, model: 'llama9' });
    const error = await rejection(generatePost(POST, { provider: 'custom', storage }));
    expect(error.kind).toBe('unknown-model');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('errors that say what happened', () => {
  it("reports an unknown model in OpenAI's words (404 model_not_found)", async () => {
    const fake = await fakeProvider({ models: ['gpt-4o'] });
    const storage = storageFor('chatgpt', fake.url);
    const error = await rejection(generatePost(POST, { storage }));
    expect(error).toMatchObject({ kind: 'unknown-model', model: 'gpt-4', provider: 'chatgpt' });
    expect(error.message).toBe(
      'ChatGPT does not offer the model "gpt-4". Please check the model name in Settings.',
    );
    await expect(testConnection({ storage })).resolves.toEqual({
      ok: false,
      kind: 'unknown-model',
      model: 'gpt-3.5-turbo',
    });
  });

  it("reports an unknown model in Perplexity's words (400 invalid_model)", async () => {
    const fake = await fakeProvider({
      pathPrefix: '',
      models: ['sonar'],
      errorStyle: 'perplexity',
    });
    const storage = storageFor('perplexity', fake.url, { model: 'gpt-4' });
    const result = await testConnection({ provider: 'perplexity', storage });
    expect(result).toEqual({ ok: false, kind: 'unknown-model', model: 'gpt-4' });
    expect(
      connectionErrorMessage('unknown-model', { provider: 'perplexity', model: 'gpt-4' }),
    ).toBe('Perplexity does not offer the model "gpt-4". Please check the model name in Settings.');
    const error = await rejection(
      improvePost('Hi', 'Shorter', { provider: 'perplexity', storage }),
    );
    expect(error.message).toBe(
      'Perplexity does not offer the model "gpt-4". Please check the model name in Settings.',
    );
  });

  it('reports a rate limit, and waits as long as the provider asks before the one retry', async () => {
    const fake = await fakeProvider({ mode: { kind: 'rate-limited' } });
    const storage = storageFor('gemini', fake.url);
    await expect(testConnection({ provider: 'gemini', storage })).resolves.toEqual({
      ok: false,
      kind: 'rate-limited',
    });
    expect(fake.requests).toHaveLength(1);

    fake.reset();
    fake.setMode({ kind: 'json' });
    fake.enqueue({ kind: 'rate-limited', retryAfter: 1 });
    const started = Date.now();
    const result = await generatePost(POST, { provider: 'gemini', storage });
    expect(result.content).toBe(FAKE_POST.content);
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    fake.setMode({ kind: 'rate-limited' });
    const error = await rejection(
      generatePost(POST, { provider: 'gemini', storage, maxRetries: 0 }),
    );
    expect(error.message).toBe(
      'Gemini is limiting requests right now. Please wait a minute and try again.',
    );
  });

  it('reports an account without credit', async () => {
    const fake = await fakeProvider({ mode: { kind: 'no-credit' } });
    const storage = storageFor('grok', fake.url);
    await expect(testConnection({ provider: 'grok', storage })).resolves.toEqual({
      ok: false,
      kind: 'no-credit',
    });
    const error = await rejection(
      generateIdeas(null, { provider: 'grok', storage, maxRetries: 0 }),
    );
    expect(error).toMatchObject({ kind: 'no-credit', provider: 'grok' });
    expect(error.message).toBe(
      'Your xAI account has no credit left. Please add credit or check your plan, then try again.',
    );
  });

  it("reports a refused key with the provider's key name", async () => {
    const fake = await fakeProvider({ pathPrefix: '', apiKey: 'pplx-the-right-one' });
    const wrong = storageFor('perplexity', fake.url, { apiKey: 'pplx-wrong-key-000' });
    const result = await testConnection({ provider: 'perplexity', storage: wrong });
    expect(result).toEqual({ ok: false, kind: 'invalid-key' });
    expect(connectionErrorMessage('invalid-key', { provider: 'perplexity' })).toBe(
      'Invalid API key. Please check your Perplexity API key in Settings.',
    );
    // Generation keeps the spec's text for a refused key.
    const error = await rejection(generatePost(POST, { provider: 'perplexity', storage: wrong }));
    expect(error).toMatchObject({ kind: 'invalid-key', message: aiMessages.generateFailed });
    const right = storageFor('perplexity', fake.url, { apiKey: 'pplx-the-right-one' });
    await expect(testConnection({ provider: 'perplexity', storage: right })).resolves.toEqual({
      ok: true,
    });
  });

  it('reports an address that does not answer, naming it', async () => {
    const gone = await startFakeOpenAI();
    const url = gone.url;
    await gone.close();
    const storage = storageFor('custom', url, { apiKey: undefined });
    await expect(testConnection({ provider: 'custom', storage })).resolves.toEqual({
      ok: false,
      kind: 'unreachable',
      address: url,
    });
    const error = await rejection(generateIdeas(null, { provider: 'custom', storage }));
    expect(error).toMatchObject({ kind: 'unreachable', message: ideasMessages.failed });
  });

  it('says which provider is not configured, and sends nothing', async () => {
    const fake = await fakeProvider();
    const storage = storageFor('chatgpt', fake.url);
    const error = await rejection(generatePost(POST, { provider: 'perplexity', storage }));
    expect(error).toMatchObject({
      kind: 'key-missing',
      message: 'Perplexity API key not configured. Please add your API key in Settings.',
    });
    await expect(testConnection({ provider: 'custom', storage })).resolves.toEqual({
      ok: false,
      kind: 'key-missing',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("keeps one user's key from another user of the same browser", async () => {
    const fake = await fakeProvider({ pathPrefix: '' });
    const storage = memoryStorage();
    writeProviderSettings(
      {
        provider: 'perplexity',
        apiKey: 'pplx-ada-0123456789',
        baseURL: fake.url,
        model: 'sonar',
        keyLocation: 'device',
      },
      storage,
      'user-ada',
    );
    await expect(
      testConnection({ provider: 'perplexity', storage, userId: 'user-ada' }),
    ).resolves.toEqual({ ok: true });
    // Bob has no session here that a server lookup could use either: nothing is sent.
    const error = await rejection(
      generatePost(POST, { provider: 'perplexity', storage, userId: null }),
    );
    expect(error.kind).toBe('key-missing');
    await expect(
      generateHashtags('Bread', { provider: 'perplexity', storage, userId: 'user-bob' }),
    ).resolves.toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('a provider that refuses calls from a browser', () => {
  it('answers a preflight without CORS headers, and a call from a server as usual', async () => {
    const fake = await fakeProvider({ refusesBrowserOrigins: true, requiresKey: false });
    const preflight = await fetch(`${fake.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    const storage = storageFor('custom', fake.url, { apiKey: undefined });
    await expect(testConnection({ provider: 'custom', storage })).resolves.toEqual({ ok: true });
    const answer = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'llama3.2', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
