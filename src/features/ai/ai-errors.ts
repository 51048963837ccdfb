/** The user-facing texts of the AI features, word for word from the product spec. */
export const aiMessages = {
  keyRequired: 'Please enter your OpenAI API key',
  promptRequired: 'Please select or enter a content prompt',
  keyMissing: 'OpenAI API key not configured. Please add your API key in Settings.',
  invalidKey: 'Invalid API key. Please check your OpenAI API key in Settings.',
  connectionFailed: 'Connection failed. Please check your internet connection and API key.',
  generateFailed: 'Failed to generate post. Please try again.',
  improveFailed: 'Failed to improve post. Please try again.',
  settingsTestFailed: 'Connection failed. Please check your API key and try again.',
  connectionSucceeded: 'Connection successful! You can now generate posts with ChatGPT.',
} as const;

/** Why an AI call did not give a usable answer. */
export type AiFailureKind = 'key-missing' | 'invalid-key' | 'empty-reply' | 'failed';

/** Thrown by the AI client; `message` is already the text to show the user. */
export class AiError extends Error {
  readonly kind: AiFailureKind;

  constructor(kind: AiFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiError';
    this.kind = kind;
  }
}

/** No key is stored on this device. */
export class AiKeyMissingError extends Error {
  constructor() {
    super(aiMessages.keyMissing);
    this.name = 'AiKeyMissingError';
  }
}

/** The model answered, but with nothing in it. */
export class EmptyReplyError extends Error {
  constructor() {
    super('The model returned an empty reply');
    this.name = 'EmptyReplyError';
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** Classifies any failure of a call, from the SDK's errors or ours. */
export function classifyAiError(error: unknown): AiFailureKind {
  if (error instanceof AiError) return error.kind;
  if (error instanceof AiKeyMissingError) return 'key-missing';
  if (error instanceof EmptyReplyError) return 'empty-reply';
  if (statusOf(error) === 401 || /api[\s_-]?key/i.test(messageOf(error))) return 'invalid-key';
  return 'failed';
}

/** The connection-test text of the dashboard and of other callers outside Settings. */
export function connectionErrorMessage(kind: AiFailureKind): string {
  if (kind === 'key-missing') return aiMessages.keyMissing;
  if (kind === 'invalid-key') return aiMessages.invalidKey;
  return aiMessages.connectionFailed;
}

/**
 * Generation hides every failure behind one text, except a missing key, which the user can fix
 * in Settings (we ship no fallback key, so the spec's generic text would leave them stuck).
 */
export function generateErrorMessage(kind: AiFailureKind): string {
  return kind === 'key-missing' ? aiMessages.keyMissing : aiMessages.generateFailed;
}

export function improveErrorMessage(kind: AiFailureKind): string {
  return kind === 'key-missing' ? aiMessages.keyMissing : aiMessages.improveFailed;
}

/** Settings shows one failure text whatever the cause; hints beside it cover the usual causes. */
export function settingsTestMessage(ok: boolean): string {
  return ok ? aiMessages.connectionSucceeded : aiMessages.settingsTestFailed;
}
