import { describe, expect, it } from 'vitest';
import type { AiPost } from '../ai-posts';
import type { Draft } from '../drafts';
import { composeInitial, composeWarnings, CUSTOM_PROMPT_ID, providerOf } from './compose-initial';
import { dateTimeInputs } from './schedule-dates';

const NOW = new Date(2030, 0, 10, 9, 0);

const draft: Draft = {
  id: 'd1',
  userId: 'u1',
  content: 'Our spring menu is here',
  platforms: ['linkedin'],
  postType: 'image',
  prompt: 'Share a customer success story',
  aiProvider: 'openai',
  status: 'draft',
  scheduledFor: null,
  conflictOf: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  version: 1,
};

const aiPost: AiPost = {
  id: 'a1',
  userId: 'u1',
  content: 'Generated text #bakery',
  platforms: ['instagram'],
  aiProvider: 'chatgpt',
  status: 'pending-review',
  generatedAt: '2030-01-01T00:00:00.000Z',
  prompt: 'Announce a new product or feature',
  engagementPrediction: 80,
  hashtags: ['#bakery'],
  feedback: null,
  reviewedAt: null,
};

function initial(query: string, sources: { draft?: Draft; aiPost?: AiPost } = {}) {
  return composeInitial({
    params: new URLSearchParams(query),
    draft: sources.draft,
    aiPost: sources.aiPost,
    provider: 'chatgpt',
    now: NOW,
  });
}

describe('composeInitial', () => {
  it('starts a new post on Facebook and Twitter, text, publish now, sample schedule', () => {
    expect(initial('')).toEqual({
      draftId: null,
      content: '',
      platforms: ['facebook', 'twitter'],
      postType: 'text',
      promptId: '',
      customPrompt: null,
      provider: 'chatgpt',
      writtenBy: null,
      publishMode: 'now',
      date: '2030-01-11',
      time: '10:30',
      aiPostId: null,
      openReview: false,
      warning: null,
    });
  });

  it('loads the draft named by editDraft, mapping its prompt to a preset and openai to chatgpt', () => {
    const result = initial('editDraft=d1', { draft });
    expect(result).toMatchObject({
      draftId: 'd1',
      content: 'Our spring menu is here',
      platforms: ['linkedin'],
      postType: 'image',
      promptId: 'customer-success',
      customPrompt: null,
      provider: 'chatgpt',
      publishMode: 'now',
      warning: null,
    });
  });

  it('restores a draft schedule into the date and time inputs', () => {
    const scheduledFor = new Date(2030, 5, 1, 14, 15).toISOString();
    const result = initial('editDraft=d1', { draft: { ...draft, scheduledFor } });
    expect(result).toMatchObject({ publishMode: 'schedule', ...dateTimeInputs(scheduledFor) });
  });

  it('shows a draft schedule and the sample in the user’s zone', () => {
    const result = composeInitial({
      params: new URLSearchParams('editDraft=d1'),
      draft: { ...draft, scheduledFor: '2030-06-01T14:15:00.000Z' },
      aiPost: undefined,
      provider: 'chatgpt',
      now: NOW,
      timeZone: 'Asia/Tokyo',
    });
    expect(result).toMatchObject({ publishMode: 'schedule', date: '2030-06-01', time: '23:15' });
    const fresh = composeInitial({
      params: new URLSearchParams(''),
      draft: undefined,
      aiPost: undefined,
      provider: 'chatgpt',
      now: new Date('2030-01-10T20:00:00Z'),
      timeZone: 'Asia/Tokyo',
    });
    // 20:00 UTC on 10 January is already 11 January in Tokyo: tomorrow is the 12th.
    expect(fresh).toMatchObject({ date: '2030-01-12', time: '10:30' });
  });

  it('keeps a prompt that is no preset as a custom one', () => {
    const result = initial('editDraft=d1', { draft: { ...draft, prompt: 'Our anniversary' } });
    expect(result).toMatchObject({ promptId: CUSTOM_PROMPT_ID, customPrompt: 'Our anniversary' });
  });

  it('warns and starts a new post when the draft is not on this device', () => {
    expect(initial('editDraft=gone')).toMatchObject({
      draftId: null,
      content: '',
      warning: composeWarnings.draftNotFound,
    });
    expect(initial('editPost=3')).toMatchObject({
      draftId: null,
      warning: composeWarnings.postNotFound,
    });
  });

  it('edits a scheduled draft named by editPost', () => {
    expect(initial('editPost=d1', { draft })).toMatchObject({ draftId: 'd1', warning: null });
  });

  it('takes aiContent and platforms from the query', () => {
    const query = new URLSearchParams({
      aiContent: 'Hello & welcome #new',
      platforms: 'twitter,linkedin',
    });
    expect(initial(query.toString())).toMatchObject({
      content: 'Hello & welcome #new',
      platforms: ['linkedin', 'twitter'],
      openReview: false,
    });
  });

  it('knows which provider wrote the text: none for a draft written by hand', () => {
    expect(initial('editDraft=d1', { draft }).writtenBy).toBe('chatgpt');
    expect(initial('editDraft=d1', { draft: { ...draft, aiProvider: null } }).writtenBy).toBeNull();
    expect(initial('aiPost=a1', { aiPost: { ...aiPost, aiProvider: 'perplexity' } })).toMatchObject(
      { provider: 'perplexity', writtenBy: 'perplexity' },
    );
  });

  it('opens the review of the AI post named by aiPost, with its prompt', () => {
    const result = initial('aiContent=Shown%20text&platforms=facebook&aiPost=a1', { aiPost });
    expect(result).toMatchObject({
      content: 'Shown text',
      platforms: ['facebook'],
      aiPostId: 'a1',
      openReview: true,
      promptId: 'new-product',
    });
    expect(initial('aiPost=a1', { aiPost })).toMatchObject({
      content: 'Generated text #bakery',
      platforms: ['instagram'],
    });
  });

  it('uses an idea title as the prompt', () => {
    expect(initial(`idea=${encodeURIComponent('Holiday gift guide')}`)).toMatchObject({
      promptId: CUSTOM_PROMPT_ID,
      customPrompt: 'Holiday gift guide',
    });
  });
});

it('providerOf maps stored ids to the two choices', () => {
  expect(providerOf('openai', 'perplexity')).toBe('chatgpt');
  expect(providerOf('perplexity', 'chatgpt')).toBe('perplexity');
  expect(providerOf(null, 'perplexity')).toBe('perplexity');
});
