import { describe, expect, it } from 'vitest';
import { isPlatform, PLATFORMS, platformLabels } from './platforms';

describe('isPlatform', () => {
  it('accepts the four platforms only', () => {
    expect(['facebook', 'instagram', 'linkedin', 'twitter'].every(isPlatform)).toBe(true);
    expect(isPlatform('tiktok')).toBe(false);
    expect(isPlatform('all')).toBe(false);
  });

  it('names each platform as the spec does', () => {
    expect(PLATFORMS.map((id) => platformLabels[id])).toEqual([
      'Facebook',
      'Instagram',
      'LinkedIn',
      'Twitter',
    ]);
  });
});
