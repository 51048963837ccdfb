import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { generateIdeas, ideasMessages } from './ai-client';
import { AiError, aiMessages } from './ai-errors';
import { memoryStorage, type SettingsStorage } from './ai-settings';

let fake: FakeOpenAI;
let storage: SettingsStorage;

const REPLY = JSON.stringify({
  ideas: [
    { title: 'Pumpkin loaf week', description: 'Seasonal bakes.', type: 'trending', score: 93 },
    {
      title: 'Meet the bakers',
      description: 'Faces behind the bread.',
      type: 'recommended',
      score: 87,
    },
    {
      title: 'Crumb shots',
      description: 'Close-ups of the crumb.',
      type: 'ai-generated',
      score: 120,
    },
  ],
});

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
  fake = await startFakeOpenAI({ apiKey: 'sk-ideas-key-0123456789' });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  storage = memoryStorage({ openai_api_key: 'sk-ideas-key-0123456789', openai_base_url: fake.url });
});

describe('generateIdeas against an OpenAI-compatible server', () => {
  it('asks once, with the business profile, and reads the ideas', async () => {
    fake.enqueue({ kind: 'text', text: REPLY });
    const ideas = await generateIdeas(
      { business_name: 'Rise Bakery', business_type: 'food-beverage', location: 'Portland' },
      { storage },
    );
    expect(ideas).toEqual([
      { title: 'Pumpkin loaf week', description: 'Seasonal bakes.', type: 'trending', score: 93 },
      {
        title: 'Meet the bakers',
        description: 'Faces behind the bread.',
        type: 'recommended',
        score: 87,
      },
      {
        title: 'Crumb shots',
        description: 'Close-ups of the crumb.',
        type: 'ai-generated',
        score: 100,
      },
    ]);
    expect(fake.requests).toHaveLength(1);
    const [body] = fake.chatBodies();
    expect(body).toMatchObject({ model: 'gpt-4', max_tokens: 1000 });
    expect(body?.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body?.messages[0]?.content).toContain('"ideas"');
    expect(body?.messages[1]?.content).toContain('Suggest 6 social media content ideas');
    expect(body?.messages[1]?.content).toContain('- Business name: Rise Bakery');
    expect(body?.messages[1]?.content).toContain('- Location: Portland');
  });

  it('generates without a profile', async () => {
    fake.enqueue({ kind: 'text', text: REPLY });
    expect(await generateIdeas(null, { storage })).toHaveLength(3);
    expect(fake.chatBodies()[0]?.messages[1]?.content).not.toContain('Business profile');
  });

  it('says so when the reply has no usable ideas', async () => {
    fake.enqueue({ kind: 'text', text: 'I would post more pictures of bread.' });
    const error = await rejection(generateIdeas(null, { storage }));
    expect(error.message).toBe(ideasMessages.unusable);
    fake.enqueue({ kind: 'empty' });
    expect((await rejection(generateIdeas(null, { storage }))).message).toBe(
      ideasMessages.unusable,
    );
  });

  it('gives the failure text for a refused key or a server error, and the key text without a key', async () => {
    const wrongKey = memoryStorage({ openai_api_key: 'sk-wrong', openai_base_url: fake.url });
    expect((await rejection(generateIdeas(null, { storage: wrongKey }))).message).toBe(
      ideasMessages.failed,
    );
    fake.enqueue({ kind: 'server-error' }, { kind: 'server-error' });
    expect((await rejection(generateIdeas(null, { storage, maxRetries: 0 }))).message).toBe(
      ideasMessages.failed,
    );
    const none = await rejection(generateIdeas(null, { storage: memoryStorage() }));
    expect(none).toMatchObject({ kind: 'key-missing', message: aiMessages.keyMissing });
    expect(fake.requests.every((r) => r.path === '/v1/chat/completions')).toBe(true);
  });
});
