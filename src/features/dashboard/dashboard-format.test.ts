import { describe, expect, it } from 'vitest';
import { cut, ideaLink, postTypeLabel, providerLabel, reviewLink } from './dashboard-format';

describe('cut', () => {
  it('keeps text up to the limit and cuts longer text with an ellipsis', () => {
    expect(cut('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(cut('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
  });

  it('never splits an emoji in two', () => {
    expect(cut('🥖🥖🥖', 2)).toBe('🥖🥖...');
  });
});

it('shows the provider openai as chatgpt', () => {
  expect(providerLabel('openai')).toBe('chatgpt');
  expect(providerLabel('perplexity')).toBe('perplexity');
  expect(providerLabel(null)).toBe('manual');
  for (const id of ['grok', 'gemini', 'custom']) expect(providerLabel(id)).toBe(id);
});

it('names post types as the tabs of /create do', () => {
  expect(postTypeLabel('carousel')).toBe('Carousel');
  expect(postTypeLabel('image')).toBe('Image Post');
});

describe('links to /create', () => {
  it('encodes the AI post text and platforms so they come back intact', () => {
    const link = reviewLink({
      id: 'p1',
      content: 'Hi & bye #tag 50%?',
      platforms: ['facebook', 'twitter'],
    });
    const params = new URL(link, 'http://app').searchParams;
    expect(new URL(link, 'http://app').pathname).toBe('/create');
    expect(params.get('aiContent')).toBe('Hi & bye #tag 50%?');
    expect(params.get('platforms')).toBe('facebook,twitter');
    expect(params.get('aiPost')).toBe('p1');
  });

  it('encodes an idea title', () => {
    expect(new URL(ideaLink('Tips & tricks'), 'http://app').searchParams.get('idea')).toBe(
      'Tips & tricks',
    );
  });
});
