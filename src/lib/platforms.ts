import type { DraftPlatform } from './db';

// The id type belongs to the stored draft record; this module is where the app lists and names it.
export type { DraftPlatform };

/** Every platform a post can go to, in the order the app lists them. */
export const PLATFORMS: readonly DraftPlatform[] = ['facebook', 'instagram', 'linkedin', 'twitter'];

/** The platforms' names, word for word from the product spec. */
export const platformLabels: Record<DraftPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
};

export function isPlatform(value: string): value is DraftPlatform {
  return (PLATFORMS as readonly string[]).includes(value);
}
