import { describe, expect, it } from 'vitest';
import { lengthStatus, parsePlatformsParam } from './compose-options';

describe('parsePlatformsParam', () => {
  it('is null when the parameter is absent, so the defaults apply', () => {
    expect(parsePlatformsParam(null)).toBeNull();
  });

  it('keeps known platforms once each, in the usual order', () => {
    expect(parsePlatformsParam('twitter, LinkedIn,myspace,twitter')).toEqual([
      'linkedin',
      'twitter',
    ]);
    expect(parsePlatformsParam('')).toEqual([]);
  });
});

describe('lengthStatus', () => {
  it('caps Twitter at 280 and LinkedIn at 3000', () => {
    expect(lengthStatus('a'.repeat(280), 'twitter')).toEqual({
      limit: 280,
      over: false,
      remaining: 0,
    });
    expect(lengthStatus('a'.repeat(281), 'twitter')).toEqual({
      limit: 280,
      over: true,
      remaining: -1,
    });
    expect(lengthStatus('a'.repeat(3001), 'linkedin')?.over).toBe(true);
  });

  it('gives no cap for Facebook and Instagram', () => {
    expect(lengthStatus('a'.repeat(5000), 'facebook')).toBeNull();
    expect(lengthStatus('a', 'instagram')).toBeNull();
  });
});
