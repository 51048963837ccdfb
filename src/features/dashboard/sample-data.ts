import type { DraftPlatform } from '../../lib/db';
import { dateInZone, deviceTimeZone, wallTimeToInstant } from '../../lib/intl/zoned-time';

/**
 * The dashboard's sample data, as in the product spec: upcoming posts, content ideas and the
 * performance figures are not computed from the user's posts yet. Panels showing it say so.
 */

export type UpcomingStatus = 'scheduled' | 'draft' | 'in-review' | 'published';

export interface UpcomingPost {
  id: string;
  title: string;
  platform: DraftPlatform;
  scheduledDate: string;
  status: UpcomingStatus;
  image: boolean;
}

const UPCOMING: {
  title: string;
  platform: DraftPlatform;
  inDays: number;
  at: [number, number];
  status: UpcomingStatus;
  image: boolean;
}[] = [
  {
    title: 'Weekend special announcement',
    platform: 'facebook',
    inDays: 1,
    at: [9, 0],
    status: 'scheduled',
    image: true,
  },
  {
    title: 'Customer spotlight: Maria',
    platform: 'instagram',
    inDays: 2,
    at: [14, 30],
    status: 'in-review',
    image: true,
  },
  {
    title: '5 tips for choosing the right service',
    platform: 'linkedin',
    inDays: 4,
    at: [11, 0],
    status: 'draft',
    image: false,
  },
  {
    title: 'Behind the scenes with our team',
    platform: 'twitter',
    inDays: 6,
    at: [17, 15],
    status: 'scheduled',
    image: false,
  },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** Sample posts spread over the next 7 days from `now`, at their times of day in `timeZone`. */
export function upcomingPosts(
  now: Date = new Date(),
  timeZone: string = deviceTimeZone(),
): UpcomingPost[] {
  return UPCOMING.map((post, index) => ({
    id: `upcoming-${index + 1}`,
    title: post.title,
    platform: post.platform,
    status: post.status,
    image: post.image,
    scheduledDate:
      wallTimeToInstant(
        dateInZone(now, timeZone, post.inDays),
        `${pad(post.at[0])}:${pad(post.at[1])}`,
        timeZone,
      ) ?? now.toISOString(),
  }));
}

export type IdeaType = 'ai-generated' | 'recommended' | 'trending';

export interface Idea {
  id: string;
  title: string;
  description: string;
  type: IdeaType;
  /** How promising the idea is, out of 100. */
  score: number;
}

export const CONTENT_IDEAS: Idea[] = [
  {
    id: 'idea-1',
    title: 'Seasonal product showcase',
    description: 'Highlight the products your customers love most this season.',
    type: 'ai-generated',
    score: 92,
  },
  {
    id: 'idea-2',
    title: 'Meet the team Monday',
    description: 'Introduce a team member and what they enjoy about their work.',
    type: 'recommended',
    score: 88,
  },
  {
    id: 'idea-3',
    title: 'Local community event recap',
    description: 'Share photos and thanks from a recent event in your area.',
    type: 'trending',
    score: 85,
  },
  {
    id: 'idea-4',
    title: 'Quick how-to tip',
    description: 'A short, practical tip your audience can use today.',
    type: 'ai-generated',
    score: 81,
  },
  {
    id: 'idea-5',
    title: 'Customer review highlight',
    description: 'Turn a recent five-star review into a thank-you post.',
    type: 'recommended',
    score: 79,
  },
  {
    id: 'idea-6',
    title: 'Industry trend take',
    description: 'Give your view on a trend everyone in your industry is talking about.',
    type: 'trending',
    score: 76,
  },
];

export const IDEA_TYPE_LABELS: Record<IdeaType, string> = {
  'ai-generated': 'AI Generated',
  trending: 'Trending',
  recommended: 'Recommended',
};

/** How a figure reads: a count (1,234), a shortened count (24.5K) or a percentage of a fraction. */
export type MetricUnit = 'count' | 'compact' | 'percent';

/** Figures are numbers, written in the user's language where they are shown. */
export interface MetricCard {
  label: string;
  value: number;
  unit: MetricUnit;
  /** Against last month. */
  change: number;
  changeUnit: 'count' | 'percent';
}

export const PERFORMANCE_CARDS: MetricCard[] = [
  { label: 'Total Reach', value: 24_500, unit: 'compact', change: 0.12, changeUnit: 'percent' },
  { label: 'Engagement Rate', value: 0.048, unit: 'percent', change: 0.006, changeUnit: 'percent' },
  { label: 'New Followers', value: 1_234, unit: 'count', change: 0.08, changeUnit: 'percent' },
  { label: 'Posts Published', value: 48, unit: 'count', change: 5, changeUnit: 'count' },
];

export interface PlatformStats {
  platform: DraftPlatform;
  followers: number;
  /** A fraction: 0.042 is 4.2%. */
  engagement: number;
  posts: number;
}

export const PLATFORM_STATS: PlatformStats[] = [
  { platform: 'facebook', followers: 12_400, engagement: 0.042, posts: 18 },
  { platform: 'instagram', followers: 8_900, engagement: 0.061, posts: 15 },
  { platform: 'linkedin', followers: 3_200, engagement: 0.038, posts: 9 },
  { platform: 'twitter', followers: 5_600, engagement: 0.029, posts: 6 },
];
