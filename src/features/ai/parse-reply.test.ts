import { describe, expect, it } from 'vitest';
import { EmptyReplyError } from './ai-errors';
import { extractHashtags } from './hashtags';
import {
  fallbackPrediction,
  parseGenerationReply,
  parseHashtagsReply,
  parseImproveReply,
} from './parse-reply';

const json = JSON.stringify({
  content: 'Fresh bread at 7!',
  hashtags: ['#bakery', 'sourdough', '#bakery', 'not a tag'],
  engagementPrediction: 84.6,
});

describe('extractHashtags', () => {
  it('keeps hashtags made of word characters, in order, once each whatever the case', () => {
    expect(extractHashtags('Come in! #Bakery #fresh_bread, #2for1 #bakery #-no # #café')).toEqual([
      '#Bakery',
      '#fresh_bread',
      '#2for1',
      '#caf',
    ]);
  });

  it('keeps at most 10', () => {
    const text = Array.from({ length: 14 }, (_, i) => `#tag${i}`).join(' ');
    expect(extractHashtags(text)).toEqual(Array.from({ length: 10 }, (_, i) => `#tag${i}`));
  });

  it('finds nothing in plain text', () => {
    expect(extractHashtags('no tags here')).toEqual([]);
  });
});

describe('fallbackPrediction', () => {
  it('is 70 to 89', () => {
    expect(fallbackPrediction(() => 0)).toBe(70);
    expect(fallbackPrediction(() => 0.5)).toBe(80);
    expect(fallbackPrediction(() => 0.9999999)).toBe(89);
    expect(fallbackPrediction(() => 1)).toBe(89);
  });
});

describe('parseGenerationReply', () => {
  it('reads the JSON reply', () => {
    expect(parseGenerationReply(json, ['facebook', 'twitter'])).toEqual({
      content: 'Fresh bread at 7!',
      hashtags: ['#bakery', '#sourdough'],
      engagementPrediction: 85,
      platform: 'facebook, twitter',
    });
  });

  it('reads JSON inside a ```json fence', () => {
    expect(parseGenerationReply('```json\n' + json + '\n```', ['instagram'])).toMatchObject({
      content: 'Fresh bread at 7!',
      engagementPrediction: 85,
      platform: 'instagram',
    });
    expect(parseGenerationReply('```\n' + json + '\n```', ['instagram']).content).toBe(
      'Fresh bread at 7!',
    );
  });

  it('fills what the JSON lacks: hashtags from the content, a random prediction', () => {
    const reply = JSON.stringify({ content: 'Open late tonight #latenight #treats' });
    expect(parseGenerationReply(reply, ['facebook'], () => 0.25)).toEqual({
      content: 'Open late tonight #latenight #treats',
      hashtags: ['#latenight', '#treats'],
      engagementPrediction: 75,
      platform: 'facebook',
    });
  });

  it('clamps a prediction out of range and reads one given as text', () => {
    const high = JSON.stringify({ content: 'x', hashtags: [], engagementPrediction: 250 });
    expect(parseGenerationReply(high, ['facebook']).engagementPrediction).toBe(100);
    const text = JSON.stringify({ content: 'x', hashtags: [], engagementPrediction: '77%' });
    expect(parseGenerationReply(text, ['facebook']).engagementPrediction).toBe(77);
  });

  it('uses plain text as the post, with its hashtags and a random prediction of 70 to 89', () => {
    const reply = '  Weekend special: two croissants for $5! #weekend #croissant  ';
    expect(parseGenerationReply(reply, ['linkedin'], () => 0.999)).toEqual({
      content: 'Weekend special: two croissants for $5! #weekend #croissant',
      hashtags: ['#weekend', '#croissant'],
      engagementPrediction: 89,
      platform: 'linkedin',
    });
    expect(parseGenerationReply('Just words', ['linkedin'], () => 0).engagementPrediction).toBe(70);
  });

  it('treats JSON without a content string as plain text', () => {
    const reply = '{"text": "hello"}';
    expect(parseGenerationReply(reply, ['facebook'], () => 0).content).toBe(reply);
  });

  it('rejects an empty reply', () => {
    for (const reply of ['', '   \n', null, undefined]) {
      expect(() => parseGenerationReply(reply, ['facebook'])).toThrow(EmptyReplyError);
    }
  });
});

describe('parseHashtagsReply', () => {
  it('reads tags written with #', () => {
    expect(parseHashtagsReply('#bakery #fresh #local')).toEqual(['#bakery', '#fresh', '#local']);
    expect(parseHashtagsReply('Here you go: #bakery, #fresh')).toEqual(['#bakery', '#fresh']);
  });

  it('adds the # to a bare word list, but not to prose', () => {
    expect(parseHashtagsReply('bakery, fresh, local')).toEqual(['#bakery', '#fresh', '#local']);
    expect(parseHashtagsReply('Sorry, I cannot help with that.')).toEqual([]);
    expect(parseHashtagsReply('')).toEqual([]);
    expect(parseHashtagsReply(null)).toEqual([]);
  });
});

describe('parseImproveReply', () => {
  it('uses the reply, or the original when the reply is empty', () => {
    expect(parseImproveReply('  Better post  ', 'Old post')).toBe('Better post');
    expect(parseImproveReply('', 'Old post')).toBe('Old post');
    expect(parseImproveReply(' \n ', 'Old post')).toBe('Old post');
    expect(parseImproveReply(null, 'Old post')).toBe('Old post');
  });
});
