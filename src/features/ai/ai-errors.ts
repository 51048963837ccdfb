import { aiProviders, type AiProviderId } from './providers';

/** The user-facing texts of the AI features, word for word from the product spec (ChatGPT's). */
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

/** What the Content Ideas panel says when generating ideas fails (the spec has no text for it). */
export const ideasMessages = {
  failed: 'Failed to generate ideas. Please try again.',
  unusable: "The AI's reply had no ideas we could use. Please try again.",
} as const;

/** Why an AI call did not give a usable answer. */
export type AiFailureKind =
  | 'key-missing'
  | 'invalid-key'
  | 'unreachable'
  | 'unknown-model'
  | 'rate-limited'
  | 'no-credit'
  | 'empty-reply'
  | 'failed';

/** What the texts name: the provider, and the address or model when the failure is about them. */
export interface AiFailureContext {
  provider: AiProviderId;
  /** The API address that did not answer. */
  address?: string;
  /** The model the provider does not offer. */
  model?: string;
}

/**
 * The name the provider's key goes by: "OpenAI", "Perplexity", "xAI", "Gemini"; null for the
 * custom model, whose key is optional and unnamed.
 */
export function keyName(provider: AiProviderId): string | null {
  const match = /^(.+) API Key$/.exec(aiProviders[provider].keyLabel);
  return match?.[1] ?? null;
}

/** Settings › Save: the key field left blank. */
export function keyRequiredMessage(provider: AiProviderId): string {
  if (provider === 'chatgpt') return aiMessages.keyRequired;
  const name = keyName(provider);
  return name ? `Please enter your ${name} API key` : 'Please enter your API key';
}

export function keyMissingMessage(provider: AiProviderId): string {
  if (provider === 'chatgpt') return aiMessages.keyMissing;
  const name = keyName(provider);
  return name
    ? `${name} API key not configured. Please add your API key in Settings.`
    : 'Custom model not configured. Please add its API Base URL in Settings.';
}

export function invalidKeyMessage(provider: AiProviderId): string {
  if (provider === 'chatgpt') return aiMessages.invalidKey;
  const name = keyName(provider);
  return name
    ? `Invalid API key. Please check your ${name} API key in Settings.`
    : 'Invalid API key. Please check the API key of your custom model in Settings.';
}

/**
 * Not the spec's: its texts blame the key or the connection, but with an API Base URL of their
 * own the usual cause is an address that does not answer. Ends "in Settings." like the spec's.
 */
export function unreachableMessage(address: string): string {
  return `Could not reach ${address}. Please check your internet connection and the API Base URL in Settings.`;
}

export function unknownModelMessage(provider: AiProviderId, model?: string): string {
  const { label } = aiProviders[provider];
  return model
    ? `${label} does not offer the model "${model}". Please check the model name in Settings.`
    : `${label} does not offer the chosen model. Please check the model name in Settings.`;
}

export function rateLimitedMessage(provider: AiProviderId): string {
  return `${aiProviders[provider].label} is limiting requests right now. Please wait a minute and try again.`;
}

export function noCreditMessage(provider: AiProviderId): string {
  const account =
    provider === 'custom'
      ? 'Your account with the custom model'
      : `Your ${aiProviders[provider].maker} account`;
  return `${account} has no credit left. Please add credit or check your plan, then try again.`;
}

export function connectionSucceededMessage(provider: AiProviderId): string {
  if (provider === 'chatgpt') return aiMessages.connectionSucceeded;
  return `Connection successful! You can now generate posts with ${aiProviders[provider].label}.`;
}

/** The text of a failure that says what happened, or null for one the caller words itself. */
function specificMessage(kind: AiFailureKind, ctx: AiFailureContext): string | null {
  switch (kind) {
    case 'key-missing':
      return keyMissingMessage(ctx.provider);
    case 'unreachable':
      return ctx.address ? unreachableMessage(ctx.address) : null;
    case 'unknown-model':
      return unknownModelMessage(ctx.provider, ctx.model);
    case 'rate-limited':
      return rateLimitedMessage(ctx.provider);
    case 'no-credit':
      return noCreditMessage(ctx.provider);
    default:
      return null;
  }
}

/** Older callers pass the unreachable address alone, for ChatGPT. */
function contextOf(ctx: AiFailureContext | string | undefined): AiFailureContext {
  if (typeof ctx === 'string') return { provider: 'chatgpt', address: ctx };
  return ctx ?? { provider: 'chatgpt' };
}

/** The connection-test text of the dashboard and of other callers outside Settings. */
export function connectionErrorMessage(
  kind: AiFailureKind,
  ctx?: AiFailureContext | string,
): string {
  const context = contextOf(ctx);
  if (kind === 'invalid-key') return invalidKeyMessage(context.provider);
  return specificMessage(kind, context) ?? aiMessages.connectionFailed;
}

/**
 * Generation keeps the spec's one failure text for a refused key, an empty reply or an unknown
 * failure; what the user can act on (no key, unknown model, rate limit, no credit) is said.
 * Unreachable stays generic here too: the Settings test names the address.
 */
export function generateErrorMessage(kind: AiFailureKind, ctx?: AiFailureContext): string {
  if (kind === 'unreachable') return aiMessages.generateFailed;
  return specificMessage(kind, contextOf(ctx)) ?? aiMessages.generateFailed;
}

export function improveErrorMessage(kind: AiFailureKind, ctx?: AiFailureContext): string {
  if (kind === 'unreachable') return aiMessages.improveFailed;
  return specificMessage(kind, contextOf(ctx)) ?? aiMessages.improveFailed;
}

export function ideasErrorMessage(kind: AiFailureKind, ctx?: AiFailureContext): string {
  if (kind === 'unreachable') return ideasMessages.failed;
  if (kind === 'empty-reply') return ideasMessages.unusable;
  return specificMessage(kind, contextOf(ctx)) ?? ideasMessages.failed;
}

/**
 * Settings shows the spec's failure text (with the provider's name in the success text) for a
 * refused key or an unknown failure, and says what happened otherwise.
 */
export function settingsTestMessage(
  ok: boolean,
  kind?: AiFailureKind,
  ctx?: AiFailureContext | string,
): string {
  const context = contextOf(ctx);
  if (ok) return connectionSucceededMessage(context.provider);
  if (!kind || kind === 'key-missing' || kind === 'invalid-key') {
    return aiMessages.settingsTestFailed;
  }
  return specificMessage(kind, context) ?? aiMessages.settingsTestFailed;
}

export const UNREACHABLE_HINTS = [
  'Check the API Base URL for typing mistakes; many services need /v1 at the end.',
  'Make sure the service is running and answers at that address.',
  'A service on your own computer or network must allow requests from this site (CORS).',
] as const;

/** The spec's hints for a refused key (ChatGPT's). */
export const CONNECTION_HINTS = [
  'Make sure your API key is correct and still active.',
  'Check that your OpenAI account has enough credits.',
  'Check that the key has the permissions needed for chat completions.',
] as const;

const KEEP_ON_SERVER_HINT =
  'A server that does not allow requests from a browser can still be used: choose "Keep my key on the server".';

/**
 * The hints panel under a failed Settings test, for the provider and what went wrong. An address
 * that did not answer gets the provider's own address as a hint only while it is the one in use;
 * any other address (a custom model, an OpenAI-compatible endpoint) gets the general hints.
 */
export function connectionHints(
  provider: AiProviderId,
  kind: AiFailureKind,
  address?: string,
): readonly string[] {
  const info = aiProviders[provider];
  switch (kind) {
    case 'unreachable':
      return provider === 'custom' || (address !== undefined && address !== info.defaultBaseURL)
        ? [...UNREACHABLE_HINTS, KEEP_ON_SERVER_HINT]
        : [
            `Check the API Base URL for typing mistakes; ${info.label}'s is ${info.defaultBaseURL}.`,
            'Make sure this device is online and nothing blocks that address.',
          ];
    case 'unknown-model':
      return [
        `Check the model name for typing mistakes. ${info.modelExamples}`,
        `Make sure your ${info.label} account may use that model.`,
      ];
    case 'rate-limited':
      return [
        'Wait a minute before trying again.',
        `Check the rate limits of your ${info.label} plan.`,
      ];
    case 'no-credit':
      return [
        `Add credit to your ${info.maker} account or check your plan.`,
        'New credit can take a few minutes to be usable.',
      ];
    default:
      if (provider === 'chatgpt') return CONNECTION_HINTS;
      return [
        'Make sure your API key is correct and still active.',
        provider === 'custom'
          ? 'Check whether your server needs a key at all, and which one.'
          : `Check that your ${info.maker} account has enough credits.`,
        'Check that the API Base URL and the model belong to the same service.',
      ];
  }
}

/** Thrown by the AI client; `message` is already the text to show the user. */
export class AiError extends Error {
  readonly kind: AiFailureKind;
  readonly provider?: AiProviderId;
  readonly address?: string;
  readonly model?: string;

  constructor(
    kind: AiFailureKind,
    message: string,
    options?: { cause?: unknown } & Partial<AiFailureContext>,
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiError';
    this.kind = kind;
    if (options?.provider) this.provider = options.provider;
    if (options?.address) this.address = options.address;
    if (options?.model) this.model = options.model;
  }
}

/** Nothing is configured for the provider: no key on this device, none on the server. */
export class AiKeyMissingError extends Error {
  constructor(provider: AiProviderId = 'chatgpt') {
    super(keyMissingMessage(provider));
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

interface ApiErrorFields {
  status?: number;
  code?: string;
  type?: string;
  /** The error object of the answer's body (the proxy adds `address`). */
  body?: Record<string, unknown>;
  text: string;
}

/** The SDK's APIError fields, read without depending on the SDK's classes. */
function fieldsOf(error: unknown): ApiErrorFields {
  if (typeof error !== 'object' || error === null) {
    return { text: typeof error === 'string' ? error : '' };
  }
  const e = error as Record<string, unknown>;
  const body =
    typeof e.error === 'object' && e.error !== null
      ? (e.error as Record<string, unknown>)
      : undefined;
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const code = str(e.code) ?? str(body?.code);
  const type = str(e.type) ?? str(body?.type);
  const text = [error instanceof Error ? error.message : '', str(body?.message) ?? '', type ?? '']
    .join(' ')
    .trim();
  return {
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(code ? { code } : {}),
    ...(type ? { type } : {}),
    ...(body ? { body } : {}),
    text,
  };
}

const NO_CREDIT = /credit|quota|billing|balance|payment/i;
const MODEL_UNKNOWN =
  /invalid[_ ]model|model_not_found|model\b.*\b(not found|does not exist|is not supported|not available)|unknown model|no such model/i;

/** What went wrong, from the SDK's errors, the proxy's or ours; with the proxy's address. */
export function describeAiFailure(error: unknown): { kind: AiFailureKind; address?: string } {
  if (error instanceof AiError) {
    return { kind: error.kind, ...(error.address ? { address: error.address } : {}) };
  }
  if (error instanceof AiKeyMissingError) return { kind: 'key-missing' };
  if (error instanceof AiUnreachableError) return { kind: 'unreachable', address: error.address };
  if (error instanceof EmptyReplyError) return { kind: 'empty-reply' };

  const { status, code, type, body, text } = fieldsOf(error);
  if (code === 'provider_not_configured') return { kind: 'key-missing' };
  if (code === 'upstream_unreachable' || code === 'upstream_timeout') {
    const address = typeof body?.address === 'string' ? body.address : undefined;
    return { kind: 'unreachable', ...(address ? { address } : {}) };
  }
  if (status === 401 || status === 403) {
    return { kind: status === 403 && NO_CREDIT.test(text) ? 'no-credit' : 'invalid-key' };
  }
  if (status === 402 || code === 'insufficient_quota') return { kind: 'no-credit' };
  if (status === 429) {
    // OpenAI's rate-limit text may point at billing for higher limits: the code decides first.
    if (code === 'rate_limit_exceeded') return { kind: 'rate-limited' };
    return { kind: NO_CREDIT.test(text) ? 'no-credit' : 'rate-limited' };
  }
  if (code === 'model_not_found' || type === 'invalid_model') return { kind: 'unknown-model' };
  if ((status === 404 || status === 400) && MODEL_UNKNOWN.test(text)) {
    return { kind: 'unknown-model' };
  }
  if (status === 404 && /\bmodel\b/i.test(text)) return { kind: 'unknown-model' };
  if (/api[\s_-]?key/i.test(text)) return { kind: 'invalid-key' };
  if (status !== undefined && status >= 400 && status < 500 && NO_CREDIT.test(text)) {
    return { kind: 'no-credit' };
  }
  return { kind: 'failed' };
}

/** Classifies any failure of a call, from the SDK's errors or ours. */
export function classifyAiError(error: unknown): AiFailureKind {
  return describeAiFailure(error).kind;
}
