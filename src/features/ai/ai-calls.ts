import type * as AiClient from './ai-client';

export type { AiCallOptions, ConnectionTestResult } from './ai-client';

// The AI calls, with the client (the providers' APIs, the prompts, the reply parsers) fetched at
// the first call rather than with the page that offers it: /create and the dashboard paint first.
const client = () => import('./ai-client');

export const generatePost = async (...args: Parameters<typeof AiClient.generatePost>) =>
  (await client()).generatePost(...args);

export const improvePost = async (...args: Parameters<typeof AiClient.improvePost>) =>
  (await client()).improvePost(...args);

export const generateHashtags = async (...args: Parameters<typeof AiClient.generateHashtags>) =>
  (await client()).generateHashtags(...args);

export const generateIdeas = async (...args: Parameters<typeof AiClient.generateIdeas>) =>
  (await client()).generateIdeas(...args);

export const testConnection = async (...args: Parameters<typeof AiClient.testConnection>) =>
  (await client()).testConnection(...args);
