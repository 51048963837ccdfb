import { describe, expect, it } from 'vitest';
import { platformsAfterChange, WEBSITE_URL_INVALID, websiteUrlProblem } from './onboarding-choices';

const FOUR = ['facebook', 'instagram', 'linkedin', 'twitter'];

describe('platformsAfterChange', () => {
  it('ticks the four platforms with All, and unticks them with it', () => {
    expect(platformsAfterChange([], ['all'])).toEqual([...FOUR, 'all']);
    expect(platformsAfterChange(['linkedin'], ['linkedin', 'all'])).toEqual([...FOUR, 'all']);
    expect(platformsAfterChange([...FOUR, 'all'], FOUR)).toEqual([]);
  });

  it('unticks All when one platform is unticked, and ticks it when the last one is ticked', () => {
    expect(
      platformsAfterChange([...FOUR, 'all'], ['facebook', 'instagram', 'twitter', 'all']),
    ).toEqual(['facebook', 'instagram', 'twitter']);
    expect(
      platformsAfterChange(
        ['facebook', 'instagram', 'twitter'],
        ['facebook', 'instagram', 'twitter', 'linkedin'],
      ),
    ).toEqual([...FOUR, 'all']);
    expect(platformsAfterChange(['twitter'], ['twitter', 'facebook'])).toEqual([
      'facebook',
      'twitter',
    ]);
  });
});

describe('websiteUrlProblem', () => {
  it('accepts a blank field and web addresses, with or without the scheme', () => {
    for (const ok of [
      '',
      '  ',
      'https://bloombakery.com',
      'http://shop.example.co.uk/menu',
      'bloombakery.com',
      'www.bloom-bakery.de/',
    ]) {
      expect(websiteUrlProblem(ok), ok).toBeNull();
    }
  });

  it('says when the text is not a web address', () => {
    for (const bad of [
      'bloom bakery',
      'bakery',
      'ftp://files.example.com',
      'https://',
      'not a url',
      'mailto:ada@example.com',
      'https://bakery.',
    ]) {
      expect(websiteUrlProblem(bad), bad).toBe(WEBSITE_URL_INVALID);
    }
  });
});
