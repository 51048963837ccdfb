// @vitest-environment jsdom
import { useState } from 'react';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { makeFormatters } from '../../lib/intl/format';
import { selectFormatSettings } from '../appearance';
import { signedIn } from '../auth';
import { loadDrafts, saveDraft } from '../drafts';
import { loadPublishing } from '../publishing';
import { connectivityChanged } from '../sync';
import { aiPostItem, selectCalendarItems, type CalendarItem } from './calendar-items';
import { PostDetailDialog, postDetailTexts } from './post-detail-dialog';
import { OFFLINE_ACTION_MESSAGE } from './target-actions';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const USER_ID = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

let db: AppDb;
let name: string;

beforeEach(() => {
  name = `post-detail-test-${crypto.randomUUID()}`;
  db = openAppDb(name);
  setAppDb(db);
});

afterEach(async () => {
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
  userId: USER_ID,
  content: 'Fresh bread today',
  platforms: ['facebook'],
  accountIds: [],
  scheduledFor: inHours(2),
  publishMode: 'schedule',
  timeRule: null,
  draftId: null,
  status: 'scheduled',
  version: 1,
  createdAt: inHours(-3),
  updatedAt: inHours(-3),
  ...over,
});

const target = (
  p: ScheduledPostRecord,
  over: Partial<PublishTargetRecord>,
): PublishTargetRecord => ({
  id: crypto.randomUUID(),
  userId: USER_ID,
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

async function storeWith(posts: ScheduledPostRecord[], targets: PublishTargetRecord[]) {
  await db.scheduledPosts.bulkPut(posts);
  await db.publishTargets.bulkPut(targets);
  const store = makeStore();
  store.dispatch(
    signedIn({ id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
  );
  await store.dispatch(loadPublishing(USER_ID, db));
  await store.dispatch(loadDrafts(USER_ID, db));
  return store;
}

type Store = Awaited<ReturnType<typeof storeWith>>;

/** The calendar's way of showing it: a View button per item, the dialog for the chosen one. */
function Harness({ items }: { items: CalendarItem[] }) {
  const [chosen, setChosen] = useState<CalendarItem | null>(null);
  return (
    <>
      {items.map((item) => (
        <button key={item.key} type="button" onClick={() => setChosen(item)}>
          {`View ${item.title}`}
        </button>
      ))}
      <PostDetailDialog item={chosen} onClose={() => setChosen(null)} />
    </>
  );
}

function show(store: Store, items = selectCalendarItems(store.getState())) {
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Harness items={items} />
      </MemoryRouter>
    </Provider>,
  );
  return user;
}

const formatted = (store: Store, iso: string) =>
  makeFormatters(selectFormatSettings(store.getState())).formatDateTime(iso);

/** The <time> of `iso` in `root`, which must show it as the user's formatters do. */
function timeShown(root: HTMLElement, store: Store, iso: string): HTMLElement {
  const time = root.querySelector<HTMLElement>(`time[datetime="${iso}"]`);
  expect(time).not.toBeNull();
  // Compared raw: the formatted time may hold a narrow no-break space before AM/PM.
  expect(time!.textContent).toBe(formatted(store, iso));
  return time!;
}

describe('PostDetailDialog', () => {
  it('shows a scheduled post in full with each target, its state, link, time and error', async () => {
    const text = 'Weekend specials\nSourdough, rye and our new seeded loaf.';
    const p = post({
      content: text,
      platforms: ['facebook', 'linkedin', 'twitter'],
      status: 'failed',
      scheduledFor: inHours(-1),
    });
    const publishedAt = inHours(-0.9);
    const store = await storeWith(
      [p],
      [
        target(p, {
          status: 'published',
          permalink: 'https://www.facebook.com/123_456',
          publishedAt,
        }),
        target(p, {
          platform: 'linkedin',
          accountId: 'acc-2',
          accountName: 'Ada Lovelace',
          status: 'failed',
          errorMessage: 'LinkedIn refused the post: the text is too long.',
        }),
        target(p, {
          platform: 'twitter',
          kind: 'manual',
          accountId: null,
          accountName: null,
          status: 'reminder',
        }),
      ],
    );
    const user = show(store);
    await user.click(screen.getByRole('button', { name: 'View Weekend specials' }));

    const dialog = await screen.findByRole('dialog', { name: 'Weekend specials' });
    // The full text, both lines, not the cut title.
    expect(
      within(dialog).getByText(/Sourdough, rye and our new seeded loaf\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Failed', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(timeShown(dialog, store, p.scheduledFor).parentElement).toHaveTextContent(
      postDetailTexts.planned,
    );

    const rows = within(within(dialog).getByRole('list', { name: 'Where it goes' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(3);
    const facebook = rows.find((r) => r.textContent?.includes('Facebook · Bloom Bakery'))!;
    expect(within(facebook).getByText('Published', { selector: '.MuiChip-label' })).toBeVisible();
    expect(timeShown(facebook, store, publishedAt).parentElement).toHaveTextContent(
      postDetailTexts.published,
    );
    expect(within(facebook).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/123_456',
    );

    const linkedin = rows.find((r) => r.textContent?.includes('LinkedIn · Ada Lovelace'))!;
    expect(
      within(linkedin).getByText('LinkedIn refused the post: the text is too long.'),
    ).toBeInTheDocument();
    expect(within(linkedin).getByRole('button', { name: 'Retry' })).toBeEnabled();

    const twitter = rows.find((r) => r.textContent?.includes('Time to post'))!;
    expect(within(twitter).getByText('Publish it yourself')).toBeInTheDocument();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(within(twitter).getByRole('button', { name: 'Copy text' }));
    expect(writeText).toHaveBeenCalledWith(text);
    expect(await screen.findByText(postDetailTexts.copied)).toBeInTheDocument();

    // Mark as posted asks for the optional link in its own dialog.
    await user.click(within(twitter).getByRole('button', { name: 'Mark as posted' }));
    const mark = await screen.findByRole('dialog', { name: 'Mark as posted' });
    await user.click(within(mark).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mark as posted' })).not.toBeInTheDocument(),
    );

    // The copy notice has a Close of its own; the dialog's comes last, in its actions.
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers Publish again on a post that needs attention, asking first', async () => {
    const p = post({
      content: 'Unsure post',
      status: 'needs_attention',
      scheduledFor: inHours(-1),
    });
    const store = await storeWith(
      [p],
      [target(p, { status: 'needs_attention', errorMessage: 'We could not tell.' })],
    );
    const user = show(store);
    await user.click(screen.getByRole('button', { name: 'View Unsure post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsure post' });
    expect(within(dialog).getByText('Check your page before posting again')).toBeInTheDocument();
    expect(within(dialog).getByText('We could not tell.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish again' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish again?' });
    expect(confirm).toHaveTextContent(postDetailTexts.publishAgainMessage);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Publish again?' })).not.toBeInTheDocument(),
    );
  });

  it('offline, says the actions need a connection and disables them', async () => {
    const p = post({ content: 'Broken post', status: 'failed', scheduledFor: inHours(-1) });
    const store = await storeWith([p], [target(p, { status: 'failed' })]);
    const user = show(store);
    act(() => {
      store.dispatch(connectivityChanged({ online: false }));
    });
    await user.click(screen.getByRole('button', { name: 'View Broken post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Broken post' });
    expect(within(dialog).getByText(OFFLINE_ACTION_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(postDetailTexts.failedFallback)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeDisabled();
  });

  it('shows the platforms of a post whose targets are not here yet', async () => {
    const p = post({ content: 'Just scheduled', platforms: ['facebook', 'instagram'] });
    const store = await storeWith([p], []);
    const user = show(store);
    await user.click(screen.getByRole('button', { name: 'View Just scheduled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Just scheduled' });
    expect(within(dialog).getByText('Scheduled', { selector: '.MuiChip-label' })).toBeVisible();
    expect(within(dialog).getByText('Facebook')).toBeInTheDocument();
    expect(within(dialog).getByText('Instagram')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Where it goes' })).not.toBeInTheDocument();
  });

  it('shows a dated draft with its content, platforms, planned time and status', async () => {
    const store = await storeWith([], []);
    const scheduledFor = inHours(30);
    await store.dispatch(
      saveDraft(
        {
          content: 'Draft for Friday\nWith a second line',
          platforms: ['linkedin'],
          postType: 'text',
          scheduledFor,
        },
        db,
      ),
    );
    const user = show(store);
    await user.click(screen.getByRole('button', { name: 'View Draft for Friday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Draft for Friday' });
    expect(within(dialog).getByText(/With a second line/)).toBeInTheDocument();
    expect(within(dialog).getByText('LinkedIn')).toBeInTheDocument();
    expect(within(dialog).getByText('Draft', { selector: '.MuiChip-label' })).toBeVisible();
    expect(timeShown(dialog, store, scheduledFor).parentElement).toHaveTextContent(
      postDetailTexts.planned,
    );
  });

  it('shows an AI post in review with its suggested time', async () => {
    const store = await storeWith([], []);
    const suggestedFor = inHours(48);
    const item = aiPostItem({
      id: 'a1',
      userId: USER_ID,
      content: 'Meet our bakers #behindthescenes',
      platforms: ['instagram', 'facebook'],
      aiProvider: 'chatgpt',
      status: 'pending-review',
      generatedAt: inHours(-1),
      prompt: 'Give a behind-the-scenes look at our business',
      engagementPrediction: 80,
      hashtags: ['#behindthescenes'],
      feedback: null,
      reviewedAt: null,
      suggestedFor,
      scheduledPostId: null,
      version: null,
      updatedAt: inHours(-1),
    })!;
    const user = show(store, [item]);
    await user.click(screen.getByRole('button', { name: 'View Meet our bakers #behindthescenes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meet our bakers #behindthescenes' });
    expect(within(dialog).getByText('In review', { selector: '.MuiChip-label' })).toBeVisible();
    expect(within(dialog).getByText('Instagram')).toBeInTheDocument();
    expect(timeShown(dialog, store, suggestedFor).parentElement).toHaveTextContent(
      postDetailTexts.suggested,
    );
  });
});
