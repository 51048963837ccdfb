import { EmptyReplyError } from './ai-errors';
import { distinctTags, extractHashtags } from './hashtags';
import type { GenerationResult } from './prompt';

export const FALLBACK_PREDICTION_MIN = 70;
export const FALLBACK_PREDICTION_MAX = 89;

/** A random engagement prediction from 70 to 89, for replies that did not give one. */
export function fallbackPrediction(random: () => number = Math.random): number {
  const span = FALLBACK_PREDICTION_MAX - FALLBACK_PREDICTION_MIN + 1;
  const offset = Math.min(Math.floor(random() * span), span - 1);
  return FALLBACK_PREDICTION_MIN + Math.max(offset, 0);
}

function unfence(text: string): string {
  const fenced = /^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i.exec(text);
  return fenced?.[1]?.trim() ?? text;
}

interface ReplyJson {
  content: string;
  hashtags?: unknown;
  engagementPrediction?: unknown;
}

function parseJsonReply(text: string): ReplyJson | null {
  try {
    const value: unknown = JSON.parse(unfence(text));
    if (typeof value !== 'object' || value === null) return null;
    const { content } = value as { content?: unknown };
    return typeof content === 'string' && content.trim() ? (value as ReplyJson) : null;
  } catch {
    return null;
  }
}

function normaliseHashtags(value: unknown, content: string): string[] {
  if (!Array.isArray(value)) return extractHashtags(content);
  const tags = value
    .filter((tag): tag is string => typeof tag === 'string')
    .map((tag) => tag.trim().replace(/^#*/, ''))
    .filter((tag) => /^\w+$/.test(tag))
    .map((tag) => `#${tag}`);
  return distinctTags(tags);
}

function normalisePrediction(value: unknown, random: () => number): number {
  const number = typeof value === 'string' ? Number.parseFloat(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallbackPrediction(random);
  return Math.round(Math.min(Math.max(number, 0), 100));
}

/**
 * Reads the generate reply: the JSON we asked for (bare or in a ```json fence), else the raw
 * text as the post with its hashtags extracted and a random prediction.
 */
export function parseGenerationReply(
  reply: string | null | undefined,
  platforms: readonly string[],
  random: () => number = Math.random,
): GenerationResult {
  const text = reply?.trim() ?? '';
  if (!text) throw new EmptyReplyError();
  const platform = platforms.join(', ');

  const json = parseJsonReply(text);
  if (json) {
    const content = json.content.trim();
    return {
      content,
      hashtags: normaliseHashtags(json.hashtags, content),
      engagementPrediction: normalisePrediction(json.engagementPrediction, random),
      platform,
    };
  }
  return {
    content: text,
    hashtags: extractHashtags(text),
    engagementPrediction: fallbackPrediction(random),
    platform,
  };
}

/** The hashtags reply: tags written with #, or a bare word list when the model left the # out. */
export function parseHashtagsReply(reply: string | null | undefined): string[] {
  const text = reply?.trim() ?? '';
  const tagged = extractHashtags(text);
  if (tagged.length || !text) return tagged;
  const words = text.split(/[\s,]+/).filter(Boolean);
  // Only a reply that is nothing but words is a list; prose would give made-up tags.
  if (!words.every((word) => /^\w+$/.test(word))) return [];
  return distinctTags(words.map((word) => `#${word}`));
}

/** The improve reply, or the original text when the model gave nothing back. */
export function parseImproveReply(reply: string | null | undefined, original: string): string {
  return reply?.trim() || original;
}
