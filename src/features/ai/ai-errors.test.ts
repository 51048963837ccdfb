import { describe, expect, it } from 'vitest';
import {
  AiError,
  AiKeyMissingError,
  aiMessages,
  classifyAiError,
  connectionErrorMessage,
  EmptyReplyError,
  generateErrorMessage,
  improveErrorMessage,
  settingsTestMessage,
} from './ai-errors';

class FakeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
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
