import { describe, expect, it } from 'vitest';
import {
  AiError,
  AiKeyMissingError,
  aiMessages,
  classifyAiError,
  CONNECTION_HINTS,
  connectionErrorMessage,
  connectionHints,
  describeAiFailure,
  EmptyReplyError,
  generateErrorMessage,
  ideasErrorMessage,
  ideasMessages,
  improveErrorMessage,
  keyMissingMessage,
  settingsTestMessage,
  UNREACHABLE_HINTS,
} from './ai-errors';
import { AI_PROVIDERS } from './providers';

class FakeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The fields the SDK's APIError carries: status, and the body's error object with its code. */
function apiError(
  status: number,
  body: { message: string; type?: string; code?: string | number | null; address?: string },
) {
  return Object.assign(new FakeApiError(status, `${status} ${body.message}`), {
    error: body,
    code: typeof body.code === 'string' ? body.code : null,
    type: body.type,
  });
}

describe('classifyAiError', () => {
  it('knows a missing key and an empty reply', () => {
    expect(classifyAiError(new AiKeyMissingError())).toBe('key-missing');
    expect(classifyAiError(new EmptyReplyError())).toBe('empty-reply');
  });

  it('treats a 401 as an invalid key, whatever its message', () => {
    expect(classifyAiError(new FakeApiError(401, '401 status code (no body)'))).toBe('invalid-key');
  });

  it('treats an error mentioning the API key as an invalid key', () => {
    expect(classifyAiError(new Error('Incorrect API key provided: sk-abc***wxyz.'))).toBe(
      'invalid-key',
    );
    expect(classifyAiError(new FakeApiError(400, 'invalid_api_key'))).toBe('invalid-key');
  });

  it('treats anything else as a failed connection', () => {
    expect(classifyAiError(new FakeApiError(500, '500 The server had an error'))).toBe('failed');
    expect(classifyAiError(new TypeError('Failed to fetch'))).toBe('failed');
    expect(classifyAiError('offline')).toBe('failed');
    expect(classifyAiError(null)).toBe('failed');
  });

  it("knows an unknown model in OpenAI's, Perplexity's and other servers' words", () => {
    expect(
      classifyAiError(
        apiError(404, {
          message: 'The model `gpt-5x` does not exist or you do not have access to it.',
          type: 'invalid_request_error',
          code: 'model_not_found',
        }),
      ),
    ).toBe('unknown-model');
    expect(
      classifyAiError(
        apiError(400, {
          message:
            "Invalid model 'gpt-4'. Permitted models can be found in the documentation at https://docs.perplexity.ai/guides/model-cards.",
          type: 'invalid_model',
          code: 400,
        }),
      ),
    ).toBe('unknown-model');
    expect(
      classifyAiError(apiError(404, { message: 'model "llama9" not found, try pulling it first' })),
    ).toBe('unknown-model');
    // A 404 for the address itself is not about the model.
    expect(
      classifyAiError(
        apiError(404, {
          message: 'Invalid URL (POST /chat/completions)',
          type: 'invalid_request_error',
        }),
      ),
    ).toBe('failed');
  });

  it('tells a rate limit from an account without credit', () => {
    expect(
      classifyAiError(
        apiError(429, {
          message:
            'Rate limit reached for gpt-4 on requests per min (RPM). You can increase your rate limit by adding a payment method at https://platform.openai.com/account/billing.',
          type: 'requests',
          code: 'rate_limit_exceeded',
        }),
      ),
    ).toBe('rate-limited');
    expect(classifyAiError(apiError(429, { message: 'Too many requests' }))).toBe('rate-limited');
    expect(
      classifyAiError(
        apiError(429, {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        }),
      ),
    ).toBe('no-credit');
    expect(classifyAiError(apiError(402, { message: 'Payment Required' }))).toBe('no-credit');
    expect(
      classifyAiError(
        apiError(403, {
          message:
            'Your team has either used all available credits or reached its monthly spending limit.',
        }),
      ),
    ).toBe('no-credit');
    expect(classifyAiError(apiError(403, { message: 'Forbidden' }))).toBe('invalid-key');
  });

  it("reads the proxy's own errors", () => {
    expect(
      classifyAiError(
        apiError(404, {
          message: 'No Perplexity key is kept on the server. Please add your API key in Settings.',
          code: 'provider_not_configured',
        }),
      ),
    ).toBe('key-missing');
    expect(
      describeAiFailure(
        apiError(502, {
          message: 'Could not reach http://10.0.0.5:11434/v1.',
          code: 'upstream_unreachable',
          address: 'http://10.0.0.5:11434/v1',
        }),
      ),
    ).toEqual({ kind: 'unreachable', address: 'http://10.0.0.5:11434/v1' });
    expect(
      describeAiFailure(
        apiError(504, { message: 'timed out', code: 'upstream_timeout', address: 'https/x' }),
      ),
    ).toEqual({ kind: 'unreachable', address: 'https/x' });
  });

  it('keeps the kind of an error it already classified', () => {
    expect(classifyAiError(new AiError('invalid-key', aiMessages.generateFailed))).toBe(
      'invalid-key',
    );
  });
});

describe('messages', () => {
  it('gives the connection-test texts of the spec', () => {
    expect(connectionErrorMessage('key-missing')).toBe(
      'OpenAI API key not configured. Please add your API key in Settings.',
    );
    expect(connectionErrorMessage('invalid-key')).toBe(
      'Invalid API key. Please check your OpenAI API key in Settings.',
    );
    expect(connectionErrorMessage('failed')).toBe(
      'Connection failed. Please check your internet connection and API key.',
    );
    expect(connectionErrorMessage('empty-reply')).toBe(
      'Connection failed. Please check your internet connection and API key.',
    );
  });

  it('hides generation and improvement failures behind the generic texts, except a missing key', () => {
    for (const kind of ['invalid-key', 'unreachable', 'empty-reply', 'failed'] as const) {
      expect(generateErrorMessage(kind)).toBe('Failed to generate post. Please try again.');
      expect(improveErrorMessage(kind)).toBe('Failed to improve post. Please try again.');
    }
    expect(generateErrorMessage('key-missing')).toBe(aiMessages.keyMissing);
    expect(improveErrorMessage('key-missing')).toBe(aiMessages.keyMissing);
  });

  it("names the provider in every text, keeping the spec's for ChatGPT", () => {
    const perplexity = { provider: 'perplexity' as const };
    expect(connectionErrorMessage('key-missing', perplexity)).toBe(
      'Perplexity API key not configured. Please add your API key in Settings.',
    );
    expect(connectionErrorMessage('key-missing', { provider: 'grok' })).toBe(
      'xAI API key not configured. Please add your API key in Settings.',
    );
    expect(keyMissingMessage('custom')).toBe(
      'Custom model not configured. Please add its API Base URL in Settings.',
    );
    expect(connectionErrorMessage('invalid-key', perplexity)).toBe(
      'Invalid API key. Please check your Perplexity API key in Settings.',
    );
    expect(connectionErrorMessage('invalid-key', { provider: 'gemini' })).toBe(
      'Invalid API key. Please check your Gemini API key in Settings.',
    );
    expect(connectionErrorMessage('unknown-model', { ...perplexity, model: 'gpt-4' })).toBe(
      'Perplexity does not offer the model "gpt-4". Please check the model name in Settings.',
    );
    expect(connectionErrorMessage('rate-limited', perplexity)).toBe(
      'Perplexity is limiting requests right now. Please wait a minute and try again.',
    );
    expect(connectionErrorMessage('no-credit', perplexity)).toBe(
      'Your Perplexity AI account has no credit left. Please add credit or check your plan, then try again.',
    );
    expect(connectionErrorMessage('failed', perplexity)).toBe(aiMessages.connectionFailed);
    expect(settingsTestMessage(true, undefined, perplexity)).toBe(
      'Connection successful! You can now generate posts with Perplexity.',
    );
    expect(settingsTestMessage(false, 'invalid-key', perplexity)).toBe(
      aiMessages.settingsTestFailed,
    );
    expect(settingsTestMessage(false, 'rate-limited', { provider: 'grok' })).toBe(
      'Grok is limiting requests right now. Please wait a minute and try again.',
    );
    expect(
      settingsTestMessage(false, 'unreachable', {
        provider: 'custom',
        address: 'http://localhost:1234/v1',
      }),
    ).toBe(
      'Could not reach http://localhost:1234/v1. Please check your internet connection and the API Base URL in Settings.',
    );
  });

  it('says what the user can act on when generating, and the spec text otherwise', () => {
    const grok = { provider: 'grok' as const, model: 'grok-9' };
    expect(generateErrorMessage('unknown-model', grok)).toBe(
      'Grok does not offer the model "grok-9". Please check the model name in Settings.',
    );
    expect(improveErrorMessage('no-credit', grok)).toBe(
      'Your xAI account has no credit left. Please add credit or check your plan, then try again.',
    );
    expect(generateErrorMessage('key-missing', grok)).toBe(
      'xAI API key not configured. Please add your API key in Settings.',
    );
    expect(ideasErrorMessage('rate-limited', grok)).toBe(
      'Grok is limiting requests right now. Please wait a minute and try again.',
    );
    expect(ideasErrorMessage('failed', grok)).toBe(ideasMessages.failed);
    expect(generateErrorMessage('invalid-key', grok)).toBe(aiMessages.generateFailed);
  });

  it('gives hints for each provider and failure', () => {
    expect(connectionHints('chatgpt', 'invalid-key')).toEqual(CONNECTION_HINTS);
    expect(connectionHints('custom', 'unreachable')).toEqual(
      expect.arrayContaining([...UNREACHABLE_HINTS]),
    );
    expect(connectionHints('perplexity', 'unreachable').join(' ')).toContain(
      'https://api.perplexity.ai',
    );
    expect(connectionHints('grok', 'unreachable', 'https://api.x.ai/v1').join(' ')).toContain(
      "Grok's is https://api.x.ai/v1",
    );
    // Another address than the provider's own: the general hints, the server among them.
    const elsewhere = connectionHints('chatgpt', 'unreachable', 'http://127.0.0.1:8080/v1');
    expect(elsewhere).toEqual(expect.arrayContaining([...UNREACHABLE_HINTS]));
    expect(elsewhere.join(' ')).toContain('Keep my key on the server');
    expect(elsewhere.join(' ')).not.toContain('https://api.openai.com/v1');
    expect(connectionHints('perplexity', 'unknown-model').join(' ')).toContain('sonar');
    for (const provider of AI_PROVIDERS) {
      for (const kind of [
        'invalid-key',
        'unreachable',
        'unknown-model',
        'rate-limited',
        'no-credit',
        'failed',
      ] as const) {
        expect(connectionHints(provider, kind).length).toBeGreaterThan(0);
      }
    }
  });

  it('gives the settings test texts', () => {
    expect(settingsTestMessage(true)).toBe(
      'Connection successful! You can now generate posts with ChatGPT.',
    );
    expect(settingsTestMessage(false)).toBe(
      'Connection failed. Please check your API key and try again.',
    );
    expect(settingsTestMessage(false, 'invalid-key')).toBe(
      'Connection failed. Please check your API key and try again.',
    );
    expect(settingsTestMessage(false, 'unreachable', 'http://localhost:11434/v1')).toBe(
      'Could not reach http://localhost:11434/v1. Please check your internet connection and the API Base URL in Settings.',
    );
  });
});
