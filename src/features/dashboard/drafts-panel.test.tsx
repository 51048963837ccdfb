// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { signedIn } from '../auth';
import { loadDrafts, saveDraft, type DraftInput } from '../drafts';
import { DraftsPanel } from './drafts-panel';

const USER_ID = '7c1e2d3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5';
let db: AppDb;

async function renderPanel(drafts: DraftInput[]) {
  const store = makeStore();
  store.dispatch(
    signedIn({ id: USER_ID, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' }),
  );
  await store.dispatch(loadDrafts(USER_ID, db));
  for (const draft of drafts) {
    await store.dispatch(saveDraft(draft, db));
    // Distinct update times keep the newest-first order certain.
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <DraftsPanel />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user };
}

function draft(content: string, extra: Partial<DraftInput> = {}): DraftInput {
  return { content, platforms: ['facebook'], postType: 'text', ...extra };
}

beforeEach(() => {
  db = openAppDb(`drafts-panel-test-${crypto.randomUUID()}`);
  setAppDb(db);
});

afterEach(async () => {
  cleanup();
  setAppDb(undefined);
  await db.delete();
});

describe('DraftsPanel', { timeout: 30_000 }, () => {
  it('says No drafts yet when there are none', async () => {
    await renderPanel([]);
    expect(screen.getByText('No drafts yet')).toBeInTheDocument();
  });

  it('shows the 3 newest, then all on request, with edit links', async () => {
    await renderPanel([
      draft('First draft text'),
      draft('Second draft text', { aiProvider: 'openai', prompt: 'Industry news' }),
      draft('Third draft text'),
      draft('Fourth draft text', { postType: 'image' }),
    ]);
    const items = () => screen.getAllByRole('listitem');
    expect(items().map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Image Post',
      'Text Post',
      'Text Post',
    ]);
    expect(screen.queryByText('First draft text')).not.toBeInTheDocument();
    const second = items()[2]!;
    expect(within(second).getByText('chatgpt')).toBeInTheDocument();
    expect(within(second).getByText('Prompt: Industry news')).toBeInTheDocument();
    const rows = await db.drafts.toArray();
    const secondId = rows.find((row) => row.content === 'Second draft text')!.id;
    expect(within(second).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/create?editDraft=${secondId}`,
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View All 4 Drafts' }));
    expect(items()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(items()).toHaveLength(3);
  });

  it('deletes after the confirm, on the device and from what waits to sync', async () => {
    const { user } = await renderPanel([draft('Keep me around'), draft('Delete me please')]);
    const target = screen.getAllByRole('listitem')[0]!;
    expect(target).toHaveTextContent('Delete me please');

    await user.click(within(target).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this draft?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.drafts.count()).toBe(2);

    await user.click(within(target).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect((await db.drafts.toArray()).map((row) => row.content)).toEqual(['Keep me around']);
    // The deleted draft never reached the server, so nothing about it is left to push.
    const kept = (await db.drafts.toArray())[0]!;
    expect((await db.outbox.toArray()).map((entry) => entry.entityId)).toEqual([kept.id]);
  });

  it("shows the spec's failure text when the delete cannot be stored", async () => {
    const { user } = await renderPanel([draft('Stuck draft text')]);
    db.close();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete draft. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Stuck draft text')).toBeInTheDocument();
  });

  it('schedules a draft: the post keeps the draft id, the draft shows Scheduled', async () => {
    const { user } = await renderPanel([
      draft('Weekend brunch menu is live', { platforms: ['facebook', 'twitter'] }),
    ]);
    const item = screen.getByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    expect(dialog).toHaveTextContent('Weekend brunch menu is live');
    expect(within(dialog).getByRole('radio', { name: 'Publish now' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    const done = await screen.findByRole('dialog', { name: 'Scheduled' });
    expect(done).toHaveTextContent('Post scheduled successfully!');
    // No account connected on this device: both go out as reminders.
    expect(done).toHaveTextContent(
      'X (Twitter) is not published automatically yet and Facebook has no connected account',
    );
    const saved = (await db.drafts.toArray())[0]!;
    const posts = await db.scheduledPosts.toArray();
    expect(posts).toEqual([
      expect.objectContaining({
        draftId: saved.id,
        content: 'Weekend brunch menu is live',
        platforms: ['facebook', 'twitter'],
        publishMode: 'now',
        status: 'scheduled',
      }),
    ]);
    expect(saved).toMatchObject({ status: 'scheduled', scheduledFor: posts[0]!.scheduledFor });
    const queued = await db.outbox.where('entity').equals('scheduled_posts').toArray();
    expect(queued.map((entry) => entry.entityId)).toEqual([posts[0]!.id]);
    // Behind the confirmation (hidden from the accessibility tree while it is open).
    const behind = screen.getByRole('listitem', { hidden: true });
    await waitFor(() => expect(within(behind).getByText('Scheduled')).toBeInTheDocument());
  });
});
