// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { loadAiPosts, recordGeneratedPost, selectAiPostById, type AiPost } from '../ai-posts';
import { signedIn } from '../auth';
import { ENHANCE_INSTRUCTION, ReviewModal } from './review-modal';

const USER_ID = '7d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f';
const KEY = 'sk-unit-review-key-123456';
const TEXT = 'Fresh sourdough is out of the oven! #bakery';

let fake: FakeOpenAI;
let db: AppDb;

function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

async function setup() {
  const store = makeStore();
  store.dispatch(
    signedIn({ id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
  );
  await store.dispatch(loadAiPosts(USER_ID, db));
  const post = (await store.dispatch(
    recordGeneratedPost(
      {
        content: TEXT,
        platforms: ['facebook'],
        aiProvider: 'chatgpt',
        prompt: 'Announce a new product or feature',
        engagementPrediction: 82,
        hashtags: ['#bakery'],
      },
      db,
    ),
  ))!;
  const onClose = vi.fn();
  const onApproved = vi.fn();
  const onRevised = vi.fn();
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/create']}>
        <Routes>
          <Route
            path="/create"
            element={
              <ReviewModal
                open
                prompt={post.prompt}
                content={post.content}
                platforms={post.platforms}
                authorName="Ada Lovelace"
                aiPost={post}
                onClose={onClose}
                onApproved={onApproved}
                onRevised={onRevised}
              />
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  const modal = await screen.findByRole('dialog', { name: 'Review Post' });
  const stored = async (): Promise<AiPost> => (await db.table('aiPosts').get(post.id)) as AiPost;
  return { store, post, user, modal, stored, onClose, onApproved, onRevised };
}

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  db = openAppDb(`review-modal-test-${crypto.randomUUID()}`);
  setAppDb(db);
  localStorage.clear();
  localStorage.setItem('openai_api_key', KEY);
  localStorage.setItem('openai_base_url', fake.url);
  fake.reset();
});

afterEach(async () => {
  cleanup();
  setAppDb(undefined);
  await db.delete();
});

describe('ReviewModal decisions on an AI generated post', { timeout: 30_000 }, () => {
  it('Approve & Schedule approves it, opens scheduling, and once scheduled ties it to its post', async () => {
    const { store, post, user, modal, stored, onApproved } = await setup();
    await user.click(within(modal).getByRole('button', { name: 'Approve & Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    expect(screen.queryByRole('dialog', { name: 'Review Post' })).not.toBeInTheDocument();
    expect(await stored()).toMatchObject({ status: 'approved', scheduledPostId: null });
    expect(dialog).toHaveTextContent(TEXT);

    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const done = await screen.findByRole('dialog', { name: 'Scheduled' });
    expect(done).toHaveTextContent('Post scheduled successfully!');
    const [scheduled] = await db.scheduledPosts.toArray();
    expect(scheduled).toMatchObject({ content: TEXT, platforms: ['facebook'] });
    expect(await stored()).toMatchObject({ status: 'scheduled', scheduledPostId: scheduled!.id });
    expect(selectAiPostById(store.getState(), post.id)).toMatchObject({
      status: 'scheduled',
      scheduledPostId: scheduled!.id,
    });
    // Both wait in the outbox, the scheduled post first: the AI post's tie names it.
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.entity)).toEqual([
      'scheduled_posts',
      'ai_generated_posts',
    ]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('at /calendar')).toBeInTheDocument();
    expect(onApproved).not.toHaveBeenCalled();
  });

  it('a cancelled scheduling leaves it approved and hands the text to the editor', async () => {
    const { user, modal, stored, onApproved, onClose } = await setup();
    const field = within(modal).getByRole('textbox', { name: 'Post content' });
    await user.clear(field);
    await user.type(field, 'Warm bread every morning');
    await user.click(within(modal).getByRole('button', { name: 'Approve & Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onApproved).toHaveBeenCalledWith('Warm bread every morning');
    expect(onClose).toHaveBeenCalled();
    expect(await stored()).toMatchObject({
      status: 'approved',
      content: 'Warm bread every morning',
    });
    expect(await db.scheduledPosts.count()).toBe(0);
  });

  it('Request Revision: needs-revision while the AI rewrites, then pending review with the new text', async () => {
    const { user, modal, stored, onRevised } = await setup();
    fake.enqueue({
      kind: 'slow',
      delayMs: 1500,
      then: { kind: 'text', text: 'Warm sourdough, fresh at 7. #bakery' },
    });
    await user.click(within(modal).getByRole('button', { name: 'Request Revision' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Feedback for AI' }), 'Shorter');
    await user.click(within(modal).getByRole('button', { name: 'Send Feedback' }));
    await waitFor(async () =>
      expect(await stored()).toMatchObject({ status: 'needs-revision', feedback: 'Shorter' }),
    );
    expect(within(modal).getByTestId('review-status')).toHaveTextContent('Needs revision');

    await waitFor(() =>
      expect(within(modal).getByRole('textbox', { name: 'Post content' })).toHaveValue(
        'Warm sourdough, fresh at 7. #bakery',
      ),
    );
    expect(await stored()).toMatchObject({
      status: 'pending-review',
      content: 'Warm sourdough, fresh at 7. #bakery',
      feedback: 'Shorter',
    });
    expect(within(modal).getByTestId('review-status')).toHaveTextContent('Pending review');
    expect(onRevised).toHaveBeenCalledWith('Warm sourdough, fresh at 7. #bakery');
    const body = fake.chatBodies().at(-1)!;
    expect(body.messages.at(-1)!.content).toContain('Shorter');
    expect(body.messages.at(-1)!.content).toContain(TEXT);
  });

  it('a failed revision says so and leaves the request standing', async () => {
    const { user, modal, stored } = await setup();
    fake.enqueue({ kind: 'server-error' }, { kind: 'server-error' }, { kind: 'server-error' });
    await user.click(within(modal).getByRole('button', { name: 'Request Revision' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Feedback for AI' }), 'Shorter');
    await user.click(within(modal).getByRole('button', { name: 'Send Feedback' }));
    expect(
      await within(modal).findByText('Failed to improve post. Please try again.'),
    ).toBeInTheDocument();
    expect(await stored()).toMatchObject({
      status: 'needs-revision',
      content: TEXT,
      feedback: 'Shorter',
    });
  });

  it('Reject with feedback rejects it and closes', async () => {
    const { store, post, user, modal, stored, onClose } = await setup();
    await user.click(within(modal).getByRole('button', { name: 'Reject' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Feedback for AI' }), 'Off brand');
    await user.click(within(modal).getByRole('button', { name: 'Confirm Reject' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await stored()).toMatchObject({ status: 'rejected', feedback: 'Off brand' });
    expect(selectAiPostById(store.getState(), post.id)!.status).toBe('rejected');
  });

  it('Enhance with AI rewrites the text in place, without a decision; a failure says so', async () => {
    const { user, modal, stored } = await setup();
    fake.enqueue({ kind: 'text', text: 'Warm, crackling sourdough is here! Grab a loaf. #bakery' });
    await user.click(within(modal).getByRole('button', { name: 'Enhance with AI' }));
    await waitFor(() =>
      expect(within(modal).getByRole('textbox', { name: 'Post content' })).toHaveValue(
        'Warm, crackling sourdough is here! Grab a loaf. #bakery',
      ),
    );
    const body = fake.chatBodies().at(-1)!;
    expect(body.messages.at(-1)!.content).toContain(ENHANCE_INSTRUCTION);
    expect(body.messages.at(-1)!.content).toContain(TEXT);
    expect(await stored()).toMatchObject({ status: 'pending-review', content: TEXT });
    expect(within(modal).getByTestId('review-status')).toHaveTextContent('Pending review');

    fake.enqueue({ kind: 'server-error' }, { kind: 'server-error' }, { kind: 'server-error' });
    await user.click(within(modal).getByRole('button', { name: 'Enhance with AI' }));
    expect(
      await within(modal).findByText('Failed to improve post. Please try again.'),
    ).toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: 'Post content' })).toHaveValue(
      'Warm, crackling sourdough is here! Grab a loaf. #bakery',
    );
  });
});
