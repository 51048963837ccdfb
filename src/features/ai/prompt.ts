import type { ContentIdeaType } from '../../lib/db';
import { aiProviders, type AiProviderId } from './providers';

import type { DraftPlatform } from '../../lib/platforms';

export interface BusinessProfileForGeneration {
  business_name?: string | null;
  business_type?: string | null;
  location?: string | null;
  primary_goal?: string | null;
  target_audience?: string | null;
  posting_frequency?: string | null;
}

export interface GenerationRequest {
  prompt: string;
  platforms: DraftPlatform[];
  /** Default professional. */
  tone?: string;
  /** Default true. */
  includeHashtags?: boolean;
  /** Default true. */
  includeEmojis?: boolean;
  /** Capped at 280 when twitter is among the platforms. */
  maxLength?: number;
  contentType?: string;
  targetAudience?: string;
  brandVoice?: string;
  businessProfile?: BusinessProfileForGeneration | null;
}

export interface GenerationResult {
  content: string;
  hashtags: string[];
  engagementPrediction: number;
  /** The platforms the post was written for, comma separated. */
  platform: string;
  /** Who wrote it, for the draft's ai_provider. */
  provider?: AiProviderId;
}

/** A chat-completion request body, in the shape of OpenAI's API. */
export interface ChatRequest {
  model: string;
  messages: { role: 'system' | 'user'; content: string }[];
  temperature?: number;
  max_tokens: number;
  /** OpenAI's JSON mode; added by the client for providers that take it. */
  response_format?: { type: 'json_object' };
}

export const JSON_OBJECT_FORMAT = { type: 'json_object' } as const;

/** ChatGPT's model in the spec (gpt-4): the default of every builder below. */
const DEFAULT_MODEL = aiProviders.chatgpt.defaultModel;

export const DEFAULT_TONE = 'professional';
export const TWITTER_MAX_LENGTH = 280;
/** The small, cheap model the spec uses for hashtags and the connection test. */
export const LIGHT_MODEL = 'gpt-3.5-turbo';

/** The request with the spec's defaults applied. */
export function resolveGenerationOptions(request: GenerationRequest) {
  const twitter = request.platforms.includes('twitter');
  const maxLength = twitter
    ? Math.min(request.maxLength ?? TWITTER_MAX_LENGTH, TWITTER_MAX_LENGTH)
    : request.maxLength;
  return {
    tone: request.tone?.trim() || DEFAULT_TONE,
    includeHashtags: request.includeHashtags ?? true,
    includeEmojis: request.includeEmojis ?? true,
    maxLength,
  };
}

const PROFILE_LINES: [keyof BusinessProfileForGeneration, string][] = [
  ['business_name', 'Business name'],
  ['business_type', 'Business type'],
  ['location', 'Location'],
  ['primary_goal', 'Primary goal'],
  ['target_audience', 'Target audience'],
  ['posting_frequency', 'Posting frequency'],
];

function profileSection(profile: BusinessProfileForGeneration | null | undefined): string[] {
  if (!profile) return [];
  const lines = PROFILE_LINES.flatMap(([field, label]) => {
    const value = profile[field]?.trim();
    return value ? [`- ${label}: ${value}`] : [];
  });
  return lines.length ? ['', 'Business profile:', ...lines] : [];
}

const GENERATE_SYSTEM = [
  'You are an expert social media copywriter for small businesses.',
  'You write engaging, on-brand posts that fit each platform.',
  'Reply with JSON only, no other text, in exactly this shape:',
  '{"content": "the post text", "hashtags": ["#example"], "engagementPrediction": 75}',
  'engagementPrediction is your estimate of the engagement, as a whole percentage from 0 to 100.',
].join('\n');

export function buildGenerateRequest(
  request: GenerationRequest,
  model = DEFAULT_MODEL,
): ChatRequest {
  const options = resolveGenerationOptions(request);
  const lines = [
    `Write a social media post about: ${request.prompt.trim()}`,
    '',
    `Platforms: ${request.platforms.join(', ')}`,
    `Tone: ${options.tone}`,
    options.includeHashtags
      ? 'Include relevant hashtags in the hashtags list.'
      : 'Do not include hashtags; return an empty hashtags list.',
    options.includeEmojis ? 'Include fitting emojis.' : 'Do not use emojis.',
  ];
  if (options.maxLength !== undefined) {
    lines.push(`Maximum length: ${options.maxLength} characters, hashtags included.`);
  }
  if (request.contentType?.trim()) lines.push(`Content type: ${request.contentType.trim()}`);
  if (request.targetAudience?.trim())
    lines.push(`Target audience: ${request.targetAudience.trim()}`);
  if (request.brandVoice?.trim()) lines.push(`Brand voice: ${request.brandVoice.trim()}`);
  lines.push(...profileSection(request.businessProfile));

  return {
    model,
    messages: [
      { role: 'system', content: GENERATE_SYSTEM },
      { role: 'user', content: lines.join('\n') },
    ],
    temperature: 0.7,
    max_tokens: 1000,
  };
}

export function buildImproveRequest(
  original: string,
  feedback: string,
  model = DEFAULT_MODEL,
): ChatRequest {
  return {
    model,
    messages: [
      {
        role: 'system',
        content:
          'You are an expert social media editor. Rewrite posts following the feedback given, ' +
          'keeping what works. Reply with the improved post text only.',
      },
      {
        role: 'user',
        content: `Original post:\n${original}\n\nFeedback:\n${feedback.trim()}`,
      },
    ],
    temperature: 0.7,
    max_tokens: 500,
  };
}

export function buildHashtagsRequest(content: string, model = LIGHT_MODEL): ChatRequest {
  return {
    model,
    messages: [
      {
        role: 'system',
        content: 'You suggest hashtags for social media posts.',
      },
      {
        role: 'user',
        content:
          'Suggest 5 to 10 relevant hashtags for this post. ' +
          `Reply with the hashtags only, separated by spaces.\n\nPost:\n${content}`,
      },
    ],
    temperature: 0.5,
    max_tokens: 200,
  };
}

export function buildTestConnectionRequest(model = LIGHT_MODEL): ChatRequest {
  return {
    model,
    messages: [{ role: 'user', content: 'Hello' }],
    max_tokens: 5,
  };
}

/** A content idea as the AI suggests it, checked and brought into range (parse-ideas.ts). */
export interface GeneratedIdea {
  title: string;
  description: string;
  type: ContentIdeaType;
  /** 0 to 100. */
  score: number;
}

/** How many ideas one request asks for. */
export const IDEAS_PER_REQUEST = 6;

const IDEAS_SYSTEM = [
  'You are a social media strategist for small businesses.',
  'You suggest post ideas that fit the business and its audience.',
  'Reply with JSON only, no other text, in exactly this shape:',
  '{"ideas": [{"title": "a short title", "description": "one or two sentences", ' +
    '"type": "ai-generated", "score": 85}]}',
  'type is one of: ai-generated (an original idea for this business), trending (rides a current ' +
    'trend or season), recommended (a proven kind of post for this type of business).',
  'score is how promising the idea is, as a whole number from 0 to 100.',
  'Titles are at most 80 characters; descriptions at most 200.',
].join('\n');

/** One request for a handful of content ideas, shaped by the business profile when there is one. */
export function buildIdeasRequest(
  profile: BusinessProfileForGeneration | null | undefined,
  model = DEFAULT_MODEL,
  count = IDEAS_PER_REQUEST,
): ChatRequest {
  const lines = [
    `Suggest ${count} social media content ideas for this business, with a mix of the three types.`,
    ...profileSection(profile),
  ];
  return {
    model,
    messages: [
      { role: 'system', content: IDEAS_SYSTEM },
      { role: 'user', content: lines.join('\n') },
    ],
    temperature: 0.8,
    max_tokens: 1000,
  };
}
