import type { DraftPlatform } from '../../lib/db';

export const platformLabels: Record<DraftPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
};
