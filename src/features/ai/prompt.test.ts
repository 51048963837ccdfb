import { describe, expect, it } from 'vitest';
import {
  buildGenerateRequest,
  buildHashtagsRequest,
  buildImproveRequest,
  buildTestConnectionRequest,
  resolveGenerationOptions,
  type GenerationRequest,
} from './prompt';

const SYSTEM =
  'You are an expert social media copywriter for small businesses.\n' +
  'You write engaging, on-brand posts that fit each platform.\n' +
  'Reply with JSON only, no other text, in exactly this shape:\n' +
  '{"content": "the post text", "hashtags": ["#example"], "engagementPrediction": 75}\n' +
  'engagementPrediction is your estimate of the engagement, as a whole percentage from 0 to 100.';

describe('buildGenerateRequest', () => {
  it('builds the spec request for facebook and twitter with the defaults', () => {
    const request: GenerationRequest = {
      prompt: '  New product or feature ',
      platforms: ['facebook', 'twitter'],
    };
    expect(buildGenerateRequest(request)).toEqual({
      model: 'gpt-4',
      messages: [
        { role: 'system', content: SYSTEM },
        {
          role: 'user',
          content: [
            'Write a social media post about: New product or feature',
            '',
            'Platforms: facebook, twitter',
            'Tone: professional',
            'Include relevant hashtags in the hashtags list.',
            'Include fitting emojis.',
            'Maximum length: 280 characters, hashtags included.',
          ].join('\n'),
        },
      ],
      temperature: 0.7,
      max_tokens: 1000,
    });
  });

  it('has no length limit without twitter, and uses the model from the settings', () => {
    const body = buildGenerateRequest({ prompt: 'FAQs', platforms: ['linkedin'] }, 'gpt-4o');
    expect(body.model).toBe('gpt-4o');
    expect(body.temperature).toBe(0.7);
    expect(body.max_tokens).toBe(1000);
    expect(body.messages[1]?.content).toBe(
      [
        'Write a social media post about: FAQs',
        '',
        'Platforms: linkedin',
        'Tone: professional',
        'Include relevant hashtags in the hashtags list.',
        'Include fitting emojis.',
      ].join('\n'),
    );
  });

  it('puts the business profile and the optional fields in the prompt', () => {
    const body = buildGenerateRequest({
      prompt: 'Customer success story',
      platforms: ['instagram'],
      tone: 'friendly',
      includeHashtags: false,
      includeEmojis: false,
      maxLength: 500,
      contentType: 'testimonial',
      targetAudience: 'young families',
      brandVoice: 'warm',
      businessProfile: {
        business_name: 'Rise Bakery',
        business_type: 'restaurant',
        location: 'Portland, OR',
        primary_goal: 'awareness',
        target_audience: 'consumers',
        posting_frequency: 'regular',
      },
    });
    expect(body.messages[1]).toEqual({
      role: 'user',
      content: [
        'Write a social media post about: Customer success story',
        '',
        'Platforms: instagram',
        'Tone: friendly',
        'Do not include hashtags; return an empty hashtags list.',
        'Do not use emojis.',
        'Maximum length: 500 characters, hashtags included.',
        'Content type: testimonial',
        'Target audience: young families',
        'Brand voice: warm',
        '',
        'Business profile:',
        '- Business name: Rise Bakery',
        '- Business type: restaurant',
        '- Location: Portland, OR',
        '- Primary goal: awareness',
        '- Target audience: consumers',
        '- Posting frequency: regular',
      ].join('\n'),
    });
  });

  it('leaves blank profile fields out, and the whole section when nothing is left', () => {
    const partial = buildGenerateRequest({
      prompt: 'Industry news',
      platforms: ['facebook'],
      businessProfile: { business_name: 'Rise Bakery', location: ' ', primary_goal: null },
    });
    expect(partial.messages[1]?.content).toContain(
      '\nBusiness profile:\n- Business name: Rise Bakery',
    );
    expect(partial.messages[1]?.content).not.toContain('Location');
    const empty = buildGenerateRequest({
      prompt: 'Industry news',
      platforms: ['facebook'],
      businessProfile: { location: '' },
    });
    expect(empty.messages[1]?.content).not.toContain('Business profile');
  });
});

describe('resolveGenerationOptions', () => {
  it('caps the length at 280 when twitter is among the platforms', () => {
    expect(
      resolveGenerationOptions({ prompt: 'x', platforms: ['twitter'], maxLength: 1000 }).maxLength,
    ).toBe(280);
    expect(
      resolveGenerationOptions({ prompt: 'x', platforms: ['twitter'], maxLength: 200 }).maxLength,
    ).toBe(200);
    expect(
      resolveGenerationOptions({ prompt: 'x', platforms: ['facebook'] }).maxLength,
    ).toBeUndefined();
  });

  it('defaults to a professional tone with hashtags and emojis', () => {
    expect(resolveGenerationOptions({ prompt: 'x', platforms: ['facebook'], tone: ' ' })).toEqual({
      tone: 'professional',
      includeHashtags: true,
      includeEmojis: true,
      maxLength: undefined,
    });
  });
});

describe('the other requests', () => {
  it('builds the improve request with the original post and the feedback', () => {
    expect(buildImproveRequest('Our shop opens at 9.', '  Make it warmer ')).toEqual({
      model: 'gpt-4',
      messages: [
        {
          role: 'system',
          content:
            'You are an expert social media editor. Rewrite posts following the feedback given, ' +
            'keeping what works. Reply with the improved post text only.',
        },
        {
          role: 'user',
          content: 'Original post:\nOur shop opens at 9.\n\nFeedback:\nMake it warmer',
        },
      ],
      temperature: 0.7,
      max_tokens: 500,
    });
    expect(buildImproveRequest('a', 'b', 'gpt-4o').model).toBe('gpt-4o');
  });

  it('builds the hashtags request for 5 to 10 hashtags', () => {
    expect(buildHashtagsRequest('Fresh bread today')).toEqual({
      model: 'gpt-3.5-turbo',
      messages: [
        { role: 'system', content: 'You suggest hashtags for social media posts.' },
        {
          role: 'user',
          content:
            'Suggest 5 to 10 relevant hashtags for this post. Reply with the hashtags only, ' +
            'separated by spaces.\n\nPost:\nFresh bread today',
        },
      ],
      temperature: 0.5,
      max_tokens: 200,
    });
  });

  it('builds the connection test: one Hello message, 5 tokens', () => {
    expect(buildTestConnectionRequest()).toEqual({
      model: 'gpt-3.5-turbo',
      messages: [{ role: 'user', content: 'Hello' }],
      max_tokens: 5,
    });
  });
});
