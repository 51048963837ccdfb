import { expect, it } from 'vitest';
import { composeReducer, type ComposeState } from './use-compose-state';

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
