import type { DraftPlatform } from '../../lib/db';

/**
 * The dashboard's sample data, as in the product spec: content ideas and the performance figures
 * are not computed from the user's posts yet. Panels showing it say so.
 */

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
