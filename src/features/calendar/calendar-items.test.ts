import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import type { DraftRecord, PublishTargetRecord, ScheduledPostRecord } from '../../lib/db';
import { aiPostsLoaded, type AiPost } from '../ai-posts';
import { draftsLoaded } from '../drafts';
import { publishingLoaded } from '../publishing';
import {
  itemTitle,
  monthWindow,
  selectCalendarItems,
  upcomingItems,
  type CalendarItem,
} from './calendar-items';

const USER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const T0 = '2030-03-01T00:00:00.000Z';

const post = (id: string, over: Partial<ScheduledPostRecord> = {}): ScheduledPostRecord => ({
  id,
  userId: USER,
  content: `Post ${id}`,
  platforms: ['facebook'],
  accountIds: [],
  scheduledFor: '2030-03-10T15:00:00.000Z',
  publishMode: 'schedule',
  timeRule: null,
  draftId: null,
  status: 'scheduled',
  version: 1,
  createdAt: T0,
  updatedAt: T0,
  ...over,
});

const target = (postId: string, over: Partial<PublishTargetRecord> = {}): PublishTargetRecord => ({
  id: `${postId}-t-${over.platform ?? 'facebook'}`,
  userId: USER,
  postId,
  platform: 'facebook',
  accountId: null,
  accountName: null,
  kind: 'auto',
  status: 'scheduled',
  dueAt: '2030-03-10T15:00:00.000Z',
  attempts: 0,
  claimedAt: null,
  remoteId: null,
  permalink: null,
  errorCode: null,
  errorMessage: null,
  publishedAt: null,
  version: 1,
  updatedAt: T0,
  ...over,
});

const draft = (id: string, over: Partial<DraftRecord> = {}): DraftRecord => ({
  id,
  userId: USER,
  content: `Draft ${id}`,
  platforms: ['linkedin'],
  postType: 'text',
  prompt: null,
  aiProvider: null,
  status: 'draft',
  scheduledFor: '2030-03-11T09:00:00.000Z',
  conflictOf: null,
  createdAt: T0,
  updatedAt: T0,
  version: 1,
  ...over,
});

const aiPost = (id: string, over: Partial<AiPost> = {}): AiPost => ({
  id,
  userId: USER,
  content: `AI ${id}`,
  platforms: ['instagram', 'twitter'],
  aiProvider: 'openai',
  status: 'pending-review',
  generatedAt: T0,
  prompt: 'Share a tip',
  engagementPrediction: 80,
  hashtags: [],
  feedback: null,
  reviewedAt: null,
  suggestedFor: '2030-03-12T18:00:00.000Z',
  scheduledPostId: null,
  version: 1,
  updatedAt: T0,
  ...over,
});

function storeWith({
  posts = [],
  targets = [],
  drafts = [],
  aiPosts = [],
}: {
  posts?: ScheduledPostRecord[];
  targets?: PublishTargetRecord[];
  drafts?: DraftRecord[];
  aiPosts?: AiPost[];
}) {
  const store = makeStore();
  store.dispatch(publishingLoaded({ userId: USER, posts, targets }));
  store.dispatch(draftsLoaded({ userId: USER, drafts }));
  store.dispatch(aiPostsLoaded({ userId: USER, posts: aiPosts }));
  return store;
}

const byKey = (items: CalendarItem[]) => Object.fromEntries(items.map((i) => [i.key, i]));

describe('the calendar items', () => {
  it('brings scheduled posts, dated drafts and AI posts in review together, soonest first', () => {
    const store = storeWith({
      posts: [post('p1', { scheduledFor: '2030-03-13T10:00:00.000Z' })],
      targets: [target('p1')],
      drafts: [draft('d1')],
      aiPosts: [aiPost('a1')],
    });
    const items = selectCalendarItems(store.getState());
    expect(items.map((i) => i.key)).toEqual(['draft:d1', 'ai-post:a1', 'scheduled-post:p1']);
    expect(items[2]).toEqual({
      key: 'scheduled-post:p1',
      kind: 'scheduled-post',
      sourceId: 'p1',
      title: 'Post p1',
      content: 'Post p1',
      platforms: ['facebook'],
      at: '2030-03-13T10:00:00.000Z',
      status: 'scheduled',
      reminder: false,
      movable: true,
      editHref: '/create?editPost=p1',
    });
    expect(items[0]).toMatchObject({
      kind: 'draft',
      status: 'draft',
      at: '2030-03-11T09:00:00.000Z',
      platforms: ['linkedin'],
      movable: true,
      editHref: '/create?editDraft=d1',
    });
    expect(items[1]).toMatchObject({
      kind: 'ai-post',
      status: 'in-review',
      at: '2030-03-12T18:00:00.000Z',
      platforms: ['instagram', 'twitter'],
      movable: false,
      editHref: '/create?aiPost=a1',
    });
    // The same list while nothing changes.
    expect(selectCalendarItems(store.getState())).toBe(items);
  });

  it('maps every post status, leaves cancelled posts out and locks posts that started', () => {
    const store = storeWith({
      posts: [
        post('scheduled'),
        post('publishing', { status: 'publishing' }),
        post('published', { status: 'published' }),
        post('failed', { status: 'failed' }),
        post('attention', { status: 'needs_attention' }),
        post('cancelled', { status: 'cancelled' }),
        post('claimed'),
      ],
      targets: [
        target('publishing', { status: 'publishing' }),
        target('published', { status: 'published' }),
        target('failed', { status: 'failed' }),
        target('attention', { status: 'needs_attention' }),
        target('cancelled', { status: 'cancelled' }),
        // Taken up once and back in scheduled for a retry: still locked.
        target('claimed', { claimedAt: T0 }),
      ],
    });
    const items = byKey(selectCalendarItems(store.getState()));
    const statusOf = (id: string) => items[`scheduled-post:${id}`]?.status;
    expect(statusOf('scheduled')).toBe('scheduled');
    expect(statusOf('publishing')).toBe('publishing');
    expect(statusOf('published')).toBe('published');
    expect(statusOf('failed')).toBe('failed');
    expect(statusOf('attention')).toBe('needs-attention');
    expect(items['scheduled-post:cancelled']).toBeUndefined();
    expect(items['scheduled-post:scheduled']!.movable).toBe(true);
    expect(items['scheduled-post:claimed']!.movable).toBe(false);
    expect(items['scheduled-post:publishing']!.movable).toBe(false);
    expect(items['scheduled-post:published']!.movable).toBe(false);
  });

  it('marks a post whose manual target waits for the user as a reminder', () => {
    const store = storeWith({
      posts: [post('r1', { status: 'needs_attention', platforms: ['facebook', 'instagram'] })],
      targets: [
        target('r1', { status: 'published' }),
        target('r1', { platform: 'instagram', kind: 'manual', status: 'reminder' }),
      ],
    });
    const [item] = selectCalendarItems(store.getState());
    expect(item).toMatchObject({ status: 'needs-attention', reminder: true, movable: false });

    const posted = storeWith({
      posts: [post('r1', { status: 'published' })],
      targets: [target('r1', { kind: 'manual', status: 'posted' })],
    });
    expect(selectCalendarItems(posted.getState())[0]).toMatchObject({
      status: 'published',
      reminder: false,
    });
  });

  it('follows the targets when the post row lags behind them, as the Scheduled posts list does', () => {
    const store = storeWith({
      posts: [post('lag', { status: 'publishing' })],
      targets: [target('lag', { status: 'published' })],
    });
    expect(selectCalendarItems(store.getState())[0]!.status).toBe('published');
  });

  it('shows only drafts planned for a day and still drafts', () => {
    const store = storeWith({
      drafts: [
        draft('planned'),
        draft('undated', { scheduledFor: null }),
        draft('scheduled', { status: 'scheduled' }),
        draft('published', { status: 'published' }),
      ],
    });
    expect(selectCalendarItems(store.getState()).map((i) => i.key)).toEqual(['draft:planned']);
  });

  it('shows AI posts awaiting review that have a suggested time', () => {
    const store = storeWith({
      aiPosts: [
        aiPost('pending'),
        aiPost('revising', { status: 'needs-revision' }),
        aiPost('untimed', { suggestedFor: null }),
        aiPost('approved', { status: 'approved' }),
        aiPost('rejected', { status: 'rejected' }),
        aiPost('scheduled', { status: 'scheduled' }),
      ],
    });
    expect(
      selectCalendarItems(store.getState())
        .map((i) => `${i.key}=${i.status}`)
        .sort(),
    ).toEqual(['ai-post:pending=in-review', 'ai-post:revising=in-review']);
  });

  it('leaves out another user’s rows', () => {
    const store = storeWith({
      posts: [post('theirs', { userId: OTHER })],
      drafts: [draft('theirs', { userId: OTHER })],
      aiPosts: [aiPost('theirs', { userId: OTHER })],
    });
    expect(selectCalendarItems(store.getState())).toEqual([]);
  });

  it('titles an item by its first line, cut', () => {
    expect(itemTitle('\n  Fresh bread today  \nCome early')).toBe('Fresh bread today');
    const long = 'x'.repeat(80);
    expect(itemTitle(long)).toBe(`${'x'.repeat(59)}…`);
    expect([...itemTitle(`${'😀'.repeat(70)}`)]).toHaveLength(60);
    expect(itemTitle('')).toBe('');
  });
});

describe('the upcoming items', () => {
  const at = (iso: string) => ({ at: iso }) as CalendarItem;

  it('are those of today and the next six days in the user’s zone', () => {
    // 21:00 on March 9 in New York (EST, UTC-5; clocks go forward on the 10th).
    const now = new Date('2030-03-10T02:00:00.000Z');
    const items = [
      at('2030-03-09T05:30:00.000Z'), // 00:30 on the 9th, today there: in
      at('2030-03-09T04:30:00.000Z'), // 23:30 on the 8th: out
      at('2030-03-16T03:59:00.000Z'), // 23:59 EDT on the 15th, the 7th day: in
      at('2030-03-16T04:00:00.000Z'), // 00:00 EDT on the 16th: out
    ];
    expect(upcomingItems(items, 'America/New_York', now).map((i) => i.at)).toEqual([
      '2030-03-09T05:30:00.000Z',
      '2030-03-16T03:59:00.000Z',
    ]);
    // In Tokyo it is already 11:00 on the 10th.
    expect(upcomingItems(items, 'Asia/Tokyo', now).map((i) => i.at)).toEqual([
      '2030-03-16T03:59:00.000Z',
      '2030-03-16T04:00:00.000Z',
    ]);
  });

  it('reach the first and last minute of the week in the zones farthest from UTC', () => {
    const now = new Date('2030-06-15T10:00:00.000Z');
    // Kiritimati (UTC+14): June 16 has just begun, and the week ends as June 22 does.
    const kiritimati = [
      at('2030-06-15T09:59:00.000Z'),
      at('2030-06-15T10:00:00.000Z'),
      at('2030-06-22T09:59:00.000Z'),
      at('2030-06-22T10:00:00.000Z'),
    ];
    expect(upcomingItems(kiritimati, 'Pacific/Kiritimati', now).map((i) => i.at)).toEqual([
      '2030-06-15T10:00:00.000Z',
      '2030-06-22T09:59:00.000Z',
    ]);
    // Pago Pago (UTC-11): it is 23:00 on June 14, which began 23 hours ago.
    const pagoPago = [
      at('2030-06-14T10:59:00.000Z'),
      at('2030-06-14T11:00:00.000Z'),
      at('2030-06-21T10:59:00.000Z'),
      at('2030-06-21T11:00:00.000Z'),
    ];
    expect(upcomingItems(pagoPago, 'Pacific/Pago_Pago', now).map((i) => i.at)).toEqual([
      '2030-06-14T11:00:00.000Z',
      '2030-06-21T10:59:00.000Z',
    ]);
  });
});

describe('the instants a month’s screen shows', () => {
  const HOUR = 3_600_000;

  it('hold the days of its first and last weeks, in the zones farthest from UTC', () => {
    const { from, to } = monthWindow({ year: 2030, month: 3 });
    // The grid's first week may begin six days before March 1 (February 23), which in Kiritimati
    // (UTC+14) began 14 hours before it did in UTC.
    expect(from).toBeLessThanOrEqual(Date.UTC(2030, 1, 23) - 14 * HOUR);
    // Its last week may end six days after March 31 (April 6), which in Pago Pago (UTC-11) ends
    // 11 hours after it does in UTC.
    expect(to).toBeGreaterThanOrEqual(Date.UTC(2030, 3, 7) + 11 * HOUR);
    // And not the months further off.
    expect(from).toBeGreaterThan(Date.UTC(2030, 1, 1));
    expect(to).toBeLessThan(Date.UTC(2030, 4, 1));
  });
});
