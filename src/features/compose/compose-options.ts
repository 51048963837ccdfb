import type { DraftPostType } from '../../lib/db';
import { isPlatform, PLATFORMS, type DraftPlatform } from '../../lib/platforms';

export const DEFAULT_PLATFORMS: DraftPlatform[] = ['facebook', 'twitter'];

/** The platforms that cap a post's length, and their caps. */
export const PLATFORM_LIMITS: Partial<Record<DraftPlatform, number>> = {
  twitter: 280,
  linkedin: 3000,
};

export const POST_TYPES: { id: DraftPostType; label: string }[] = [
  { id: 'text', label: 'Text Post' },
  { id: 'image', label: 'Image Post' },
  { id: 'carousel', label: 'Carousel' },
];

/** The `platforms` query parameter (a comma list): known platforms only, each once, in order. */
export function parsePlatformsParam(value: string | null): DraftPlatform[] | null {
  if (value === null) return null;
  const picked = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(isPlatform);
  return PLATFORMS.filter((platform) => picked.includes(platform));
}

export function isPostType(value: string): value is DraftPostType {
  return POST_TYPES.some((type) => type.id === value);
}

export interface LengthStatus {
  limit: number;
  over: boolean;
  /** Negative when over the limit. */
  remaining: number;
}

/** The platform's length cap and where the content stands against it; null when uncapped. */
export function lengthStatus(content: string, platform: DraftPlatform): LengthStatus | null {
  const limit = PLATFORM_LIMITS[platform];
  if (limit === undefined) return null;
  const remaining = limit - content.length;
  return { limit, over: remaining < 0, remaining };
}
