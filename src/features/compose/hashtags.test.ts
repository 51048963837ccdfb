import { describe, expect, it } from 'vitest';
import { appendHashtags, removeHashtag } from './hashtags';

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
