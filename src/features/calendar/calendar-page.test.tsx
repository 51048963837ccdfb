// @vitest-environment jsdom
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../../app/store';
import {
  openAppDb,
  setAppDb,
  type AppDb,
  type PublishTargetRecord,
  type ScheduledPostRecord,
} from '../../lib/db';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { loadPublishing } from '../publishing';
import { connectivityChanged, initialSyncState } from '../sync';
import { editedChanges } from './edit-post-dialog';
import { readPermalink } from './mark-posted-dialog';
import {
  arrangePosts,
  calendarTexts,
  POSTS_PAGE,
  postStatus,
  ScheduledPosts,
} from './scheduled-posts';
import { OFFLINE_ACTION_MESSAGE } from './target-actions';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

let db: AppDb;
let name: string;

beforeEach(() => {
  name = `calendar-test-${crypto.randomUUID()}`;
  db = openAppDb(name);
  setAppDb(db);
});

afterEach(async () => {
  // The app goes before its database does: a read still under way then has no one to tell.
  cleanup();
  delete (navigator as { clipboard?: unknown }).clipboard;
  setAppDb(undefined);
  db.close();
  await Dexie.delete(name);
});

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

const post = (over: Partial<ScheduledPostRecord>): ScheduledPostRecord => ({
  id: crypto.randomUUID(),
  userId: ada.id,
  content: 'Fresh bread today',
  platforms: ['facebook'],
  accountIds: [],
  scheduledFor: inHours(2),
  publishMode: 'schedule',
  timeRule: null,
  draftId: null,
  status: 'scheduled',
  version: 1,
  createdAt: inHours(-1),
  updatedAt: inHours(-1),
  ...over,
});

const target = (
  p: ScheduledPostRecord,
  over: Partial<PublishTargetRecord>,
): PublishTargetRecord => ({
  id: crypto.randomUUID(),
  userId: ada.id,
  postId: p.id,
  platform: 'facebook',
  accountId: 'acc-1',
  accountName: 'Bloom Bakery',
  kind: 'auto',
  status: 'scheduled',
  dueAt: p.scheduledFor,
  attempts: 0,
  claimedAt: null,
  remoteId: null,
  permalink: null,
  errorCode: null,
  errorMessage: null,
  publishedAt: null,
  version: 1,
  updatedAt: p.updatedAt,
  ...over,
});

async function openCalendar(posts: ScheduledPostRecord[], targets: PublishTargetRecord[]) {
  await db.scheduledPosts.bulkPut(posts);
  await db.publishTargets.bulkPut(targets);
  const rendered = renderApp('/calendar', signedIn);
  await act(() => rendered.store.dispatch(loadPublishing(ada.id, db)));
  await screen.findByRole('heading', { level: 1, name: 'Content Calendar' });
  await screen.findByRole('heading', { level: 2, name: 'Scheduled posts' });
  return rendered;
}

const card = (text: string) =>
  screen.getAllByRole('article').find((a) => a.textContent?.includes(text))!;

describe('while this device’s posts are read', () => {
  it('shows one loading status, then the board and the list together', async () => {
    const p = post({ content: 'Read from this device' });
    await db.scheduledPosts.put(p);
    await db.publishTargets.put(target(p, {}));
    const rendered = renderApp('/calendar', signedIn);
    expect(
      await screen.findByRole('progressbar', { name: 'Loading your calendar' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Scheduled posts' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Post' })).toBeNull();

    await act(() => rendered.store.dispatch(loadPublishing(ada.id, db)));
    expect(screen.queryByRole('progressbar', { name: 'Loading your calendar' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Scheduled posts' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create Post' }).length).toBeGreaterThan(0);
    expect(card('Read from this device')).toBeInTheDocument();
  });
});

describe('the scheduled posts list', () => {
  it('says when there is nothing yet and leads to Create Post', async () => {
    await openCalendar([], []);
    expect(await screen.findByText(calendarTexts.empty)).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Scheduled posts' });
    expect(within(list).getByRole('link', { name: 'Create Post' })).toHaveAttribute(
      'href',
      '/create',
    );
  });

  it('shows upcoming posts soonest first, then recent ones, each with its targets', async () => {
    const later = post({ content: 'Later post', scheduledFor: inHours(5) });
    const sooner = post({ content: 'Sooner post', scheduledFor: inHours(1) });
    const done = post({ content: 'Done post', scheduledFor: inHours(-3), status: 'published' });
    const broken = post({ content: 'Broken post', scheduledFor: inHours(-1), status: 'failed' });
    await openCalendar(
      [later, done, sooner, broken],
      [
        target(done, {
          status: 'published',
          permalink: 'https://www.facebook.com/111_1',
          publishedAt: inHours(-3),
        }),
        target(broken, {
          status: 'failed',
          platform: 'linkedin',
          accountName: 'Fake LinkedIn Member',
          errorMessage: 'The post was refused.',
        }),
        target(sooner, {}),
      ],
    );
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const recent = screen.getByRole('region', { name: 'Recent' });
    expect(
      within(upcoming)
        .getAllByRole('article')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Sooner post'), expect.stringContaining('Later post')]);
    expect(
      within(recent)
        .getAllByRole('article')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Broken post'), expect.stringContaining('Done post')]);

    const published = card('Done post');
    expect(within(published).getByText('Facebook · Bloom Bakery')).toBeInTheDocument();
    expect(within(published).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/111_1',
    );
    expect(within(published).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'target',
      '_blank',
    );
    const failed = card('Broken post');
    expect(within(failed).getByText('The post was refused.')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeEnabled();
    // Unlocked posts can be changed; finished ones cannot.
    expect(within(card('Sooner post')).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(failed).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows a busy calendar a page at a time, soonest first, with Show more', async () => {
    const posts = Array.from({ length: 2 * POSTS_PAGE + 3 }, (_, i) =>
      post({ content: `Queued post ${i}`, scheduledFor: inHours(i + 1) }),
    );
    await openCalendar([...posts].reverse(), []);
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const shownTexts = () =>
      within(upcoming)
        .getAllByRole('article')
        .map((a) => /Queued post \d+/.exec(a.textContent ?? '')?.[0]);
    expect(shownTexts()).toEqual(posts.slice(0, POSTS_PAGE).map((p) => p.content));
    expect(within(upcoming).getByRole('status')).toHaveTextContent(
      `Showing ${POSTS_PAGE} of ${posts.length}`,
    );

    act(() =>
      within(upcoming)
        .getByRole('button', { name: `Show ${POSTS_PAGE} more` })
        .click(),
    );
    await waitFor(() => expect(shownTexts()).toHaveLength(2 * POSTS_PAGE));
    act(() => within(upcoming).getByRole('button', { name: 'Show 3 more' }).click());
    await waitFor(() => expect(shownTexts()).toEqual(posts.map((p) => p.content)));
    expect(within(upcoming).queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
    expect(within(upcoming).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a post that started publishing can no longer be changed', async () => {
    const p = post({ content: 'Going out', status: 'publishing', scheduledFor: inHours(-0.01) });
    await openCalendar([p], [target(p, { status: 'publishing' })]);
    const article = card('Going out');
    expect(
      within(article).getByText('Publishing has started, so this post can no longer be changed.'),
    ).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Cancel post' })).not.toBeInTheDocument();
  });

  it('offers Publish again and Mark as posted on a post that needs attention, and Copy text on a reminder', async () => {
    const unsure = post({
      content: 'Unsure post',
      status: 'needs_attention',
      scheduledFor: inHours(-1),
    });
    const manual = post({
      content: 'Tweet this',
      platforms: ['twitter'],
      status: 'needs_attention',
      scheduledFor: inHours(-2),
    });
    const { user } = await openCalendar(
      [unsure, manual],
      [
        target(unsure, { status: 'needs_attention', errorMessage: 'We could not tell.' }),
        target(manual, {
          platform: 'twitter',
          kind: 'manual',
          accountId: null,
          accountName: null,
          status: 'reminder',
        }),
      ],
    );
    const attention = card('Unsure post');
    expect(within(attention).getByText('Check your page before posting again')).toBeInTheDocument();
    expect(within(attention).getByRole('button', { name: 'Publish again' })).toBeEnabled();
    expect(within(attention).getByRole('button', { name: 'Mark as posted' })).toBeEnabled();

    // Publish again asks first, in a dialog.
    await user.click(within(attention).getByRole('button', { name: 'Publish again' }));
    const confirm = screen.getByRole('dialog', { name: 'Publish again?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const reminder = card('Tweet this');
    expect(within(reminder).getByText('Publish it yourself')).toBeInTheDocument();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(within(reminder).getByRole('button', { name: 'Copy text' }));
    expect(writeText).toHaveBeenCalledWith('Tweet this');
    expect(await screen.findByText('Text copied.')).toBeInTheDocument();
  });

  it('offline, says the server actions need a connection and disables them', async () => {
    const broken = post({ content: 'Broken post', status: 'failed', scheduledFor: inHours(-1) });
    const { store } = await openCalendar([broken], [target(broken, { status: 'failed' })]);
    act(() => {
      store.dispatch(connectivityChanged({ online: false }));
    });
    expect(await screen.findByText(OFFLINE_ACTION_MESSAGE)).toBeInTheDocument();
    expect(within(card('Broken post')).getByRole('button', { name: 'Retry' })).toBeDisabled();
    expect(within(card('Broken post')).getByText(calendarTexts.failedFallback)).toBeInTheDocument();
  });

  it('edits content and time through the outbox, refusing a time in the past', async () => {
    const p = post({ content: 'Old text' });
    const { user } = await openCalendar([p], [target(p, {})]);
    await user.click(within(card('Old text')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit scheduled post' });
    const content = within(dialog).getByLabelText('Content');
    await user.clear(content);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please add content before scheduling',
    );
    await user.type(content, 'New text');
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please choose a time in the future.',
    );
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2099-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Post updated.')).toBeInTheDocument();
    expect(card('New text')).toBeDefined();
    const stored = await db.scheduledPosts.get(p.id);
    expect(stored).toMatchObject({ content: 'New text', publishMode: 'schedule' });
    expect(stored!.scheduledFor.startsWith('2099-0')).toBe(true);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ entity: 'scheduled_posts', entityId: p.id, op: 'upsert' });
  });

  it('cancels a post after a confirm dialog, through the outbox', async () => {
    const p = post({ content: 'Never mind' });
    const { user } = await openCalendar([p], [target(p, {})]);
    await user.click(within(card('Never mind')).getByRole('button', { name: 'Cancel post' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel post' }));
    expect(await screen.findByText('Post cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ entity: 'scheduled_posts', entityId: p.id, op: 'delete' });
  });
});

describe('a change the server refused', () => {
  it('is shown on its post with the server’s reason', async () => {
    const p = post({ content: 'Edited too late' });
    await db.scheduledPosts.put(p);
    const store = makeStore({
      sync: {
        ...initialSyncState,
        parked: [
          {
            seq: 7,
            entity: 'scheduled_posts',
            entityId: p.id,
            op: 'upsert',
            error: {
              kind: 'rejected',
              code: 'P0001',
              message: 'Publishing has started, so this post can no longer be changed.',
              status: 200,
            },
            createdAt: 1,
          },
        ],
      },
    });
    await store.dispatch(loadPublishing(ada.id, db));
    render(
      <Provider store={store}>
        <MemoryRouter>
          <ScheduledPosts />
        </MemoryRouter>
      </Provider>,
    );
    expect(within(card('Edited too late')).getByRole('alert')).toHaveTextContent(
      'Your change was not saved: Publishing has started, so this post can no longer be changed.',
    );
  });
});

describe('the list’s rules', () => {
  it('orders upcoming soonest first and the rest most recent first', () => {
    const a = post({ id: 'a', scheduledFor: inHours(3) });
    const b = post({ id: 'b', scheduledFor: inHours(1), status: 'publishing' });
    const c = post({ id: 'c', scheduledFor: inHours(-5), status: 'published' });
    const d = post({ id: 'd', scheduledFor: inHours(-1), status: 'needs_attention' });
    const { upcoming, recent } = arrangePosts([a, b, c, d]);
    expect(upcoming.map((p) => p.id)).toEqual(['b', 'a']);
    expect(recent.map((p) => p.id)).toEqual(['d', 'c']);
  });

  it('takes a post’s status from its targets once they are here', () => {
    const p = { status: 'publishing' as const };
    const t = (...statuses: PublishTargetRecord['status'][]) =>
      statuses.map((status) => ({ status }));
    expect(postStatus(p, [])).toBe('publishing');
    // Both published at once: the targets are right even while the post row lags.
    expect(postStatus(p, t('published', 'published'))).toBe('published');
    expect(postStatus(p, t('published', 'posted', 'cancelled'))).toBe('published');
    expect(postStatus(p, t('published', 'reminder'))).toBe('needs_attention');
    expect(postStatus(p, t('failed', 'publishing'))).toBe('failed');
    expect(postStatus(p, t('scheduled', 'published'))).toBe('publishing');
    expect(postStatus(p, t('scheduled', 'cancelled'))).toBe('scheduled');
    expect(postStatus(p, t('cancelled'))).toBe('cancelled');
    const stale = post({ id: 'stale', status: 'publishing', scheduledFor: inHours(-1) });
    const { upcoming, recent } = arrangePosts([stale], {
      stale: [target(stale, { status: 'published' })],
    });
    expect([upcoming, recent.map((r) => r.id)]).toEqual([[], ['stale']]);
  });

  it('reads the edit form in the user’s zone and sends only what changed', () => {
    const p = { content: 'Hi', scheduledFor: '2030-03-05T09:45:00.000Z' };
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(
      editedChanges(p, { content: 'Hi', date: '2030-03-05', time: '10:45' }, 'Europe/Berlin', now),
    ).toEqual({ changes: {} });
    expect(
      editedChanges(p, { content: 'Hey', date: '2030-03-05', time: '11:00' }, 'Europe/Berlin', now),
    ).toEqual({
      changes: {
        content: 'Hey',
        scheduledFor: '2030-03-05T10:00:00.000Z',
        publishMode: 'schedule',
        timeRule: null,
      },
    });
    expect(
      editedChanges(p, { content: ' ', date: '2030-03-05', time: '10:45' }, 'UTC', now),
    ).toEqual({
      error: 'Please add content before scheduling',
    });
  });

  it('takes only a web link as the post’s address', () => {
    expect(readPermalink('')).toBeNull();
    expect(readPermalink(' https://www.facebook.com/1_2 ')).toBe('https://www.facebook.com/1_2');
    expect(readPermalink('javascript:alert(1)')).toBe(false);
    expect(readPermalink('not a link')).toBe(false);
  });
});
