// @vitest-environment jsdom
import { useReducer } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { removeHashtag } from './hashtags';
import {
  composeReducer,
  TYPING_PAUSE_MS,
  useTypingPause,
  type ComposeState,
} from './use-compose-state';

const written: ComposeState = {
  draftId: null,
  postId: null,
  content: 'Fresh bread today #bakery',
  contentRevision: 0,
  platforms: ['facebook'],
  postType: 'text',
  promptId: 'new-product',
  provider: 'chatgpt',
  writtenBy: 'chatgpt',
  publishMode: 'now',
  date: '2030-01-11',
  time: '10:30',
  approval: 'skip',
  firstComment: false,
  autoRespond: true,
  aiPostId: 'a1',
  prediction: 72,
};

it('keeps the AI as the writer of an edited text, not of an emptied editor', () => {
  const edited = composeReducer(written, { type: 'contentEdited', content: 'Fresh bread' });
  expect(edited).toMatchObject({ content: 'Fresh bread', writtenBy: 'chatgpt' });
  const emptied = composeReducer(edited, { type: 'contentEdited', content: '  ' });
  expect(emptied).toMatchObject({ content: '  ', writtenBy: null });
});

it('removes a hashtag from the content', () => {
  expect(composeReducer(written, { type: 'hashtagRemoved', tag: '#bakery' }).content).toBe(
    'Fresh bread today',
  );
});

it('an approved review replaces the text and switches to scheduling', () => {
  expect(composeReducer(written, { type: 'reviewApproved', content: 'Reviewed' })).toMatchObject({
    content: 'Reviewed',
    publishMode: 'schedule',
    writtenBy: 'chatgpt',
  });
});

describe('useTypingPause', () => {
  /** A form with no AI text, as a post written by hand starts. */
  const start: ComposeState = {
    ...written,
    content: 'Fresh bread #bakery',
    writtenBy: null,
    aiPostId: null,
    prediction: null,
  };

  /** The form's state with its typing pause, counting the renders typing causes. */
  function renderForm(initial = start) {
    let renders = 0;
    const hook = renderHook(() => {
      renders += 1;
      const [form, dispatch] = useReducer(composeReducer, initial);
      return { form, ...useTypingPause(form.content, dispatch) };
    });
    const type = (content: string) =>
      act(() => hook.result.current.edit({ type: 'contentEdited', content }));
    return { hook, type, renders: () => renders };
  }

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes the text typed once typing pauses, rendering the form once for the keystrokes', async () => {
    const { hook, type, renders } = renderForm();
    const before = renders();
    await type('Fresh bread #bakery t');
    await type('Fresh bread #bakery to');
    await type('Fresh bread #bakery today');
    expect(hook.result.current.form.content).toBe('Fresh bread #bakery');
    expect(renders()).toBe(before);

    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS - 1));
    expect(hook.result.current.form.content).toBe('Fresh bread #bakery');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(hook.result.current.form.content).toBe('Fresh bread #bakery today');
    expect(renders()).toBe(before + 1);
  });

  it('brings what was typed in at once for a handler that reads the form', async () => {
    const { hook, type } = renderForm();
    await type('Fresh bread #bakery!');
    act(() => hook.result.current.settleTyping());
    expect(hook.result.current.form.content).toBe('Fresh bread #bakery!');
    // The pause that was running ends there: nothing comes in after it.
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS));
    expect(hook.result.current.form.content).toBe('Fresh bread #bakery!');
  });

  it('starts a change of the text from what was typed, not from the text the form had', async () => {
    const { hook, type } = renderForm();
    await type('Fresh bread #bakery and rye');
    act(() => hook.result.current.edit({ type: 'hashtagRemoved', tag: '#bakery' }));
    expect(hook.result.current.form.content).toBe(
      removeHashtag('Fresh bread #bakery and rye', '#bakery'),
    );
    expect(hook.result.current.form.contentRevision).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS));
    expect(hook.result.current.form.content).toBe(
      removeHashtag('Fresh bread #bakery and rye', '#bakery'),
    );
  });

  it('takes a text written into an empty field, or emptied, without waiting', async () => {
    const { hook, type } = renderForm({ ...start, content: '' });
    await type('F');
    expect(hook.result.current.form.content).toBe('F');
    await type('Fr');
    expect(hook.result.current.form.content).toBe('F');
    await type('');
    expect(hook.result.current.form.content).toBe('');
  });
});
