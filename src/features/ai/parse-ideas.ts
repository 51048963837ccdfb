import type { ContentIdeaType } from '../../lib/db';
import { IDEAS_PER_REQUEST, type GeneratedIdea } from './prompt';

export const IDEA_TITLE_MAX = 200;
export const IDEA_DESCRIPTION_MAX = 2000;

const TYPES: readonly ContentIdeaType[] = ['ai-generated', 'trending', 'recommended'];

/** The model's reply held no idea we could use (not JSON, cut off, or nothing valid in it). */
export class IdeasReplyError extends Error {
  constructor(reason: string) {
    super(`The ideas reply could not be used: ${reason}`);
    this.name = 'IdeasReplyError';
  }
}

function unfence(text: string): string {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)\n?```/i.exec(text);
  return fenced?.[1]?.trim() ?? text;
}

/** The JSON in the reply: the whole text, a fenced block, or the outermost {…} / […] in prose. */
function parseJson(text: string): unknown {
  const candidates = [text, unfence(text)];
  const object = /\{[\s\S]*\}/.exec(text)?.[0];
  const array = /\[[\s\S]*\]/.exec(text)?.[0];
  if (object) candidates.push(object);
  if (array) candidates.push(array);
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // Try the next reading.
    }
  }
  throw new IdeasReplyError('it is not JSON');
}

function normaliseType(value: unknown): ContentIdeaType | null {
  if (typeof value !== 'string') return null;
  const type = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return TYPES.includes(type as ContentIdeaType) ? (type as ContentIdeaType) : null;
}

function normaliseScore(value: unknown): number | null {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  return Math.round(Math.min(Math.max(n, 0), 100));
}

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

function readIdea(value: unknown): GeneratedIdea | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const title = typeof raw.title === 'string' ? raw.title.trim() : '';
  const description = typeof raw.description === 'string' ? raw.description.trim() : '';
  const type = normaliseType(raw.type);
  const score = normaliseScore(raw.score);
  // An idea without a title, a known type or a score is not shown half made.
  if (!title || type === null || score === null) return null;
  return {
    title: cut(title, IDEA_TITLE_MAX),
    description: cut(description, IDEA_DESCRIPTION_MAX),
    type,
    score,
  };
}

/**
 * Reads the ideas reply: `{"ideas": [...]}` or a bare list, bare, fenced or inside prose. Ideas
 * with an unknown type or no title or score are dropped, scores are brought into 0–100, repeated
 * titles kept once, and at most `max` are kept. Throws IdeasReplyError when no idea is left.
 */
export function parseIdeasReply(
  reply: string | null | undefined,
  max = IDEAS_PER_REQUEST,
): GeneratedIdea[] {
  const text = reply?.trim() ?? '';
  if (!text) throw new IdeasReplyError('it is empty');
  const json = parseJson(text);
  const list = Array.isArray(json)
    ? json
    : typeof json === 'object' &&
        json !== null &&
        Array.isArray((json as { ideas?: unknown }).ideas)
      ? (json as { ideas: unknown[] }).ideas
      : null;
  if (!list) throw new IdeasReplyError('it has no list of ideas');
  const seen = new Set<string>();
  const ideas: GeneratedIdea[] = [];
  for (const item of list) {
    const idea = readIdea(item);
    if (!idea || seen.has(idea.title.toLowerCase())) continue;
    seen.add(idea.title.toLowerCase());
    ideas.push(idea);
    if (ideas.length === max) break;
  }
  if (ideas.length === 0) throw new IdeasReplyError('no idea in it is complete');
  return ideas;
}
