import { describe, expect, it } from 'vitest';
import {
  composeMessages,
  MAX_IMAGE_BYTES,
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
