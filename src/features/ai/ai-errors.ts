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

/**
 * Not the spec's: its texts blame the key or the connection, but with an API Base URL of their
 * own the usual cause is an address that does not answer. Ends "in Settings." like the spec's.
 */
export function unreachableMessage(address: string): string {
  return `Could not reach ${address}. Please check your internet connection and the API Base URL in Settings.`;
}

export const UNREACHABLE_HINTS = [
  'Check the API Base URL for typing mistakes; many services need /v1 at the end.',
  'Make sure the service is running and answers at that address.',
  'A service on your own computer or network must allow requests from this site (CORS).',
] as const;

/** Why an AI call did not give a usable answer. */
export type AiFailureKind =
  'key-missing' | 'invalid-key' | 'unreachable' | 'empty-reply' | 'failed';

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

/** Nothing answered at the API address (refused, unknown host, blocked, or no answer in time). */
export class AiUnreachableError extends Error {
  readonly address: string;

  constructor(address: string, options?: { cause?: unknown }) {
    super(unreachableMessage(address), options);
    this.name = 'AiUnreachableError';
    this.address = address;
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
  if (error instanceof AiUnreachableError) return 'unreachable';
  if (error instanceof EmptyReplyError) return 'empty-reply';
  if (statusOf(error) === 401 || /api[\s_-]?key/i.test(messageOf(error))) return 'invalid-key';
  return 'failed';
}

/** The connection-test text of the dashboard and of other callers outside Settings. */
export function connectionErrorMessage(kind: AiFailureKind, address?: string): string {
  if (kind === 'key-missing') return aiMessages.keyMissing;
  if (kind === 'invalid-key') return aiMessages.invalidKey;
  if (kind === 'unreachable' && address) return unreachableMessage(address);
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

/**
 * Settings shows the spec's failure text, with hints on the key, unless the address did not
 * answer: then it says so, with hints on the address.
 */
export function settingsTestMessage(ok: boolean, kind?: AiFailureKind, address?: string): string {
  if (ok) return aiMessages.connectionSucceeded;
  if (kind === 'unreachable' && address) return unreachableMessage(address);
  return aiMessages.settingsTestFailed;
}
