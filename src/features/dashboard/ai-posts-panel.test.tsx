// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { recordGeneratedPost, reviewAiPost, type AiPost } from '../ai-posts';
import { signedIn } from '../auth';
import { AiPostsPanel } from './ai-posts-panel';

const USER_ID = '2b3c4d5e-6f70-4819-9a2b-3c4d5e6f7081';
let db: AppDb;

function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

beforeEach(() => {
  db = openAppDb(`ai-posts-panel-test-${crypto.randomUUID()}`);
  setAppDb(db);
});

afterEach(async () => {
  cleanup();
  setAppDb(undefined);
  await db.delete();
});

describe('AiPostsPanel', { timeout: 30_000 }, () => {
  it('schedules an approved post through the schedule dialog, then goes to the calendar', async () => {
    const store = makeStore();
    store.dispatch(
      signedIn({ id: USER_ID, email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz' }),
    );
    const pending = await store.dispatch(
      recordGeneratedPost(
        {
          content: 'Still waiting for review',
          platforms: ['facebook'],
          aiProvider: 'chatgpt',
          prompt: 'FAQs',
          engagementPrediction: 40,
          hashtags: [],
        },
        db,
      ),
    );
    const approved = await store.dispatch(
      recordGeneratedPost(
        {
          content: 'Our team bakes from 4 AM so your bread is warm',
          platforms: ['linkedin', 'twitter'],
          aiProvider: 'chatgpt',
          prompt: 'Company culture or team',
          engagementPrediction: 72,
          hashtags: [],
        },
        db,
      ),
    );
    await store.dispatch(reviewAiPost(approved!.id, { status: 'approved' }, db));
    const user = userEvent.setup();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="/dashboard" element={<AiPostsPanel />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    // Only approved posts offer Schedule.
    expect(await screen.findAllByRole('button', { name: 'Schedule' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const done = await screen.findByRole('dialog', { name: 'Scheduled' });
    expect(done).toHaveTextContent('Post scheduled successfully!');

    const posts = await db.scheduledPosts.toArray();
    expect(posts).toEqual([
      expect.objectContaining({
        content: 'Our team bakes from 4 AM so your bread is warm',
        platforms: ['linkedin', 'twitter'],
        draftId: null,
      }),
    ]);
    expect(await db.table('aiPosts').get(approved!.id)).toMatchObject({
      status: 'scheduled',
      scheduledPostId: posts[0]!.id,
    });
    expect((await db.table('aiPosts').get(pending!.id)).status).toBe('pending-review');
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('at /calendar')).toBeInTheDocument();
  });

  it('lists the real posts with their fields, leaves rejected ones out and counts those pending review', async () => {
    const store = makeStore();
    store.dispatch(
      signedIn({ id: USER_ID, email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz' }),
    );
    const long = `${'Sourdough '.repeat(25)}end`;
    const kept = await store.dispatch(
      recordGeneratedPost(
        {
          content: long,
          platforms: ['facebook', 'instagram'],
          aiProvider: 'openai',
          prompt: 'Announce a new product or feature',
          engagementPrediction: 82,
          hashtags: [],
        },
        db,
      ),
    );
    const rejected = await store.dispatch(
      recordGeneratedPost(
        {
          content: 'Not our style at all',
          platforms: ['twitter'],
          aiProvider: 'chatgpt',
          prompt: 'FAQs',
          engagementPrediction: 40,
          hashtags: [],
        },
        db,
      ),
    );
    await store.dispatch(reviewAiPost(rejected!.id, { status: 'rejected', feedback: 'No' }, db));
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <AiPostsPanel />
        </MemoryRouter>
      </Provider>,
    );
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item).toHaveTextContent('chatgpt');
    expect(item).toHaveTextContent('Pending review');
    expect(item).toHaveTextContent('Prompt: Announce a new product or feature');
    expect(item).toHaveTextContent(`${long.slice(0, 200)}...`);
    expect(item).not.toHaveTextContent(long);
    expect(item).toHaveTextContent('facebook');
    expect(item).toHaveTextContent('instagram');
    expect(item).toHaveTextContent('Predicted engagement: 82%');
    expect(within(item).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      expect.stringContaining(`aiPost=${kept!.id}`),
    );
    expect(within(item).queryByRole('button', { name: 'Schedule' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not our style at all')).not.toBeInTheDocument();
    expect(screen.getByText('1 post pending review')).toBeInTheDocument();

    // A post another device generated arrives with a pull, already approved.
    const pulled: AiPost = {
      ...kept!,
      id: crypto.randomUUID(),
      content: 'From the phone',
      status: 'approved',
      generatedAt: new Date(Date.now() + 60_000).toISOString(),
      version: 2,
    };
    act(() => {
      store.dispatch(
        syncRowsChanged({ entity: 'ai_generated_posts', upserted: [pulled], removed: [] }),
      );
    });
    expect(await screen.findByText('From the phone')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeInTheDocument();
    expect(screen.getByText('1 post pending review')).toBeInTheDocument();

    // Rejected on another device: it leaves the list, and the count follows.
    const rejectedThere: AiPost = { ...kept!, status: 'rejected', version: 3 };
    act(() => {
      store.dispatch(
        syncRowsChanged({
          entity: 'ai_generated_posts',
          upserted: [rejectedThere],
          removed: [],
        }),
      );
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('0 posts pending review')).toBeInTheDocument();
  });
});
