/**
 * The AI providers a user can write posts with. Each speaks OpenAI's chat-completions protocol,
 * so one client drives them all; they differ in address, default model, whether a key is needed
 * and whether they accept OpenAI's JSON mode (`response_format: { type: 'json_object' }`).
 * docs/ai-providers.md.
 */
export const AI_PROVIDERS = ['chatgpt', 'perplexity', 'grok', 'gemini', 'custom'] as const;
export type AiProviderId = (typeof AI_PROVIDERS)[number];

export interface AiProviderInfo {
  id: AiProviderId;
  /** The name people know, on cards, radio buttons and badges. */
  label: string;
  /** Who runs it, under the card's title. */
  maker: string;
  /** Filled into the card's API Base URL field. */
  defaultBaseURL: string;
  /** Filled into the card's Model field; the user may type any other. */
  defaultModel: string;
  /** Examples for the Model field's helper text. */
  modelExamples: string;
  /** False only for a local or self-hosted model server, which often needs none. */
  keyRequired: boolean;
  /** The key field's label, and the name the error texts give the key. */
  keyLabel: string;
  /** Where a user gets a key, for the card's helper text; absent for Custom. */
  keyUrl?: string;
  /** Whether to ask for JSON mode first (a provider that refuses it is asked again without). */
  jsonMode: boolean;
}

export const aiProviders: Record<AiProviderId, AiProviderInfo> = {
  chatgpt: {
    id: 'chatgpt',
    label: 'ChatGPT',
    maker: 'OpenAI',
    defaultBaseURL: 'https://api.openai.com/v1',
    // The spec's model.
    defaultModel: 'gpt-4',
    modelExamples: 'For example gpt-4 or gpt-4o.',
    keyRequired: true,
    keyLabel: 'OpenAI API Key',
    keyUrl: 'https://platform.openai.com/api-keys',
    jsonMode: true,
  },
  perplexity: {
    id: 'perplexity',
    label: 'Perplexity',
    maker: 'Perplexity AI',
    defaultBaseURL: 'https://api.perplexity.ai',
    defaultModel: 'sonar',
    modelExamples: 'For example sonar or sonar-pro.',
    keyRequired: true,
    keyLabel: 'Perplexity API Key',
    keyUrl: 'https://www.perplexity.ai/settings/api',
    // Perplexity takes only `json_schema` structured output and refuses `json_object`.
    jsonMode: false,
  },
  grok: {
    id: 'grok',
    label: 'Grok',
    maker: 'xAI',
    defaultBaseURL: 'https://api.x.ai/v1',
    defaultModel: 'grok-4',
    modelExamples: 'For example grok-4 or grok-3-mini.',
    keyRequired: true,
    keyLabel: 'xAI API Key',
    keyUrl: 'https://console.x.ai',
    jsonMode: true,
  },
  gemini: {
    id: 'gemini',
    label: 'Gemini',
    maker: 'Google',
    // Gemini's OpenAI-compatible endpoint.
    defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta/openai',
    defaultModel: 'gemini-2.5-flash',
    modelExamples: 'For example gemini-2.5-flash or gemini-2.5-pro.',
    keyRequired: true,
    keyLabel: 'Gemini API Key',
    keyUrl: 'https://aistudio.google.com/app/apikey',
    jsonMode: true,
  },
  custom: {
    id: 'custom',
    label: 'Custom',
    maker: 'OpenAI-compatible',
    // Ollama's address on the user's own computer; LM Studio uses http://localhost:1234/v1.
    defaultBaseURL: 'http://localhost:11434/v1',
    defaultModel: 'llama3.2',
    modelExamples: 'The model name your server serves, for example llama3.2 or mistral.',
    keyRequired: false,
    keyLabel: 'API Key (optional)',
    jsonMode: true,
  },
};

/** The ids are the spec's (chatgpt, perplexity) and ours; these are the names people know. */
export const aiProviderLabels: Record<AiProviderId, string> = Object.fromEntries(
  AI_PROVIDERS.map((id) => [id, aiProviders[id].label]),
) as Record<AiProviderId, string>;

export function isAiProvider(value: unknown): value is AiProviderId {
  return typeof value === 'string' && (AI_PROVIDERS as readonly string[]).includes(value);
}

/**
 * A provider id as stored on a draft or AI post: older rows say `openai` for ChatGPT. Anything
 * else unknown gives the fallback.
 */
export function providerOf<F extends AiProviderId | null>(
  value: string | null | undefined,
  fallback: F,
): AiProviderId | F {
  if (value === 'openai') return 'chatgpt';
  return isAiProvider(value) ? value : fallback;
}
