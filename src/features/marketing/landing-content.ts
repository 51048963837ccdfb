import { PLATFORMS, platformLabels } from '../../lib/platforms';

export interface PricingPlan {
  name: string;
  /** Whole US dollars per month. */
  monthlyPrice: number;
  description: string;
  features: string[];
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    name: 'Starter',
    monthlyPrice: 19,
    description: 'For a single business getting started on one channel.',
    features: ['1 social account', 'AI post generation', 'Weekly performance reports'],
  },
  {
    name: 'Basic',
    monthlyPrice: 49,
    description: 'For growing businesses posting across channels.',
    features: ['3 social accounts', 'AI generation', 'Real-time analytics dashboard'],
  },
  {
    name: 'Pro',
    monthlyPrice: 99,
    description: 'For busy local businesses that want more bookings.',
    features: [
      'All Basic features',
      'Booking module integration',
      'Local event suggestions',
      'Extended analytics',
    ],
  },
  {
    name: 'Enterprise',
    monthlyPrice: 199,
    description: 'For agencies and owners of several businesses.',
    features: [
      'Multi-business management',
      'White-labelled reports',
      'Dedicated onboarding support',
      'All Pro features',
    ],
  },
];

export const ALL_PLANS_INCLUDE: readonly string[] = [
  '7-day free trial',
  '30-day money-back guarantee',
  'Cancel anytime',
  '24/7 support',
];

export interface Stat {
  value: string;
  label: string;
}

export const AVERAGE_RESULTS: readonly Stat[] = [
  { value: '10+', label: 'Hours saved per week' },
  { value: '40%', label: 'Engagement increase' },
  { value: '5x', label: 'More consistent' },
  { value: '24/7', label: 'AI assistant' },
];

export interface Testimonial {
  quote: string;
  name: string;
  business: string;
  rating: number;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'I used to spend my Sunday evenings writing posts. Now Postbloom drafts the whole week in minutes and I just review and approve.',
    name: 'Maria Gonzalez',
    business: 'Owner, Casa Maria Bistro',
    rating: 5,
  },
  {
    quote:
      'Our posts finally sound like us. The AI picked up our friendly tone from onboarding and our bookings from Instagram have clearly gone up.',
    name: 'James Carter',
    business: 'Founder, Carter Fitness Studio',
    rating: 5,
  },
  {
    quote:
      'The calendar and analytics show me what works, so I post consistently instead of whenever I remember. It feels like having a marketing assistant.',
    name: 'Priya Shah',
    business: 'Director, Bloom & Co. Salon',
    rating: 5,
  },
];

export const MAX_RATING = 5;

export function ratingLabel(rating: number): string {
  return `Rated ${rating} out of ${MAX_RATING}`;
}

export const SUPPORTED_PLATFORMS: readonly string[] = PLATFORMS.map((id) => platformLabels[id]);

/** The primary call to action sends visitors to sign up and signed-in users to their dashboard. */
export function primaryCtaTarget(signedIn: boolean): '/dashboard' | '/signup' {
  return signedIn ? '/dashboard' : '/signup';
}
