// The AI providers whose key a user may keep on the server (src/features/ai/providers.ts has the
// app's full description; functions cannot import from the app, so the names the server's
// messages need are repeated here). docs/ai-providers.md, "Keeping the key on the server".

export const SERVER_AI_PROVIDERS = ['chatgpt', 'perplexity', 'grok', 'gemini', 'custom'] as const;
export type ServerAiProvider = (typeof SERVER_AI_PROVIDERS)[number];

/** The provider's name, and the name of its key, as the cards show them. */
export const AI_PROVIDER_NAMES: Record<ServerAiProvider, { label: string; keyName: string }> = {
  chatgpt: { label: 'ChatGPT', keyName: 'OpenAI API key' },
  perplexity: { label: 'Perplexity', keyName: 'Perplexity API key' },
  grok: { label: 'Grok', keyName: 'xAI API key' },
  gemini: { label: 'Gemini', keyName: 'Gemini API key' },
  custom: { label: 'Custom', keyName: 'API key' },
};

export function isServerAiProvider(value: unknown): value is ServerAiProvider {
  return typeof value === 'string' && (SERVER_AI_PROVIDERS as readonly string[]).includes(value);
}

/** A custom (local or self-hosted) model server often needs no key. */
export const keyRequired = (provider: ServerAiProvider): boolean => provider !== 'custom';

/** Binds a sealed key to its user and provider, so a ciphertext moved to another row won't open. */
export const aiKeyAad = (userId: string, provider: ServerAiProvider): string =>
  `ai:${userId}:${provider}`;
