import { useMemo } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import { useBackgroundSelector } from '../../app/hooks';
import type { DraftPlatform } from '../../lib/platforms';
import { selectAllAiPosts, type AiPost, type AiPostsState } from '../ai-posts';
import { selectAllDrafts, useDeviceDrafts, type Draft, type DraftsState } from '../drafts';
import {
  isPostLocked,
  selectScheduledPosts,
  selectTargetsByPost,
  type PublishingState,
  type PublishTarget,
  type ScheduledPost,
  type ScheduledPostStatus,
} from '../publishing';
import { addDays, dayOfInstant, todayIn } from './month-grid';
import { postStatus } from './post-status';

export type CalendarStatus =
  'scheduled' | 'publishing' | 'published' | 'failed' | 'needs-attention' | 'draft' | 'in-review';

export type CalendarItemKind = 'scheduled-post' | 'draft' | 'ai-post';

/** One entry of the calendar and of the dashboard's upcoming posts, whatever it comes from. */
export interface CalendarItem {
  /** `${kind}:${sourceId}` */
  key: string;
  kind: CalendarItemKind;
  /** ScheduledPost.id, DraftRecord.id or AiPost.id. */
  sourceId: string;
  /** The first line of the text, cut. */
  title: string;
  content: string;
  platforms: DraftPlatform[];
  /** ISO instant. */
  at: string;
  status: CalendarStatus;
  /** A manual target waits for the user (Copy text / Mark as posted). */
  reminder: boolean;
  /** Whether it may be moved to another day from the calendar. */
  movable: boolean;
  editHref: string;
}

export const CALENDAR_STATUSES: readonly CalendarStatus[] = [
  'scheduled',
  'publishing',
  'published',
  'failed',
  'needs-attention',
  'draft',
  'in-review',
];

export const CALENDAR_STATUS_LABELS: Record<CalendarStatus, string> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  'needs-attention': 'Needs attention',
  draft: 'Draft',
  'in-review': 'In review',
};

export const TITLE_LENGTH = 60;

/** The first non-empty line of a post, cut to TITLE_LENGTH characters. */
export function itemTitle(content: string): string {
  const line =
    content
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  const chars = [...line];
  return chars.length > TITLE_LENGTH ? `${chars.slice(0, TITLE_LENGTH - 1).join('')}…` : line;
}

const POST_STATUS: Record<Exclude<ScheduledPostStatus, 'cancelled'>, CalendarStatus> = {
  scheduled: 'scheduled',
  publishing: 'publishing',
  published: 'published',
  failed: 'failed',
  needs_attention: 'needs-attention',
};

export function scheduledPostItem(
  post: ScheduledPost,
  targets: readonly PublishTarget[],
): CalendarItem | null {
  // The same rule as the Scheduled posts list, so the grid and the list never disagree.
  const status = postStatus(post, targets);
  if (status === 'cancelled') return null;
  return {
    key: `scheduled-post:${post.id}`,
    kind: 'scheduled-post',
    sourceId: post.id,
    title: itemTitle(post.content),
    content: post.content,
    platforms: [...post.platforms],
    at: post.scheduledFor,
    status: POST_STATUS[status],
    reminder: targets.some((t) => t.kind === 'manual' && t.status === 'reminder'),
    movable: status === 'scheduled' && !isPostLocked(targets),
    editHref: `/create?editPost=${encodeURIComponent(post.id)}`,
  };
}

export function draftItem(draft: Draft): CalendarItem | null {
  if (draft.status !== 'draft' || !draft.scheduledFor) return null;
  return {
    key: `draft:${draft.id}`,
    kind: 'draft',
    sourceId: draft.id,
    title: itemTitle(draft.content),
    content: draft.content,
    platforms: [...draft.platforms],
    at: draft.scheduledFor,
    status: 'draft',
    reminder: false,
    movable: true,
    editHref: `/create?editDraft=${encodeURIComponent(draft.id)}`,
  };
}

export function aiPostItem(post: AiPost): CalendarItem | null {
  // A row stored on this device before posts had a suggested time may lack the field.
  const suggestedFor = post.suggestedFor ?? null;
  if (!suggestedFor || (post.status !== 'pending-review' && post.status !== 'needs-revision'))
    return null;
  return {
    key: `ai-post:${post.id}`,
    kind: 'ai-post',
    sourceId: post.id,
    title: itemTitle(post.content),
    content: post.content,
    platforms: [...post.platforms],
    at: suggestedFor,
    status: 'in-review',
    reminder: false,
    // Its time is only a suggestion until it is approved and scheduled from the review.
    movable: false,
    editHref: `/create?aiPost=${encodeURIComponent(post.id)}`,
  };
}

type CalendarRoot = { publishing: PublishingState; drafts: DraftsState; aiPosts: AiPostsState };

/** Soonest first; the key breaks ties so the order is stable. Each time is parsed once. */
function sortByTime(items: CalendarItem[]): CalendarItem[] {
  return items
    .map((item) => ({ item, time: Date.parse(item.at) }))
    .sort((a, b) => a.time - b.time || a.item.key.localeCompare(b.item.key))
    .map(({ item }) => item);
}

/** What the calendar's items are made of: the posts, their targets, the drafts, the AI posts. */
const selectCalendarSources = createSelector(
  [
    (state: CalendarRoot) => selectScheduledPosts(state),
    (state: CalendarRoot) => selectTargetsByPost(state),
    (state: CalendarRoot) => selectAllDrafts(state),
    (state: CalendarRoot) => selectAllAiPosts(state),
  ],
  (posts, targetsByPost, drafts, aiPosts) => ({ posts, targetsByPost, drafts, aiPosts }),
);

type CalendarSources = ReturnType<typeof selectCalendarSources>;

/** The instants from `from` to `to` (milliseconds since the epoch), both included. */
export interface InstantWindow {
  from: number;
  to: number;
}

function isWithin(at: string | null | undefined, window: InstantWindow | undefined): boolean {
  if (!window) return true;
  if (!at) return false;
  const time = Date.parse(at);
  return time >= window.from && time <= window.to;
}

/** The items of the sources, soonest first; within `window` only when given. */
function calendarItems(
  { posts, targetsByPost, drafts, aiPosts }: CalendarSources,
  window?: InstantWindow,
): CalendarItem[] {
  const items: CalendarItem[] = [];
  for (const post of posts) {
    if (!isWithin(post.scheduledFor, window)) continue;
    const item = scheduledPostItem(post, targetsByPost[post.id] ?? []);
    if (item) items.push(item);
  }
  for (const draft of drafts) {
    if (!isWithin(draft.scheduledFor, window)) continue;
    const item = draftItem(draft);
    if (item) items.push(item);
  }
  for (const post of aiPosts) {
    if (!isWithin(post.suggestedFor, window)) continue;
    const item = aiPostItem(post);
    if (item) items.push(item);
  }
  return sortByTime(items);
}

/** Every dated post of the user on this device, soonest first. */
export const selectCalendarItems = createSelector([selectCalendarSources], calendarItems);

/**
 * What the calendar's items are made of, with the drafts read from this device, followed in the
 * background (`useBackgroundSelector`): when this device's posts are read, or many change at
 * once, React renders them in slices instead of in the store update's one task.
 */
function useCalendarSources(): CalendarSources {
  useDeviceDrafts();
  return useBackgroundSelector(selectCalendarSources);
}

/**
 * The calendar's items, built in the background. Only those within `window` when given (keep it
 * the same object while it is the same window): a month's screen need not make an item of each
 * of a device's thousands of drafts.
 */
export function useCalendarItems(window?: InstantWindow): CalendarItem[] {
  const sources = useCalendarSources();
  return useMemo(() => calendarItems(sources, window), [sources, window]);
}

const DAY_MS = 24 * 3_600_000;

/**
 * The instants within which the days a month's screen shows lie in any zone: the month, the days
 * of its first and last weeks in the months beside it, and a zone's offset (under a day).
 */
export function monthWindow({ year, month }: { year: number; month: number }): InstantWindow {
  return {
    from: Date.UTC(year, month - 1, 1) - 8 * DAY_MS,
    to: Date.UTC(year, month, 1) + 8 * DAY_MS,
  };
}

const HOUR_MS = 3_600_000;

/**
 * The instants within which today and the next `days - 1` days lie, in any zone: today began at
 * most 25 hours ago, and a day lasts at most 25.
 */
function upcomingWindow(now: Date, days: number): InstantWindow {
  return { from: now.getTime() - 26 * HOUR_MS, to: now.getTime() + days * 26 * HOUR_MS };
}

/** The items on today and the next `days - 1` days in the zone, soonest first. */
export function upcomingItems(
  items: readonly CalendarItem[],
  timeZone: string,
  now: Date,
  days = 7,
): CalendarItem[] {
  const first = todayIn(timeZone, now);
  const last = addDays(first, days - 1);
  const window = upcomingWindow(now, days);
  // Only an item inside the window needs the zone's calendar, which is slow.
  return items.filter((item) => {
    if (!isWithin(item.at, window)) return false;
    const day = dayOfInstant(item.at, timeZone);
    return day !== null && day >= first && day <= last;
  });
}

/**
 * The dashboard's upcoming posts (`upcomingItems` of the calendar's items), built in the
 * background like `useCalendarItems`, and only of the posts near enough: a device's thousands of
 * drafts are not each made into an item to be dropped.
 */
export function useUpcomingItems(timeZone: string, days = 7): CalendarItem[] {
  const sources = useCalendarSources();
  return useMemo(() => {
    const now = new Date();
    return upcomingItems(calendarItems(sources, upcomingWindow(now, days)), timeZone, now, days);
  }, [sources, timeZone, days]);
}
