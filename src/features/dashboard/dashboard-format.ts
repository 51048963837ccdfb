import type { DraftPostType } from '../../lib/db';
import { providerOf } from '../ai';

/** Preview cuts of the dashboard lists. */
export const CUT_AI_CONTENT = 200;
export const CUT_DRAFT_CONTENT = 100;
export const CUT_PROMPT = 60;
export const DRAFTS_SHOWN = 3;

/** The first `max` characters, with an ellipsis when there was more. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/**
 * The provider as the dashboard names it: by its id, as the spec's lists do (chatgpt, perplexity,
 * grok, gemini, custom); the older value openai is shown as chatgpt.
 */
export function providerLabel(provider: string | null | undefined): string {
  if (!provider) return 'manual';
  return providerOf(provider, null) ?? provider;
}

const POST_TYPE_LABELS: Record<DraftPostType, string> = {
  text: 'Text Post',
  image: 'Image Post',
  carousel: 'Carousel',
};

export function postTypeLabel(postType: DraftPostType): string {
  return POST_TYPE_LABELS[postType] ?? postType;
}

/** /create opened on an AI generated post: its text and platforms, and which post it is. */
export function reviewLink(post: {
  id: string;
  content: string;
  platforms: readonly string[];
}): string {
  const params = new URLSearchParams({
    aiContent: post.content,
    platforms: post.platforms.join(','),
    aiPost: post.id,
  });
  return `/create?${params.toString()}`;
}

export function ideaLink(title: string): string {
  return `/create?${new URLSearchParams({ idea: title }).toString()}`;
}
