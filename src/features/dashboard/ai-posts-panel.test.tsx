// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { recordGeneratedPost, reviewAiPost } from '../ai-posts';
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
    expect((await db.table('aiPosts').get(approved!.id)).status).toBe('scheduled');
    expect((await db.table('aiPosts').get(pending!.id)).status).toBe('pending-review');
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('at /calendar')).toBeInTheDocument();
  });
});
