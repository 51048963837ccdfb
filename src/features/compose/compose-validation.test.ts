import { describe, expect, it } from 'vitest';
import {
  appendHashtags,
  composeMessages,
  dateTimeInputs,
  lengthStatus,
  MAX_IMAGE_BYTES,
  parsePlatformsParam,
  PROMPT_PRESETS,
  removeHashtag,
  sampleSchedule,
  scheduledForFrom,
  validateDraft,
  validateImageFile,
  validateSchedule,
} from './compose-validation';

describe('validateDraft', () => {
  it('asks for content first, even with no platform chosen', () => {
    expect(validateDraft({ content: '', platforms: [] })).toBe(
      'Please add some content before saving.',
    );
    expect(validateDraft({ content: '   \n ', platforms: ['facebook'] })).toBe(
      composeMessages.contentRequired,
    );
  });

  it('then asks for a platform, before the length rule', () => {
    expect(validateDraft({ content: 'short', platforms: [] })).toBe(
      'Please select at least one platform before saving.',
    );
  });

  it('needs at least 10 characters once trimmed', () => {
    expect(validateDraft({ content: '   123456789   ', platforms: ['twitter'] })).toBe(
      'Post content must be at least 10 characters long.',
    );
    expect(validateDraft({ content: ' 1234567890 ', platforms: ['twitter'] })).toBeNull();
  });
});

describe('validateSchedule', () => {
  it('uses the schedule texts, content first', () => {
    expect(validateSchedule({ content: ' ', platforms: [] })).toBe(
      'Please add content before scheduling',
    );
    expect(validateSchedule({ content: 'Hi', platforms: [] })).toBe(
      'Please select at least one platform',
    );
  });

  it('has no minimum length', () => {
    expect(validateSchedule({ content: 'Hi', platforms: ['linkedin'] })).toBeNull();
  });
});

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

describe('validateImageFile', () => {
  it('accepts PNG, JPG and GIF up to 10MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif']) {
      expect(validateImageFile({ name: 'a', type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });

  it('names the file and the rule it breaks', () => {
    expect(validateImageFile({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'logo.svg is not a PNG, JPG or GIF image. Please choose a PNG, JPG or GIF file.',
    );
    expect(
      validateImageFile({ name: 'big.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 }),
    ).toBe('big.png is larger than 10MB. Please choose an image up to 10MB.');
  });
});

describe('hashtags in the content', () => {
  it('appends only the tags not already there, on their own line', () => {
    expect(appendHashtags('Fresh bread #Bakery', ['#bakery', '#sourdough'])).toBe(
      'Fresh bread #Bakery\n\n#sourdough',
    );
    expect(appendHashtags('All tagged #a', ['#A'])).toBe('All tagged #a');
    expect(appendHashtags('', ['#a', '#b'])).toBe('#a #b');
  });

  it('removes a tag everywhere, whatever its case, and not a longer tag', () => {
    expect(removeHashtag('Bread #bakery time\n\n#Bakery #bakerylife', '#bakery')).toBe(
      'Bread time\n\n#bakerylife',
    );
    expect(removeHashtag('Hello\n\n#only', '#only')).toBe('Hello');
  });
});

describe('schedule date and time', () => {
  it('round-trips the local date and time through an ISO instant', () => {
    const iso = scheduledForFrom('2030-03-05', '09:45');
    expect(iso).not.toBeNull();
    expect(dateTimeInputs(iso!)).toEqual({ date: '2030-03-05', time: '09:45' });
  });

  it('is null for missing or malformed input', () => {
    expect(scheduledForFrom('', '10:00')).toBeNull();
    expect(scheduledForFrom('2030-13-45', '10:00')).toBeNull();
    expect(scheduledForFrom('2030-01-01', '')).toBeNull();
  });

  it('starts from tomorrow at 10:30', () => {
    expect(sampleSchedule(new Date(2030, 11, 31, 18, 0))).toEqual({
      date: '2031-01-01',
      time: '10:30',
    });
  });
});

it('offers the 8 prompt presets of the spec', () => {
  expect(PROMPT_PRESETS.map((preset) => preset.label)).toEqual([
    'New product or feature',
    'Customer success story',
    'Company culture or team',
    'Industry news',
    'Educational content',
    'Behind-the-scenes',
    'FAQs',
    'User-generated content',
  ]);
});
