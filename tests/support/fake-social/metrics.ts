/**
 * The fake Facebook's numbers. Every figure it reports (page fields, page insights per day, post
 * counts and post insights, a post's attachment type) is a pure function of the page or post id
 * and the day, so a test computes the value it expects instead of copying one.
 */

/** FNV-1a, 32 bit: a stable spread of ids over numbers. */
export function fakeHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A whole number in [min, max] drawn from `seed`. */
const pick = (seed: string, min: number, max: number) => min + (fakeHash(seed) % (max - min + 1));

const DAY_MS = 86_400_000;
/** Days are counted from here, so a page's follower total grows by the same steps every run. */
const EPOCH_DAY = Date.UTC(2026, 0, 1);

const dayNumber = (day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - EPOCH_DAY) / DAY_MS);

/** `YYYY-MM-DD` of `at` in UTC. */
export const fakeUtcDay = (at: Date | number = Date.now()) =>
  new Date(at).toISOString().slice(0, 10);

export interface FakePageDay {
  /** Total followers at the end of the day (`page_follows`). */
  followers: number;
  /** New follows that day (`page_daily_follows`). */
  follows: number;
  /** `page_media_view` */
  views: number;
  /** `page_total_media_view_unique` */
  reach: number;
  /** `page_post_engagements` */
  engagements: number;
}

/** The page's insights for one day (`YYYY-MM-DD`, the day the values are for). */
export function fakePageDay(pageId: string, day: string): FakePageDay {
  const n = dayNumber(day);
  const reach = pick(`${pageId}:${day}:reach`, 120, 2400);
  return {
    followers: 800 + (fakeHash(pageId) % 4000) + 7 * n + pick(`${pageId}:${day}:f`, 0, 6),
    follows: pick(`${pageId}:${day}:follows`, 0, 25),
    views: reach + pick(`${pageId}:${day}:views`, 0, 1800),
    reach,
    engagements: pick(`${pageId}:${day}:eng`, 5, Math.floor(reach / 8)),
  };
}

/** `followers_count` of the page: the follower total of `at`'s UTC day. */
export function fakeFollowers(pageId: string, at: Date | number = Date.now()): number {
  return fakePageDay(pageId, fakeUtcDay(at)).followers;
}

/** `fan_count` (likes) of the page: a little under the followers. */
export function fakeFanCount(pageId: string, at: Date | number = Date.now()): number {
  return Math.floor(fakeFollowers(pageId, at) * 0.92);
}

export interface FakePostNumbers {
  /** `reactions.summary.total_count` */
  reactions: number;
  /** `comments.summary.total_count` */
  comments: number;
  /** `shares.count` (Graph leaves `shares` out when it is 0) */
  shares: number;
  /** insights `post_clicks` */
  clicks: number;
  /** insights `post_total_media_view_unique` */
  reach: number;
}

/** A post's counts and insights (`postId` is Graph's `{page-id}_{n}`). */
export function fakePostNumbers(postId: string): FakePostNumbers {
  const reach = pick(`${postId}:reach`, 150, 5000);
  return {
    reactions: pick(`${postId}:reactions`, 0, Math.floor(reach / 10)),
    comments: pick(`${postId}:comments`, 0, 40),
    shares: pick(`${postId}:shares`, 0, 3) === 0 ? 0 : pick(`${postId}:sharecount`, 1, 30),
    clicks: pick(`${postId}:clicks`, 0, Math.floor(reach / 12)),
    reach,
  };
}

/** Graph's `attachments{media_type}` of a post; null: no attachment (a text post). */
export type FakeMediaType = 'photo' | 'video' | 'album' | 'share' | null;

const MEDIA_TYPES: FakeMediaType[] = [
  'photo',
  'photo',
  'photo',
  'video',
  'album',
  'share',
  null,
  null,
];

/** The post's attachment type, made up from its id whatever was posted. */
export function fakeMediaType(postId: string): FakeMediaType {
  return MEDIA_TYPES[fakeHash(`${postId}:media`) % MEDIA_TYPES.length]!;
}

/** The content type Postbloom stores for the post (`analytics_post_metrics.content_type`). */
export function fakeContentType(postId: string): 'image' | 'video' | 'carousel' | 'link' | 'text' {
  const media = fakeMediaType(postId);
  if (media === 'photo') return 'image';
  if (media === 'video') return 'video';
  if (media === 'album') return 'carousel';
  if (media === 'share') return 'link';
  return 'text';
}
