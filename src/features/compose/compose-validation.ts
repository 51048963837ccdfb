import type { DraftPlatform, DraftPostType } from '../../lib/db';

/** The texts of /create, word for word from the product spec. */
export const composeMessages = {
  contentRequired: 'Please add some content before saving.',
  platformRequired: 'Please select at least one platform before saving.',
  contentTooShort: 'Post content must be at least 10 characters long.',
  scheduleContentRequired: 'Please add content before scheduling',
  schedulePlatformRequired: 'Please select at least one platform',
  draftSaved:
    'Your draft has been saved! You can find it in your drafts folder and continue editing anytime.',
  draftUpdated: 'Your draft has been updated successfully!',
  saveFailed: "Oops! We couldn't save your changes right now. Please try again in a moment.",
  scheduled: 'Post scheduled successfully!',
  // Not the spec's: its modal closed silently. Approving does not schedule yet, so say what is next.
  approved: 'Post approved. Check the date and time under Publish time, then press Schedule Post.',
  cancelConfirm: 'Are you sure you want to cancel? Any unsaved changes will be lost.',
} as const;

export const MIN_DRAFT_LENGTH = 10;

export const PLATFORMS: readonly DraftPlatform[] = ['facebook', 'instagram', 'linkedin', 'twitter'];
export const DEFAULT_PLATFORMS: DraftPlatform[] = ['facebook', 'twitter'];

export const platformLabels: Record<DraftPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
};

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

export interface PromptPreset {
  id: string;
  label: string;
  /** What the model is asked to write about; also kept with the draft. */
  prompt: string;
}

export const PROMPT_PRESETS: readonly PromptPreset[] = [
  {
    id: 'new-product',
    label: 'New product or feature',
    prompt: 'Announce a new product or feature',
  },
  {
    id: 'customer-success',
    label: 'Customer success story',
    prompt: 'Share a customer success story',
  },
  {
    id: 'company-culture',
    label: 'Company culture or team',
    prompt: 'Show our company culture or introduce our team',
  },
  { id: 'industry-news', label: 'Industry news', prompt: 'Comment on recent industry news' },
  {
    id: 'educational',
    label: 'Educational content',
    prompt: 'Teach our audience something useful (educational content)',
  },
  {
    id: 'behind-the-scenes',
    label: 'Behind-the-scenes',
    prompt: 'Give a behind-the-scenes look at our business',
  },
  { id: 'faqs', label: 'FAQs', prompt: 'Answer a frequently asked question from our customers' },
  {
    id: 'user-generated',
    label: 'User-generated content',
    prompt: 'Highlight user-generated content from our customers',
  },
];

export interface ComposeFields {
  content: string;
  platforms: readonly string[];
}

/** The first rule Save Draft breaks, or null when the draft may be saved. */
export function validateDraft({ content, platforms }: ComposeFields): string | null {
  if (!content.trim()) return composeMessages.contentRequired;
  if (platforms.length === 0) return composeMessages.platformRequired;
  if (content.trim().length < MIN_DRAFT_LENGTH) return composeMessages.contentTooShort;
  return null;
}

/** The first rule Schedule Post breaks, or null. */
export function validateSchedule({ content, platforms }: ComposeFields): string | null {
  if (!content.trim()) return composeMessages.scheduleContentRequired;
  if (platforms.length === 0) return composeMessages.schedulePlatformRequired;
  return null;
}

export function isPlatform(value: string): value is DraftPlatform {
  return (PLATFORMS as readonly string[]).includes(value);
}

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

/** Post images: checked on the device, never uploaded. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export function validateImageFile(file: {
  name: string;
  type: string;
  size: number;
}): string | null {
  if (!IMAGE_TYPES.includes(file.type)) {
    return `${file.name} is not a PNG, JPG or GIF image. Please choose a PNG, JPG or GIF file.`;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `${file.name} is larger than 10MB. Please choose an image up to 10MB.`;
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Adds the tags the content does not mention yet, on a line of their own at the end. */
export function appendHashtags(content: string, tags: readonly string[]): string {
  const present = new Set((content.match(/#\w+/g) ?? []).map((tag) => tag.toLowerCase()));
  const missing = tags.filter((tag) => !present.has(tag.toLowerCase()));
  if (missing.length === 0) return content;
  const body = content.trimEnd();
  return body ? `${body}\n\n${missing.join(' ')}` : missing.join(' ');
}

/** The content without the tag (every occurrence, any case), with the gaps it leaves tidied. */
export function removeHashtag(content: string, tag: string): string {
  const pattern = new RegExp(`${escapeRegExp(tag)}(?!\\w)`, 'gi');
  return content
    .replace(pattern, '')
    .split('\n')
    .map((line) => line.replace(/[ \t]{2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Date and time inputs (local time) as an ISO instant; null when either is missing or invalid. */
export function scheduledForFrom(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${date}T${time}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO instant as the local date and time inputs show it. */
export function dateTimeInputs(iso: string): { date: string; time: string } | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  return {
    date: `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`,
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

/** The sample schedule the date and time inputs start from: tomorrow at 10:30. */
export function sampleSchedule(now: Date = new Date()): { date: string; time: string } {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 30);
  return dateTimeInputs(tomorrow.toISOString()) ?? { date: '', time: '10:30' };
}
