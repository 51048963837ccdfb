import { ONBOARDING_TIME_ZONES } from '../../lib/intl/time-zones';
import { PLATFORMS as APP_PLATFORMS, platformLabels } from '../../lib/platforms';

/** An enumeration value of the wizard (the stored id) and the label a person reads. */
export interface Option<T extends string = string> {
  id: T;
  label: string;
}

export const INDUSTRIES: Option[] = [
  { id: 'retail', label: 'Retail' },
  { id: 'tech', label: 'Technology' },
  { id: 'food-beverage', label: 'Food & Beverage' },
  { id: 'professional-services', label: 'Professional Services' },
  { id: 'health-wellness', label: 'Health & Wellness' },
  { id: 'education', label: 'Education' },
  { id: 'nonprofit', label: 'Nonprofit' },
  { id: 'other', label: 'Other' },
];

export const PRIMARY_GOALS: Option[] = [
  { id: 'awareness', label: 'Brand Awareness' },
  { id: 'leads', label: 'Generate Leads' },
  { id: 'support', label: 'Customer Support' },
  { id: 'engagement', label: 'Community Engagement' },
  { id: 'recruitment', label: 'Recruitment' },
];

export const BRAND_PERSONALITIES: Option[] = [
  { id: 'professional', label: 'Professional' },
  { id: 'friendly', label: 'Friendly' },
  { id: 'fun', label: 'Fun' },
  { id: 'inspirational', label: 'Inspirational' },
  { id: 'innovative', label: 'Innovative' },
];

export const TONES_OF_VOICE: Option[] = [
  { id: 'formal', label: 'Formal' },
  { id: 'conversational', label: 'Conversational' },
  { id: 'humorous', label: 'Humorous' },
  { id: 'expert', label: 'Expert' },
];

export const BRAND_COLOURS = [
  '#FF5722',
  '#2196F3',
  '#4CAF50',
  '#FF9800',
  '#9C27B0',
  '#F44336',
  '#00BCD4',
  '#795548',
  '#607D8B',
  '#E91E63',
];

export const MAIN_AUDIENCES: Option[] = [
  { id: 'consumers', label: 'Consumers' },
  { id: 'businesses', label: 'Businesses' },
  { id: 'job-seekers', label: 'Job Seekers' },
  { id: 'industry-peers', label: 'Industry Peers' },
];

export const AGE_GROUPS: Option[] = ['18-24', '25-34', '35-44', '45-54', '55+'].map((id) => ({
  id,
  label: id,
}));

export const OFFER_TYPES: Option[] = [
  { id: 'products', label: 'Products' },
  { id: 'services', label: 'Services' },
  { id: 'both', label: 'Both' },
];

export const PRIMARY_CTAS: Option[] = [
  { id: 'visit-website', label: 'Visit Website' },
  { id: 'book-appointment', label: 'Book Appointment' },
  { id: 'sign-up-newsletter', label: 'Sign Up for Newsletter' },
  { id: 'buy-now', label: 'Buy Now' },
  { id: 'learn-more', label: 'Learn More' },
];

export const CONTENT_TYPES: Option[] = [
  { id: 'educational', label: 'Educational' },
  { id: 'inspirational', label: 'Inspirational' },
  { id: 'behind-scenes', label: 'Behind the Scenes' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'product-highlights', label: 'Product Highlights' },
];

export const PLATFORMS: Option[] = [
  ...APP_PLATFORMS.map((id) => ({ id, label: platformLabels[id] })),
  { id: 'all', label: 'All' },
];

export const POSTING_FREQUENCIES: Option[] = [
  { id: 'minimal', label: '1-2x per week' },
  { id: 'regular', label: '3-4x per week' },
  { id: 'daily', label: 'Daily' },
  { id: 'multiple', label: 'Multiple per day' },
];

export const POSTING_TIMES: Option[] = [
  { id: 'morning', label: 'Morning (6 AM-12 PM)' },
  { id: 'afternoon', label: 'Afternoon (12 PM-6 PM)' },
  { id: 'evening', label: 'Evening (6 PM-10 PM)' },
  { id: 'ai-optimize', label: 'Let AI optimize' },
];

/** Shared with Settings → Appearance, which offers the same zones. */
export const TIMEZONES: string[] = [...ONBOARDING_TIME_ZONES];

/** The readable label of an id; unknown ids (older data) are shown as they are. */
export function labelOf(options: Option[], id: string): string {
  return options.find((o) => o.id === id)?.label ?? id;
}
