import { deviceTimeZone } from '../../lib/intl/zoned-time';

/** The wizard's answers, kept whole on the device and in onboarding_data.answers. */
export interface OnboardingForm {
  businessName: string;
  websiteUrl: string;
  industry: string;
  primaryGoal: string;
  brandPersonality: string;
  toneOfVoice: string;
  brandColors: string[];
  /** Uploads are placeholders: only the chosen file names are kept. */
  logoFile: string | null;
  brandAssets: string[];
  mainAudience: string;
  ageGroups: string[];
  audienceLocation: string;
  offerType: string;
  topOfferingDescription: string;
  primaryCTA: string;
  contentTypes: string[];
  platforms: string[];
  postingFrequency: string;
  hasProductImages: boolean;
  productImages: string[];
  brandGuidelines: string | null;
  competitors: string;
  importantHashtags: string;
  topicsToAvoid: string;
  requiredDisclosures: string;
  preferredPostingTimes: string[];
  timezone: string;
}

export const TOTAL_STEPS = 9;
export const MINUTES_PER_STEP = 0.5;
export const DEFAULT_BRAND_COLOUR = '#FF5722';
export const DEFAULT_LOCATION = 'Not specified';
export const DEFAULT_TARGET_AUDIENCE = 'General audience';
export const DEFAULT_POSTING_FREQUENCY = 'regular';

export const STEP_TITLES = [
  'Business Basics',
  'Brand Identity',
  'Target Audience',
  'Products & Services',
  'Content Preferences',
  'Visual Assets',
  'Competitors & Inspiration',
  'Compliance & Sensitivities',
  'Scheduling Preferences',
];

export function browserTimezone(): string {
  return deviceTimeZone();
}

export function emptyForm(timezone: string = browserTimezone()): OnboardingForm {
  return {
    businessName: '',
    websiteUrl: '',
    industry: '',
    primaryGoal: '',
    brandPersonality: '',
    toneOfVoice: '',
    brandColors: [DEFAULT_BRAND_COLOUR],
    logoFile: null,
    brandAssets: [],
    mainAudience: '',
    ageGroups: [],
    audienceLocation: '',
    offerType: '',
    topOfferingDescription: '',
    primaryCTA: '',
    contentTypes: [],
    platforms: [],
    postingFrequency: '',
    hasProductImages: false,
    productImages: [],
    brandGuidelines: null,
    competitors: '',
    importantHashtags: '',
    topicsToAvoid: '',
    requiredDisclosures: '',
    preferredPostingTimes: [],
    timezone,
  };
}

/** Saved answers come from outside (storage, server): keep the fields of the right type only. */
export function normaliseForm(saved: unknown, timezone?: string): OnboardingForm {
  const base = emptyForm(timezone);
  if (typeof saved !== 'object' || saved === null) return base;
  const s = saved as Record<string, unknown>;
  const out: Record<string, unknown> = { ...base };
  for (const [key, fallback] of Object.entries(base)) {
    const v = s[key];
    if (Array.isArray(fallback)) {
      if (Array.isArray(v)) out[key] = v.filter((x): x is string => typeof x === 'string');
    } else if (typeof fallback === 'boolean') {
      if (typeof v === 'boolean') out[key] = v;
    } else if (fallback === null) {
      if (typeof v === 'string' || v === null) out[key] = v;
    } else if (typeof v === 'string') {
      out[key] = v;
    }
  }
  return out as unknown as OnboardingForm;
}

const filled = (v: string) => v.trim() !== '';

/** §5: whether Continue (or, on step 9, Complete Setup) is enabled. */
export function canContinue(step: number, f: OnboardingForm): boolean {
  switch (step) {
    case 1:
      return filled(f.businessName) && f.industry !== '' && f.primaryGoal !== '';
    case 2:
      return f.brandPersonality !== '' && f.toneOfVoice !== '';
    case 3:
      return f.mainAudience !== '';
    case 4:
      return f.offerType !== '' && filled(f.topOfferingDescription) && f.primaryCTA !== '';
    case 5:
      return f.platforms.length > 0 && f.postingFrequency !== '';
    case 9:
      return f.preferredPostingTimes.length > 0;
    default:
      return step >= 6 && step <= 8;
  }
}

export function progressPercent(step: number): number {
  return Math.round((step / TOTAL_STEPS) * 100);
}

/** Estimated minutes left: (9 − step) × 0.5. */
export function minutesRemaining(step: number): number {
  return (TOTAL_STEPS - step) * MINUTES_PER_STEP;
}

/** §8: the alert when the final save fails, here or on the server. */
export const ONBOARDING_FAILURE =
  'Failed to complete onboarding. Please check your information and try again.';

/** §5 final save: the first message that blocks it, or null. */
export function finalSaveError(f: OnboardingForm): string | null {
  if (!filled(f.businessName)) return 'Business name is required';
  if (f.industry === '') return 'Industry is required';
  if (f.primaryGoal === '') return 'Primary goal is required';
  return null;
}

export interface OnboardingRow {
  business_name: string;
  business_type: string;
  location: string;
  primary_goal: string;
  target_audience: string;
  posting_frequency: string;
  content_preferences: string[];
  completed_at: string;
  answers: OnboardingForm;
}

const orDefault = (v: string, d: string) => (filled(v) ? v.trim() : d);

/** The mapping table of §3, with the final save's defaults. */
export function toOnboardingRow(f: OnboardingForm, completedAt: string): OnboardingRow {
  return {
    business_name: f.businessName.trim(),
    business_type: f.industry,
    location: orDefault(f.audienceLocation, DEFAULT_LOCATION),
    primary_goal: f.primaryGoal,
    target_audience: orDefault(f.mainAudience, DEFAULT_TARGET_AUDIENCE),
    posting_frequency: orDefault(f.postingFrequency, DEFAULT_POSTING_FREQUENCY),
    content_preferences: [...f.contentTypes],
    completed_at: completedAt,
    answers: f,
  };
}

/** §5: the stored row's own rules (all non-blank; name and location at least 2 characters). */
export function rowIsValid(r: OnboardingRow): boolean {
  const required = [
    r.business_name,
    r.business_type,
    r.location,
    r.primary_goal,
    r.target_audience,
    r.posting_frequency,
  ];
  return (
    required.every(filled) && r.business_name.trim().length >= 2 && r.location.trim().length >= 2
  );
}

export interface UploadRule {
  types: string[];
  extensions: string[];
  maxBytes: number;
  hint: string;
}

const MB = 1024 * 1024;
export const LOGO_UPLOAD: UploadRule = {
  types: ['image/png', 'image/jpeg', 'image/svg+xml'],
  extensions: ['png', 'jpg', 'jpeg', 'svg'],
  maxBytes: 10 * MB,
  hint: 'PNG, JPG, SVG up to 10MB each',
};
export const PRODUCT_IMAGE_UPLOAD: UploadRule = {
  types: ['image/png', 'image/jpeg'],
  extensions: ['png', 'jpg', 'jpeg'],
  maxBytes: 10 * MB,
  hint: 'PNG, JPG up to 10MB each (recommended 1080x1080)',
};
export const GUIDELINES_UPLOAD: UploadRule = {
  types: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'image/png',
    'image/jpeg',
  ],
  extensions: ['pdf', 'doc', 'docx', 'png', 'jpg', 'jpeg'],
  maxBytes: 25 * MB,
  hint: 'PDF, DOC, PNG, JPG up to 25MB',
};

/** Checks a chosen file on the device: null when it fits, else the message to show. */
export function checkUpload(
  file: { name: string; type: string; size: number },
  rule: UploadRule,
): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!rule.types.includes(file.type) && !rule.extensions.includes(ext)) {
    return `${file.name} is not an accepted file type (${rule.hint}).`;
  }
  if (file.size > rule.maxBytes) {
    return `${file.name} is too large (${rule.hint}).`;
  }
  return null;
}
