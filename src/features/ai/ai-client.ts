import {
  AiError,
  AiKeyMissingError,
  AiUnreachableError,
  aiMessages,
  classifyAiError,
  generateErrorMessage,
  improveErrorMessage,
  type AiFailureKind,
} from './ai-errors';
import {
  DEFAULT_MODEL,
  OPENAI_BASE_URL,
  readAiSettings,
  type AiSettings,
  type SettingsStorage,
} from './ai-settings';
import { IdeasReplyError, parseIdeasReply } from './parse-ideas';
import { parseGenerationReply, parseHashtagsReply, parseImproveReply } from './parse-reply';
import {
  buildGenerateRequest,
  buildHashtagsRequest,
  buildIdeasRequest,
  buildImproveRequest,
  buildTestConnectionRequest,
  LIGHT_MODEL,
  type BusinessProfileForGeneration,
  type ChatRequest,
  type GeneratedIdea,
  type GenerationRequest,
  type GenerationResult,
} from './prompt';

export interface AiCallOptions {
  /** Where the settings are read from; the device's local storage by default. */
  storage?: SettingsStorage | null;
  /** Per attempt, in milliseconds. */
  timeoutMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
  /** For the fallback engagement prediction. */
  random?: () => number;
}

export type ConnectionTestResult =
  | { ok: true }
  /** `address` is the API address that did not answer, for an unreachable one. */
  | { ok: false; kind: AiFailureKind; address?: string };

const TIMEOUT_MS = { generate: 60_000, improve: 60_000, hashtags: 30_000, test: 20_000 };

function requireSettings(options: AiCallOptions): AiSettings {
  const settings = readAiSettings(options.storage);
  if (!settings) throw new AiKeyMissingError();
  return settings;
}

/**
 * A user who picked their own model often did so because their endpoint (a local server,
 * OpenRouter…) serves no other, so the light calls use it too; otherwise the spec's model.
 */
function lightModel(settings: AiSettings): string {
  return settings.model === DEFAULT_MODEL ? LIGHT_MODEL : settings.model;
}

/** One call with a client built from the stored settings; the SDK loads only when needed. */
async function complete(
  settings: AiSettings,
  body: ChatRequest,
  options: AiCallOptions,
  defaults: { timeoutMs: number; maxRetries: number },
): Promise<string | null | undefined> {
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({
    apiKey: settings.apiKey,
    // Explicit nulls keep the SDK from reading OPENAI_* environment variables.
    organization: settings.organization ?? null,
    project: null,
    baseURL: settings.baseURL ?? OPENAI_BASE_URL,
    dangerouslyAllowBrowser: true,
    maxRetries: options.maxRetries ?? defaults.maxRetries,
    timeout: options.timeoutMs ?? defaults.timeoutMs,
  });
  try {
    const completion = await client.chat.completions.create(
      body,
      options.signal ? { signal: options.signal } : undefined,
    );
    return completion.choices[0]?.message?.content;
  } catch (error) {
    // No answer at all (refused, unknown host, blocked by CORS). A slow answer (timeout) or an
    // answer with an error status is something else.
    if (
      error instanceof OpenAI.APIConnectionError &&
      !(error instanceof OpenAI.APIConnectionTimeoutError)
    ) {
      throw new AiUnreachableError(settings.baseURL ?? OPENAI_BASE_URL, { cause: error });
    }
    throw error;
  }
}

export async function generatePost(
  request: GenerationRequest,
  options: AiCallOptions = {},
): Promise<GenerationResult> {
  if (!request.prompt.trim()) throw new AiError('failed', aiMessages.promptRequired);
  try {
    const settings = requireSettings(options);
    const reply = await complete(settings, buildGenerateRequest(request, settings.model), options, {
      timeoutMs: TIMEOUT_MS.generate,
      maxRetries: 1,
    });
    return parseGenerationReply(reply, request.platforms, options.random);
  } catch (error) {
    const kind = classifyAiError(error);
    throw new AiError(kind, generateErrorMessage(kind), { cause: error });
  }
}

/** The post rewritten after the feedback; the original text when the model gives nothing back. */
export async function improvePost(
  original: string,
  feedback: string,
  options: AiCallOptions = {},
): Promise<string> {
  try {
    const settings = requireSettings(options);
    const reply = await complete(
      settings,
      buildImproveRequest(original, feedback, settings.model),
      options,
      { timeoutMs: TIMEOUT_MS.improve, maxRetries: 1 },
    );
    return parseImproveReply(reply, original);
  } catch (error) {
    const kind = classifyAiError(error);
    throw new AiError(kind, improveErrorMessage(kind), { cause: error });
  }
}

/** Hashtag suggestions are a nicety: any failure gives an empty list. */
export async function generateHashtags(
  content: string,
  options: AiCallOptions = {},
): Promise<string[]> {
  try {
    const settings = requireSettings(options);
    const reply = await complete(
      settings,
      buildHashtagsRequest(content, lightModel(settings)),
      options,
      { timeoutMs: TIMEOUT_MS.hashtags, maxRetries: 1 },
    );
    return parseHashtagsReply(reply);
  } catch {
    return [];
  }
}

/** Never throws: the outcome decides which of the spec's texts the caller shows. */
export async function testConnection(options: AiCallOptions = {}): Promise<ConnectionTestResult> {
  try {
    const settings = requireSettings(options);
    await complete(settings, buildTestConnectionRequest(lightModel(settings)), options, {
      timeoutMs: TIMEOUT_MS.test,
      maxRetries: 0,
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof AiUnreachableError) {
      return { ok: false, kind: 'unreachable', address: error.address };
    }
    return { ok: false, kind: classifyAiError(error) };
  }
}

/** What the Content Ideas panel says when generating ideas fails (the spec has no text for it). */
export const ideasMessages = {
  failed: 'Failed to generate ideas. Please try again.',
  unusable: "The AI's reply had no ideas we could use. Please try again.",
} as const;

const IDEAS_TIMEOUT_MS = 60_000;

/**
 * A handful of content ideas for the business, in one request. Throws an AiError whose message
 * is the text to show: a reply without usable ideas stores nothing.
 */
export async function generateIdeas(
  profile: BusinessProfileForGeneration | null,
  options: AiCallOptions = {},
): Promise<GeneratedIdea[]> {
  try {
    const settings = requireSettings(options);
    const reply = await complete(settings, buildIdeasRequest(profile, settings.model), options, {
      timeoutMs: IDEAS_TIMEOUT_MS,
      maxRetries: 1,
    });
    return parseIdeasReply(reply);
  } catch (error) {
    if (error instanceof IdeasReplyError) {
      throw new AiError('empty-reply', ideasMessages.unusable, { cause: error });
    }
    const kind = classifyAiError(error);
    throw new AiError(kind, kind === 'key-missing' ? aiMessages.keyMissing : ideasMessages.failed, {
      cause: error,
    });
  }
}
