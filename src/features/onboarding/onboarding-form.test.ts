import { describe, expect, it } from 'vitest';
import {
  canContinue,
  checkUpload,
  emptyForm,
  finalSaveError,
  GUIDELINES_UPLOAD,
  LOGO_UPLOAD,
  minutesRemaining,
  normaliseForm,
  progressPercent,
  rowIsValid,
  toOnboardingRow,
} from './onboarding-form';
import { makeOnboardingForm } from '../../testing/factories';
import { INDUSTRIES, labelOf } from './onboarding-options';

// Every step answered; the audience (consumers), frequency (daily) and times are the factory's.
const full = makeOnboardingForm({
  businessName: '  Bloom Bakery ',
  industry: 'food-beverage',
  primaryGoal: 'awareness',
  brandPersonality: 'friendly',
  toneOfVoice: 'conversational',
  audienceLocation: 'Portland',
  offerType: 'products',
  topOfferingDescription: 'Sourdough',
  primaryCTA: 'buy-now',
  contentTypes: ['educational', 'promotions'],
  platforms: ['facebook'],
});

describe('onboarding defaults', () => {
  it('starts with the orange brand colour and the given time zone', () => {
    const f = emptyForm('Asia/Tokyo');
    expect(f.brandColors).toEqual(['#FF5722']);
    expect(f.timezone).toBe('Asia/Tokyo');
    expect(f.hasProductImages).toBe(false);
  });

  it('keeps only well-typed saved fields', () => {
    const f = normaliseForm(
      { businessName: 'Shop', platforms: ['x', 3], hasProductImages: 'yes' },
      'UTC',
    );
    expect(f.businessName).toBe('Shop');
    expect(f.platforms).toEqual(['x']);
    expect(f.hasProductImages).toBe(false);
    expect(normaliseForm(null, 'UTC')).toEqual(emptyForm('UTC'));
  });
});

describe('Continue rules per step', () => {
  const base = emptyForm('UTC');
  it('step 1 needs a non-blank name, an industry and a goal', () => {
    expect(
      canContinue(1, { ...base, businessName: '  ', industry: 'retail', primaryGoal: 'leads' }),
    ).toBe(false);
    expect(
      canContinue(1, { ...base, businessName: 'A', industry: 'retail', primaryGoal: '' }),
    ).toBe(false);
    expect(
      canContinue(1, { ...base, businessName: 'A', industry: 'retail', primaryGoal: 'leads' }),
    ).toBe(true);
  });
  it('steps 2 to 5 and 9 need their required fields', () => {
    expect(canContinue(2, { ...base, brandPersonality: 'fun' })).toBe(false);
    expect(canContinue(2, { ...base, brandPersonality: 'fun', toneOfVoice: 'formal' })).toBe(true);
    expect(canContinue(3, base)).toBe(false);
    expect(canContinue(3, { ...base, mainAudience: 'businesses' })).toBe(true);
    expect(
      canContinue(4, {
        ...base,
        offerType: 'both',
        topOfferingDescription: ' ',
        primaryCTA: 'learn-more',
      }),
    ).toBe(false);
    expect(
      canContinue(4, {
        ...base,
        offerType: 'both',
        topOfferingDescription: 'x',
        primaryCTA: 'learn-more',
      }),
    ).toBe(true);
    expect(canContinue(5, { ...base, postingFrequency: 'daily' })).toBe(false);
    expect(canContinue(5, { ...base, platforms: ['all'], postingFrequency: 'daily' })).toBe(true);
    expect(canContinue(9, base)).toBe(false);
    expect(canContinue(9, { ...base, preferredPostingTimes: ['evening'] })).toBe(true);
  });
  it('steps 6, 7 and 8 need nothing', () => {
    for (const step of [6, 7, 8]) expect(canContinue(step, base)).toBe(true);
  });
});

describe('progress and time estimate', () => {
  it('is (9 − step) × 0.5 minutes and step/9 percent', () => {
    expect(minutesRemaining(1)).toBe(4);
    expect(minutesRemaining(8)).toBe(0.5);
    expect(minutesRemaining(9)).toBe(0);
    expect(progressPercent(1)).toBe(11);
    expect(progressPercent(9)).toBe(100);
  });
});

describe('final save', () => {
  it('names the first missing required field', () => {
    const base = emptyForm('UTC');
    expect(finalSaveError(base)).toBe('Business name is required');
    expect(finalSaveError({ ...base, businessName: 'Shop' })).toBe('Industry is required');
    expect(finalSaveError({ ...base, businessName: 'Shop', industry: 'tech' })).toBe(
      'Primary goal is required',
    );
    expect(finalSaveError(full)).toBeNull();
  });

  it('maps the form onto onboarding_data', () => {
    const row = toOnboardingRow(full, '2026-11-22T10:00:00.000Z');
    expect(row).toEqual({
      business_name: 'Bloom Bakery',
      business_type: 'food-beverage',
      location: 'Portland',
      primary_goal: 'awareness',
      target_audience: 'consumers',
      posting_frequency: 'daily',
      content_preferences: ['educational', 'promotions'],
      completed_at: '2026-11-22T10:00:00.000Z',
      answers: full,
    });
    expect(rowIsValid(row)).toBe(true);
  });

  it('fills the defaults for blank location, audience and frequency', () => {
    const row = toOnboardingRow(
      { ...full, audienceLocation: ' ', mainAudience: '', postingFrequency: '' },
      'now',
    );
    expect(row.location).toBe('Not specified');
    expect(row.target_audience).toBe('General audience');
    expect(row.posting_frequency).toBe('regular');
  });

  it('rejects a one-character business name or location', () => {
    expect(rowIsValid(toOnboardingRow({ ...full, businessName: 'B' }, 'now'))).toBe(false);
    expect(rowIsValid(toOnboardingRow({ ...full, audienceLocation: 'X' }, 'now'))).toBe(false);
  });
});

describe('uploads and labels', () => {
  it('checks type and size on the device', () => {
    expect(
      checkUpload({ name: 'logo.png', type: 'image/png', size: 1000 }, LOGO_UPLOAD),
    ).toBeNull();
    expect(checkUpload({ name: 'a.gif', type: 'image/gif', size: 10 }, LOGO_UPLOAD)).toMatch(
      /not an accepted file type/,
    );
    expect(
      checkUpload(
        { name: 'big.pdf', type: 'application/pdf', size: 26 * 1024 * 1024 },
        GUIDELINES_UPLOAD,
      ),
    ).toMatch(/too large \(PDF, DOC, PNG, JPG up to 25MB\)/);
  });
  it('shows industry ids as readable labels', () => {
    expect(labelOf(INDUSTRIES, 'tech')).toBe('Technology');
    expect(labelOf(INDUSTRIES, 'food-beverage')).toBe('Food & Beverage');
    expect(labelOf(INDUSTRIES, 'unknown')).toBe('unknown');
  });
});
