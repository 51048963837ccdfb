import { describe, expect, it } from 'vitest';
import { providerOf } from '../ai';
import type { AiPost } from '../ai-posts';
import type { Draft } from '../drafts';
import type { PublishTarget, ScheduledPost } from '../publishing';
import { composeInitial, composeWarnings, CUSTOM_PROMPT_ID, presetDate } from './compose-initial';
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
  suggestedFor: null,
  scheduledPostId: null,
  version: null,
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const post: ScheduledPost = {
  id: 'p1',
  userId: 'u1',
  content: 'Weekend opening hours',
  platforms: ['facebook', 'instagram'],
  accountIds: ['acc-1'],
  scheduledFor: '2030-01-15T14:45:00.000Z',
  publishMode: 'optimal',
  timeRule: 'Facebook: weekdays 1-3 PM',
  draftId: null,
  status: 'scheduled',
  version: 3,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

function target(overrides: Partial<PublishTarget>): PublishTarget {
  return {
    id: 't1',
    userId: 'u1',
    postId: 'p1',
    platform: 'instagram',
    accountId: null,
    accountName: null,
    kind: 'manual',
    status: 'scheduled',
    dueAt: post.scheduledFor,
    attempts: 0,
    claimedAt: null,
    remoteId: null,
    permalink: null,
    errorCode: null,
    errorMessage: null,
    publishedAt: null,
    version: 1,
    updatedAt: post.updatedAt,
    ...overrides,
  };
}

function initial(
  query: string,
  sources: {
    draft?: Draft;
    aiPost?: AiPost;
    post?: ScheduledPost;
    postTargets?: PublishTarget[];
  } = {},
  timeZone?: string,
) {
  return composeInitial({
    params: new URLSearchParams(query),
    draft: sources.draft,
    aiPost: sources.aiPost,
    post: sources.post,
    postTargets: sources.postTargets,
    provider: 'chatgpt',
    now: NOW,
    timeZone,
  });
}

describe('composeInitial', () => {
  it('starts a new post on Facebook and Twitter, text, publish now, sample schedule', () => {
    expect(initial('')).toEqual({
      draftId: null,
      postId: null,
      locked: false,
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

  it('opens the scheduled post named by editPost, its time under Schedule for later in the user’s zone', () => {
    const result = initial('editPost=p1', { post, postTargets: [target({})] }, 'America/New_York');
    expect(result).toMatchObject({
      draftId: null,
      postId: 'p1',
      locked: false,
      content: 'Weekend opening hours',
      platforms: ['facebook', 'instagram'],
      publishMode: 'schedule',
      // 14:45 UTC is 9:45 in New York in January.
      date: '2030-01-15',
      time: '09:45',
      warning: null,
    });
    expect(initial('editPost=p1', { post }, 'Asia/Tokyo')).toMatchObject({
      date: '2030-01-15',
      time: '23:45',
    });
  });

  it('opens a scheduled post whose publishing has started as locked', () => {
    const reminded = initial('editPost=p1', {
      post: { ...post, status: 'needs_attention' },
      postTargets: [target({ status: 'reminder' })],
    });
    expect(reminded).toMatchObject({ postId: 'p1', locked: true, warning: null });
    // Claimed once, back in scheduled for a retry: its text may already have gone out.
    const claimed = initial('editPost=p1', {
      post,
      postTargets: [target({ kind: 'auto', claimedAt: '2030-01-15T14:45:01.000Z' })],
    });
    expect(claimed.locked).toBe(true);
    expect(initial('editPost=p1', { post: { ...post, status: 'publishing' } }).locked).toBe(true);
  });

  it('prefers a draft with the editPost id, and says when neither is on this device', () => {
    expect(initial('editPost=d1', { draft, post: { ...post, id: 'd1' } })).toMatchObject({
      draftId: 'd1',
      postId: null,
    });
    expect(initial('editPost=p9')).toMatchObject({
      draftId: null,
      postId: null,
      locked: false,
      content: '',
      publishMode: 'now',
      warning: composeWarnings.postNotFound,
    });
  });

  it('presets Schedule for later on the day named by date, at the default time', () => {
    expect(initial('date=2030-02-14')).toMatchObject({
      publishMode: 'schedule',
      date: '2030-02-14',
      time: '10:30',
    });
    // Today counts: only the time may need a change.
    expect(initial('date=2030-01-10')).toMatchObject({
      publishMode: 'schedule',
      date: '2030-01-10',
    });
    expect(initial('date=2030-02-14&platforms=linkedin')).toMatchObject({
      publishMode: 'schedule',
      platforms: ['linkedin'],
    });
  });

  it('ignores a date that is past, not a date, or beside a post being edited', () => {
    const defaults = { publishMode: 'now', date: '2030-01-11', time: '10:30', warning: null };
    for (const bad of ['2030-01-09', '2030-02-30', '2030-13-01', '14/02/2030', 'soon', ''])
      expect(initial(`date=${encodeURIComponent(bad)}`)).toMatchObject(defaults);
    expect(initial('editDraft=d1&date=2030-02-14', { draft })).toMatchObject({
      publishMode: 'now',
    });
    expect(initial('editPost=p1&date=2030-02-14', { post }, 'UTC')).toMatchObject({
      date: '2030-01-15',
    });
  });

  it('reads today in the user’s zone when checking a date', () => {
    const late = new Date('2030-01-10T20:00:00Z');
    // Already 11 January in Tokyo: the 10th is past there, not in New York.
    expect(presetDate('2030-01-10', late, 'Asia/Tokyo')).toBeNull();
    expect(presetDate('2030-01-10', late, 'America/New_York')).toBe('2030-01-10');
    expect(presetDate(null, late, 'UTC')).toBeNull();
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

it('providerOf maps stored ids to the five choices', () => {
  expect(providerOf('openai', 'perplexity')).toBe('chatgpt');
  expect(providerOf('perplexity', 'chatgpt')).toBe('perplexity');
  expect(providerOf(null, 'perplexity')).toBe('perplexity');
  for (const id of ['grok', 'gemini', 'custom'] as const) {
    expect(providerOf(id, 'chatgpt')).toBe(id);
  }
  expect(providerOf('llama', null)).toBeNull();
});
