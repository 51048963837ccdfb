import {
  AiError,
  AiKeyMissingError,
  AiUnreachableError,
  aiMessages,
  describeAiFailure,
  generateErrorMessage,
  ideasErrorMessage,
  ideasMessages,
  improveErrorMessage,
  type AiFailureKind,
} from './ai-errors';
import { deviceUserId, readProviderSettings, type SettingsStorage } from './ai-settings';
import { IdeasReplyError, parseIdeasReply } from './parse-ideas';
import { parseGenerationReply, parseHashtagsReply, parseImproveReply } from './parse-reply';
import {
  buildGenerateRequest,
  buildHashtagsRequest,
  buildIdeasRequest,
  buildImproveRequest,
  buildTestConnectionRequest,
  JSON_OBJECT_FORMAT,
  LIGHT_MODEL,
  type BusinessProfileForGeneration,
  type ChatRequest,
  type GeneratedIdea,
  type GenerationRequest,
  type GenerationResult,
} from './prompt';
import { aiProviders, type AiProviderId } from './providers';
import { findServerProvider, proxyConnection } from './server-providers';

export { ideasMessages };

export interface AiCallOptions {
  /** Who writes: ChatGPT unless the user chose another provider. */
  provider?: AiProviderId;
  /** Where the settings are read from; the device's local storage by default. */
  storage?: SettingsStorage | null;
  /** Whose settings: the user of the session kept on this device by default. */
  userId?: string | null;
  /** Per attempt, in milliseconds. */
  timeoutMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
  /** For the fallback engagement prediction. */
  random?: () => number;
}

export type ConnectionTestResult =
  | { ok: true }
  /**
   * `address` is the API address that did not answer, for an unreachable one; `model` the model
   * the provider does not offer, for an unknown one.
   */
  | { ok: false; kind: AiFailureKind; address?: string; model?: string };

const TIMEOUT_MS = {
  generate: 60_000,
  improve: 60_000,
  hashtags: 30_000,
  test: 20_000,
  ideas: 60_000,
};

/** Where one provider's calls go, resolved from its settings when a call is made. */
interface Target {
  provider: AiProviderId;
  /** What the SDK calls: the provider's address, or the proxy's for a key kept on the server. */
  baseURL: string;
  /** The provider's address as the user set it, for messages and JSON-mode memory. */
  address: string;
  /** Null for a custom model without a key: no Authorization header then. */
  apiKey: string | null;
  organization?: string;
  headers?: Record<string, string | null>;
  model: string;
}

// The SDK's own headers, which the proxy has no use for and which a browser would have to ask
// the function's CORS for.
const SDK_HEADERS_OFF: Record<string, null> = Object.fromEntries(
  [
    'x-stainless-lang',
    'x-stainless-package-version',
    'x-stainless-os',
    'x-stainless-arch',
    'x-stainless-runtime',
    'x-stainless-runtime-version',
    'x-stainless-retry-count',
    'x-stainless-timeout',
    'openai-organization',
    'openai-project',
    // Browsers that let a page set it would ask the function's CORS for it too.
    'user-agent',
  ].map((name) => [name, null]),
);

async function resolveTarget(options: AiCallOptions): Promise<Target> {
  const provider = options.provider ?? 'chatgpt';
  const userId = options.userId !== undefined ? options.userId : deviceUserId();
  const settings = readProviderSettings(provider, options.storage, userId);
  if (settings?.keyLocation === 'device') {
    return {
      provider,
      baseURL: settings.baseURL,
      address: settings.baseURL,
      apiKey: settings.apiKey ?? null,
      model: settings.model,
      ...(settings.organization ? { organization: settings.organization } : {}),
    };
  }
  // A key on the server: this device may know it (keyLocation 'server'), or only the server
  // does (saved on another device).
  const row = settings ? null : userId ? await findServerProvider(provider) : null;
  const model = settings?.model ?? row?.model;
  const address = settings?.baseURL ?? row?.baseURL;
  if (!model || !address) throw new AiKeyMissingError(provider);
  const proxy = await proxyConnection(provider).catch(() => null);
  if (!proxy) throw new AiKeyMissingError(provider);
  return {
    provider,
    baseURL: proxy.baseURL,
    address,
    apiKey: proxy.apiKey,
    headers: { ...SDK_HEADERS_OFF, ...proxy.headers },
    model,
  };
}

/**
 * ChatGPT keeps the spec's small model for hashtags and the test while its model is the
 * default. Another provider (or a model the user picked) may serve no other, so its model is
 * used for everything.
 */
function lightModel(target: Target): string {
  return target.provider === 'chatgpt' && target.model === aiProviders.chatgpt.defaultModel
    ? LIGHT_MODEL
    : target.model;
}

// Providers (by address) that refused JSON mode on this page: asked without it from then on.
const jsonModeRefused = new Set<string>();

function jsonModeKey(target: Target): string {
  return `${target.provider} ${target.address}`;
}

/** A 400 that names response_format: the provider does not take OpenAI's JSON mode. */
function refusesJsonMode(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, param, message } = error as {
    status?: unknown;
    param?: unknown;
    message?: unknown;
  };
  if (status !== 400) return false;
  if (param === 'response_format') return true;
  const body = (error as { error?: { message?: unknown } }).error;
  const text = `${typeof message === 'string' ? message : ''} ${typeof body?.message === 'string' ? body.message : ''}`;
  return /response_format/i.test(text);
}

interface CallDefaults {
  timeoutMs: number;
  maxRetries: number;
  /** Ask for a JSON object when the provider takes JSON mode. */
  json?: boolean;
}

/** One call with a client built from the target; the SDK loads only when needed. */
async function complete(
  target: Target,
  body: ChatRequest,
  options: AiCallOptions,
  defaults: CallDefaults,
): Promise<string | null | undefined> {
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({
    // A keyless custom model: a placeholder, and the Authorization header left out below.
    apiKey: target.apiKey ?? 'none',
    // Explicit nulls keep the SDK from reading OPENAI_* environment variables.
    adminAPIKey: null,
    organization: target.organization ?? null,
    project: null,
    baseURL: target.baseURL,
    dangerouslyAllowBrowser: true,
    maxRetries: options.maxRetries ?? defaults.maxRetries,
    timeout: options.timeoutMs ?? defaults.timeoutMs,
    defaultHeaders: {
      ...(target.apiKey === null ? { Authorization: null } : {}),
      ...target.headers,
    },
  });
  const requestOptions = options.signal ? { signal: options.signal } : undefined;
  const json =
    defaults.json === true &&
    aiProviders[target.provider].jsonMode &&
    !jsonModeRefused.has(jsonModeKey(target));
  try {
    try {
      const completion = await client.chat.completions.create(
        json ? { ...body, response_format: JSON_OBJECT_FORMAT } : body,
        requestOptions,
      );
      return completion.choices[0]?.message?.content;
    } catch (error) {
      if (!json || !refusesJsonMode(error)) throw error;
      // The prompt asks for JSON anyway, and the reply is read with the spec's fallback.
      jsonModeRefused.add(jsonModeKey(target));
      const completion = await client.chat.completions.create(body, requestOptions);
      return completion.choices[0]?.message?.content;
    }
  } catch (error) {
    // No answer at all (refused, unknown host, blocked by CORS). A slow answer (timeout) or an
    // answer with an error status is something else.
    if (
      error instanceof OpenAI.APIConnectionError &&
      !(error instanceof OpenAI.APIConnectionTimeoutError)
    ) {
      throw new AiUnreachableError(target.baseURL, { cause: error });
    }
    throw error;
  }
}

/** The AiError a call throws: its kind, the text `message` gives it, and what it names. */
function failure(
  error: unknown,
  options: AiCallOptions,
  target: Target | null,
  message: (
    kind: AiFailureKind,
    ctx: { provider: AiProviderId; address?: string; model?: string },
  ) => string,
): AiError {
  const provider = options.provider ?? 'chatgpt';
  const { kind, address } = describeAiFailure(error);
  const ctx = {
    provider,
    ...(address ? { address } : {}),
    ...(kind === 'unknown-model' && target ? { model: target.model } : {}),
  };
  return new AiError(kind, message(kind, ctx), { cause: error, ...ctx });
}

export async function generatePost(
  request: GenerationRequest,
  options: AiCallOptions = {},
): Promise<GenerationResult> {
  if (!request.prompt.trim()) throw new AiError('failed', aiMessages.promptRequired);
  let target: Target | null = null;
  try {
    target = await resolveTarget(options);
    const reply = await complete(target, buildGenerateRequest(request, target.model), options, {
      timeoutMs: TIMEOUT_MS.generate,
      maxRetries: 1,
      json: true,
    });
    return {
      ...parseGenerationReply(reply, request.platforms, options.random),
      provider: target.provider,
    };
  } catch (error) {
    throw failure(error, options, target, generateErrorMessage);
  }
}

/** The post rewritten after the feedback; the original text when the model gives nothing back. */
export async function improvePost(
  original: string,
  feedback: string,
  options: AiCallOptions = {},
): Promise<string> {
  let target: Target | null = null;
  try {
    target = await resolveTarget(options);
    const reply = await complete(
      target,
      buildImproveRequest(original, feedback, target.model),
      options,
      { timeoutMs: TIMEOUT_MS.improve, maxRetries: 1 },
    );
    return parseImproveReply(reply, original);
  } catch (error) {
    throw failure(error, options, target, improveErrorMessage);
  }
}

/** Hashtag suggestions are a nicety: any failure gives an empty list. */
export async function generateHashtags(
  content: string,
  options: AiCallOptions = {},
): Promise<string[]> {
  try {
    const target = await resolveTarget(options);
    const reply = await complete(
      target,
      buildHashtagsRequest(content, lightModel(target)),
      options,
      {
        timeoutMs: TIMEOUT_MS.hashtags,
        maxRetries: 1,
      },
    );
    return parseHashtagsReply(reply);
  } catch {
    return [];
  }
}

/** Never throws: the outcome decides which text the caller shows. */
export async function testConnection(options: AiCallOptions = {}): Promise<ConnectionTestResult> {
  let target: Target | null = null;
  try {
    target = await resolveTarget(options);
    await complete(target, buildTestConnectionRequest(lightModel(target)), options, {
      timeoutMs: TIMEOUT_MS.test,
      maxRetries: 0,
    });
    return { ok: true };
  } catch (error) {
    const { kind, address } = describeAiFailure(error);
    return {
      ok: false,
      kind,
      ...(address ? { address } : {}),
      ...(kind === 'unknown-model' && target ? { model: lightModel(target) } : {}),
    };
  }
}

/**
 * A handful of content ideas for the business, in one request. Throws an AiError whose message
 * is the text to show: a reply without usable ideas stores nothing.
 */
export async function generateIdeas(
  profile: BusinessProfileForGeneration | null,
  options: AiCallOptions = {},
): Promise<GeneratedIdea[]> {
  let target: Target | null = null;
  try {
    target = await resolveTarget(options);
    const reply = await complete(target, buildIdeasRequest(profile, target.model), options, {
      timeoutMs: TIMEOUT_MS.ideas,
      maxRetries: 1,
      json: true,
    });
    return parseIdeasReply(reply);
  } catch (error) {
    if (error instanceof IdeasReplyError) {
      throw new AiError('empty-reply', ideasMessages.unusable, {
        cause: error,
        provider: options.provider ?? 'chatgpt',
      });
    }
    throw failure(error, options, target, ideasErrorMessage);
  }
}
