import type { ContentTypeKey, ContentTypeLabel, MetricKey, MetricLabel } from './types';

export const METRIC_LABELS: Record<MetricKey, MetricLabel> = {
  followers: 'Followers',
  engagement: 'Engagement Rate',
  shares: 'Shares',
  comments: 'Comments',
};
export const METRIC_KEYS: readonly MetricKey[] = ['followers', 'engagement', 'shares', 'comments'];

export const CONTENT_TYPE_LABELS: Record<ContentTypeKey, ContentTypeLabel> = {
  image: 'Images',
  video: 'Videos',
  carousel: 'Carousels',
  text: 'Text only',
};
export const CONTENT_TYPE_ORDER: readonly ContentTypeKey[] = ['image', 'video', 'carousel', 'text'];

const PLATFORM_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  twitter: 'Twitter',
};

export function platformLabel(platform: string): string {
  return PLATFORM_LABELS[platform] ?? platform.charAt(0).toUpperCase() + platform.slice(1);
}

/** The breakdown's group of a post's content type: a link share counts as text. */
export function contentGroup(type: string | null): ContentTypeKey | null {
  if (type === 'image' || type === 'video' || type === 'carousel' || type === 'text') return type;
  if (type === 'link') return 'text';
  return null;
}
