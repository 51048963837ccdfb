import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_POST, startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { generateHashtags, generatePost, improvePost, testConnection } from './ai-client';
import { AiError, aiMessages, connectionErrorMessage } from './ai-errors';
import { memoryStorage, type SettingsStorage } from './ai-settings';

let fake: FakeOpenAI;
let storage: SettingsStorage;

function settingsStorage(extra: Record<string, string> = {}): SettingsStorage {
  return memoryStorage({
    openai_api_key: 'sk-test-key-123456',
    openai_base_url: fake.url,
    ...extra,
  });
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

beforeAll(async () => {
  fake = await startFakeOpenAI();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  storage = settingsStorage();
});

describe('generatePost against an OpenAI-compatible server', () => {
  it('sends the spec request with the stored key and reads the JSON reply', async () => {
    const result = await generatePost(
      { prompt: 'New product or feature', platforms: ['facebook', 'twitter'] },
      { storage },
    );
    expect(result).toEqual({ ...FAKE_POST, platform: 'facebook, twitter', provider: 'chatgpt' });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-key-123456');
    expect(request?.headers['openai-organization']).toBeUndefined();
    const [body] = fake.chatBodies();
    expect(body).toMatchObject({ model: 'gpt-4', temperature: 0.7, max_tokens: 1000 });
    expect(body?.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(body?.messages[1]?.content).toContain('New product or feature');
    expect(body?.messages[1]?.content).toContain('Maximum length: 280 characters');
    expect(body?.messages[1]?.content).toContain('Tone: professional');
  });

  it('sends the organization ID and the chosen model when set', async () => {
    storage = settingsStorage({ openai_org_id: 'org-abc', openai_model: 'gpt-4o' });
    await generatePost({ prompt: 'FAQs', platforms: ['linkedin'] }, { storage });
    expect(fake.requests[0]?.headers['openai-organization']).toBe('org-abc');
    expect(fake.chatBodies()[0]?.model).toBe('gpt-4o');
  });

  it('sends the business profile in the prompt', async () => {
    await generatePost(
      {
        prompt: 'Behind-the-scenes',
        platforms: ['instagram'],
        businessProfile: { business_name: 'Rise Bakery', location: 'Portland' },
      },
      { storage },
    );
    const content = fake.chatBodies()[0]?.messages[1]?.content;
    expect(content).toContain('- Business name: Rise Bakery');
    expect(content).toContain('- Location: Portland');
  });

  it('reads JSON inside a code fence', async () => {
    fake.enqueue({
      kind: 'json',
      fenced: true,
      post: { content: 'Fenced post', engagementPrediction: 71 },
    });
    const result = await generatePost({ prompt: 'FAQs', platforms: ['facebook'] }, { storage });
    expect(result).toMatchObject({ content: 'Fenced post', engagementPrediction: 71 });
  });

  it('uses a plain-text reply as the post, with extracted hashtags and a 70 to 89 prediction', async () => {
    fake.setMode({ kind: 'text', text: 'Two-for-one Tuesdays are back! #deals #coffee' });
    const result = await generatePost(
      { prompt: 'FAQs', platforms: ['facebook'] },
      { storage, random: () => 0.5 },
    );
    expect(result).toEqual({
      content: 'Two-for-one Tuesdays are back! #deals #coffee',
      hashtags: ['#deals', '#coffee'],
      engagementPrediction: 80,
      platform: 'facebook',
      provider: 'chatgpt',
    });
  });

  it('fails with the generic text on a 401, classified as an invalid key', async () => {
    fake.setMode({ kind: 'unauthorized' });
    const error = await rejection(
      generatePost({ prompt: 'FAQs', platforms: ['facebook'] }, { storage }),
    );
    expect(error.message).toBe('Failed to generate post. Please try again.');
    expect(error.kind).toBe('invalid-key');
    expect(fake.requests).toHaveLength(1);
  });

  it('fails with the generic text on a 500, after one retry', async () => {
    fake.setMode({ kind: 'server-error' });
    const error = await rejection(
      generatePost({ prompt: 'FAQs', platforms: ['facebook'] }, { storage }),
    );
    expect(error.message).toBe('Failed to generate post. Please try again.');
    expect(error.kind).toBe('failed');
    expect(fake.requests).toHaveLength(2);
  });

  it('recovers when the retry succeeds', async () => {
    fake.enqueue({ kind: 'server-error' });
    const result = await generatePost({ prompt: 'FAQs', platforms: ['facebook'] }, { storage });
    expect(result.content).toBe(FAKE_POST.content);
    expect(fake.requests).toHaveLength(2);
  });

  it('hides an empty reply behind the generic text', async () => {
    fake.setMode({ kind: 'empty' });
    const error = await rejection(
      generatePost({ prompt: 'FAQs', platforms: ['facebook'] }, { storage }),
    );
    expect(error.message).toBe('Failed to generate post. Please try again.');
    expect(error.kind).toBe('empty-reply');
  });

  it('gives up on a slow server after the timeout', async () => {
    fake.setMode({ kind: 'slow', delayMs: 3000 });
    const started = Date.now();
    const error = await rejection(
      generatePost(
        { prompt: 'FAQs', platforms: ['facebook'] },
        { storage, timeoutMs: 200, maxRetries: 0 },
      ),
    );
    expect(error.message).toBe('Failed to generate post. Please try again.');
    expect(error.kind).toBe('failed');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('without a key, says so and sends nothing', async () => {
    const error = await rejection(
      generatePost({ prompt: 'FAQs', platforms: ['facebook'] }, { storage: memoryStorage() }),
    );
    expect(error.message).toBe(
      'OpenAI API key not configured. Please add your API key in Settings.',
    );
    expect(error.kind).toBe('key-missing');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an empty prompt with the spec text', async () => {
    const error = await rejection(
      generatePost({ prompt: '  ', platforms: ['facebook'] }, { storage }),
    );
    expect(error.message).toBe('Please select or enter a content prompt');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('improvePost', () => {
  it('sends the original and the feedback and returns the new text', async () => {
    fake.setMode({ kind: 'text', text: '  A warmer post.  ' });
    await expect(improvePost('Shop opens at 9.', 'Make it warmer', { storage })).resolves.toBe(
      'A warmer post.',
    );
    const [body] = fake.chatBodies();
    expect(body).toMatchObject({ model: 'gpt-4', temperature: 0.7, max_tokens: 500 });
    expect(body?.messages[1]?.content).toBe(
      'Original post:\nShop opens at 9.\n\nFeedback:\nMake it warmer',
    );
  });

  it('falls back to the original text when the reply is empty', async () => {
    fake.setMode({ kind: 'empty' });
    await expect(improvePost('Shop opens at 9.', 'Shorter', { storage })).resolves.toBe(
      'Shop opens at 9.',
    );
  });

  it('fails with the improve text', async () => {
    fake.setMode({ kind: 'unauthorized' });
    const error = await rejection(improvePost('Shop opens at 9.', 'Shorter', { storage }));
    expect(error.message).toBe('Failed to improve post. Please try again.');
  });
});

describe('generateHashtags', () => {
  it('asks the light model for 5 to 10 hashtags and reads them', async () => {
    fake.setMode({ kind: 'text', text: '#bakery #sourdough #portland #shoplocal #fresh' });
    await expect(generateHashtags('Fresh bread', { storage })).resolves.toEqual([
      '#bakery',
      '#sourdough',
      '#portland',
      '#shoplocal',
      '#fresh',
    ]);
    const [body] = fake.chatBodies();
    expect(body).toMatchObject({ model: 'gpt-3.5-turbo', temperature: 0.5, max_tokens: 200 });
    expect(body?.messages[1]?.content).toContain('5 to 10');
  });

  it('uses the chosen model when the user set one', async () => {
    storage = settingsStorage({ openai_model: 'llama3.1' });
    fake.setMode({ kind: 'text', text: '#a' });
    await generateHashtags('Fresh bread', { storage });
    expect(fake.chatBodies()[0]?.model).toBe('llama3.1');
  });

  it('gives an empty list on any error', async () => {
    fake.setMode({ kind: 'server-error' });
    await expect(generateHashtags('Fresh bread', { storage })).resolves.toEqual([]);
    fake.setMode({ kind: 'unauthorized' });
    await expect(generateHashtags('Fresh bread', { storage })).resolves.toEqual([]);
    await expect(generateHashtags('Fresh bread', { storage: memoryStorage() })).resolves.toEqual(
      [],
    );
  });
});

describe('testConnection', () => {
  it('sends Hello with 5 tokens to the light model and succeeds', async () => {
    fake.setMode({ kind: 'text', text: 'Hi there!' });
    await expect(testConnection({ storage })).resolves.toEqual({ ok: true });
    expect(fake.chatBodies()).toEqual([
      { model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 5 },
    ]);
  });

  it('reports a wrong key, checked by the server', async () => {
    const strict = await startFakeOpenAI({ apiKey: 'sk-the-right-one' });
    try {
      const wrong = memoryStorage({
        openai_api_key: 'sk-wrong-key-0000',
        openai_base_url: strict.url,
      });
      await expect(testConnection({ storage: wrong })).resolves.toEqual({
        ok: false,
        kind: 'invalid-key',
      });
      const right = memoryStorage({
        openai_api_key: 'sk-the-right-one',
        openai_base_url: strict.url,
      });
      await expect(testConnection({ storage: right })).resolves.toEqual({ ok: true });
    } finally {
      await strict.close();
    }
  });

  it('reports a server failure without retrying, and a missing key', async () => {
    fake.setMode({ kind: 'server-error' });
    await expect(testConnection({ storage })).resolves.toEqual({ ok: false, kind: 'failed' });
    expect(fake.requests).toHaveLength(1);
    await expect(testConnection({ storage: memoryStorage() })).resolves.toEqual({
      ok: false,
      kind: 'key-missing',
    });
  });

  it('reports an unreachable server as such, naming the address, instead of blaming the key', async () => {
    const gone = await startFakeOpenAI();
    const url = gone.url;
    await gone.close();
    const unreachable = memoryStorage({ openai_api_key: 'sk-test', openai_base_url: url });
    await expect(testConnection({ storage: unreachable })).resolves.toEqual({
      ok: false,
      kind: 'unreachable',
      address: url,
    });
    expect(connectionErrorMessage('unreachable', url)).toBe(
      `Could not reach ${url}. Please check your internet connection and the API Base URL in Settings.`,
    );
    // Generation keeps the spec's one failure text.
    const error = await rejection(
      generatePost({ prompt: 'FAQs', platforms: ['facebook'] }, { storage: unreachable }),
    );
    expect(error.message).toBe(aiMessages.generateFailed);
  });
});
