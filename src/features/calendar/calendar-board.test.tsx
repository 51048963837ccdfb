// @vitest-environment jsdom
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import {
  openAppDb,
  setAppDb,
  type AppDb,
  type DraftRecord,
  type PublishTargetRecord,
  type ScheduledPostRecord,
} from '../../lib/db';
import { deviceTimeZone, instantToWallTime, wallTimeToInstant } from '../../lib/intl/zoned-time';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { loadDrafts } from '../drafts';
import { loadPublishing, POST_LOCKED_MESSAGE } from '../publishing';
import {
  addDays,
  addMonths,
  dayKey,
  dayLabel,
  monthOfDay,
  monthTitle,
  todayIn,
  type DayKey,
} from './month-grid';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

setUpAppTests();

let db: AppDb;
let name: string;

beforeEach(() => {
  name = `calendar-board-test-${crypto.randomUUID()}`;
  db = openAppDb(name);
  setAppDb(db);
});

afterEach(async () => {
  // The app goes before its database does: a read still under way then has no one to tell.
  cleanup();
  setAppDb(undefined);
  db.close();
  await Dexie.delete(name);
});

// The user has chosen no zone: the calendar uses the device's, as the app does.
const zone = deviceTimeZone();
const today = todayIn(zone);
const nextMonth = addMonths(monthOfDay(today), 1);
const the15th = dayKey(nextMonth.year, nextMonth.month, 15);
const the20th = dayKey(nextMonth.year, nextMonth.month, 20);
const at = (day: DayKey, time: string) => wallTimeToInstant(day, time, zone)!;
const T0 = new Date(Date.now() - 3_600_000).toISOString();

const post = (over: Partial<ScheduledPostRecord>): ScheduledPostRecord => ({
  id: crypto.randomUUID(),
  userId: ada.id,
  content: 'Fresh bread today',
  platforms: ['facebook'],
  accountIds: [],
  scheduledFor: at(the15th, '10:30'),
  publishMode: 'optimal',
  timeRule: 'Weekday mornings',
  draftId: null,
  status: 'scheduled',
  version: 1,
  createdAt: T0,
  updatedAt: T0,
  ...over,
});

const target = (
  p: ScheduledPostRecord,
  over: Partial<PublishTargetRecord> = {},
): PublishTargetRecord => ({
  id: crypto.randomUUID(),
  userId: ada.id,
  postId: p.id,
  platform: p.platforms[0]!,
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
  updatedAt: T0,
  ...over,
});

const draft = (over: Partial<DraftRecord>): DraftRecord => ({
  id: crypto.randomUUID(),
  userId: ada.id,
  content: 'A planned draft',
  platforms: ['linkedin'],
  postType: 'text',
  prompt: 'Share a tip',
  aiProvider: 'openai',
  status: 'draft',
  scheduledFor: at(the15th, '08:00'),
  conflictOf: null,
  createdAt: T0,
  updatedAt: T0,
  version: 3,
  ...over,
});

async function openCalendar(
  posts: ScheduledPostRecord[],
  targets: PublishTargetRecord[] = posts.map((p) => target(p)),
  drafts: DraftRecord[] = [],
) {
  await db.scheduledPosts.bulkPut(posts);
  await db.publishTargets.bulkPut(targets);
  await db.drafts.bulkPut(drafts);
  const rendered = renderApp('/calendar', signedIn);
  await act(async () => {
    await rendered.store.dispatch(loadPublishing(ada.id, db));
    await rendered.store.dispatch(loadDrafts(ada.id, db));
  });
  await screen.findByRole('heading', { level: 1, name: 'Content Calendar' });
  return rendered;
}

const cellName = (day: DayKey, posts = 0) =>
  posts === 0
    ? dayLabel(day, 'en-US')
    : `${dayLabel(day, 'en-US')}, ${posts === 1 ? '1 post' : `${posts} posts`}`;
const dayPanel = (day: DayKey) => screen.getByRole('region', { name: dayLabel(day, 'en-US') });
const rowOf = (panel: HTMLElement, title: string) =>
  within(panel).getByRole('listitem', { name: title });

describe('the month grid', () => {
  it('shows each day’s posts, two titles and +N more, with today marked', async () => {
    const { user } = await openCalendar(
      [
        post({ content: 'First post\nwith more lines', scheduledFor: at(the15th, '09:00') }),
        post({ content: 'Second post', scheduledFor: at(the15th, '12:00') }),
        post({ content: 'Third post', scheduledFor: at(the15th, '18:00') }),
      ],
      undefined,
      [draft({ content: 'Planned draft', scheduledFor: at(the20th, '08:00') })],
    );
    const grid = screen.getByRole('grid', { name: monthTitle(monthOfDay(today), 'en-US') });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const todayCell = within(grid).getByRole('gridcell', { name: cellName(today) });
    expect(todayCell).toHaveAttribute('aria-current', 'date');
    expect(todayCell).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const next = screen.getByRole('grid', { name: monthTitle(nextMonth, 'en-US') });
    const cell = within(next).getByRole('gridcell', { name: cellName(the15th, 3) });
    expect(within(cell).getByText('First post')).toBeInTheDocument();
    expect(within(cell).getByText('Second post')).toBeInTheDocument();
    expect(within(cell).queryByText('Third post')).not.toBeInTheDocument();
    expect(within(cell).getByText('+1 more')).toBeInTheDocument();
    expect(cell).not.toHaveAttribute('aria-current');
    const draftCell = within(next).getByRole('gridcell', { name: cellName(the20th, 1) });
    expect(within(draftCell).getByText('Planned draft')).toBeInTheDocument();
  });

  it('lists a selected day’s posts with their time, platforms, status, Edit and View', async () => {
    const p = post({ content: 'Fresh bread today', platforms: ['facebook', 'linkedin'] });
    const d = draft({ content: 'A planned draft' });
    const { user } = await openCalendar([p], [target(p)], [d]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('gridcell', { name: cellName(the15th, 2) }));

    const panel = dayPanel(the15th);
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent(
      dayLabel(the15th, 'en-US'),
    );
    const titles = within(panel)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['A planned draft', 'Fresh bread today']);

    const row = rowOf(panel, 'Fresh bread today');
    expect(within(row).getByText('Facebook')).toBeInTheDocument();
    expect(within(row).getByText('LinkedIn')).toBeInTheDocument();
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveAttribute('datetime', p.scheduledFor);
    expect(row.querySelector('time')).toHaveTextContent('10:30');
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/create?editPost=${p.id}`,
    );
    const draftRow = rowOf(panel, 'A planned draft');
    expect(within(draftRow).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/create?editDraft=${d.id}`,
    );
    expect(within(panel).getByRole('link', { name: 'Add Post for This Day' })).toHaveAttribute(
      'href',
      `/create?date=${the15th}`,
    );

    await user.click(within(row).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fresh bread today' });
    expect(within(dialog).getByText('Fresh bread today', { selector: 'p' })).toBeInTheDocument();
    // The post's own state: where it goes and how each place stands.
    expect(within(dialog).getByRole('list', { name: 'Where it goes' })).toHaveTextContent(
      'Facebook · Bloom Bakery',
    );
  });

  it('is moved through by keyboard: arrows, Page Down, and Enter selects', async () => {
    const { user } = await openCalendar([post({ content: 'Fresh bread today' })]);
    const todayCell = screen.getByRole('gridcell', { name: cellName(today) });
    expect(todayCell).toHaveAttribute('tabindex', '0');
    act(() => todayCell.focus());
    await user.keyboard('{ArrowRight}');
    const tomorrow = addDays(today, 1);
    expect(document.activeElement).toHaveAttribute('data-day', tomorrow);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-day', addDays(today, 8));
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-day', today);

    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: monthTitle(nextMonth, 'en-US') })).toBeInTheDocument();
    // Walk to the 15th of next month and select it.
    const focused = () => document.activeElement!.getAttribute('data-day')!;
    while (focused() > the15th) await user.keyboard('{ArrowLeft}');
    while (focused() < the15th) await user.keyboard('{ArrowRight}');
    await user.keyboard('{Enter}');
    expect(dayPanel(the15th)).toBeInTheDocument();
    expect(
      within(dayPanel(the15th)).getByRole('listitem', { name: 'Fresh bread today' }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowRight}[Space]');
    expect(dayPanel(addDays(the15th, 1))).toBeInTheDocument();
  });
});

describe('moving a post', () => {
  it('by keyboard with Move to date keeps its time of day and goes through the outbox', async () => {
    const p = post({ content: 'Fresh bread today' });
    const { user } = await openCalendar([p]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('gridcell', { name: cellName(the15th, 1) }));
    await user.click(
      within(rowOf(dayPanel(the15th), 'Fresh bread today')).getByRole('button', {
        name: 'Move to date',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move to another day' });
    const field = within(dialog).getByLabelText('New date');
    expect(field).toHaveValue(the15th);
    await user.clear(field);
    await user.type(field, the20th);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/^Moved to /)).toBeInTheDocument();
    const stored = await db.scheduledPosts.get(p.id);
    expect(instantToWallTime(stored!.scheduledFor, zone)).toEqual({
      date: the20th,
      time: '10:30',
    });
    // A day the user picked replaces the optimal-time rule.
    expect(stored).toMatchObject({ publishMode: 'schedule', timeRule: null });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ entity: 'scheduled_posts', entityId: p.id, op: 'upsert' });
    // The calendar follows (in the background, useCalendarItems): the 20th is selected and lists
    // it, the 15th is empty.
    await waitFor(() => expect(rowOf(dayPanel(the20th), 'Fresh bread today')).toBeInTheDocument());
    expect(screen.getByRole('gridcell', { name: cellName(the15th) })).toBeInTheDocument();
  });

  it('says so when publishing started meanwhile, and leaves the post where it was', async () => {
    const p = post({ content: 'Going out soon' });
    const { user } = await openCalendar([p]);
    // Another device's pull has just stored a claimed target; this screen has not seen it yet.
    await db.publishTargets.put(target(p, { claimedAt: new Date().toISOString() }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('gridcell', { name: cellName(the15th, 1) }));
    await user.click(
      within(rowOf(dayPanel(the15th), 'Going out soon')).getByRole('button', {
        name: 'Move to date',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move to another day' });
    await user.clear(within(dialog).getByLabelText('New date'));
    await user.type(within(dialog).getByLabelText('New date'), the20th);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(POST_LOCKED_MESSAGE)).toBeInTheDocument();
    expect((await db.scheduledPosts.get(p.id))!.scheduledFor).toBe(p.scheduledFor);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offers no move for a post that started publishing', async () => {
    const p = post({ content: 'Already out', status: 'published' });
    const { user } = await openCalendar([p], [target(p, { status: 'published' })]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('gridcell', { name: cellName(the15th, 1) }));
    const row = rowOf(dayPanel(the15th), 'Already out');
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Move to date' })).not.toBeInTheDocument();
  });

  it('moves a planned draft, which stays a draft', async () => {
    const d = draft({ content: 'A planned draft' });
    const { user } = await openCalendar([], [], [d]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('gridcell', { name: cellName(the15th, 1) }));
    await user.click(
      within(rowOf(dayPanel(the15th), 'A planned draft')).getByRole('button', {
        name: 'Move to date',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move to another day' });
    await user.clear(within(dialog).getByLabelText('New date'));
    await user.type(within(dialog).getByLabelText('New date'), the20th);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(async () => {
      const stored = await db.drafts.get(d.id);
      expect(instantToWallTime(stored!.scheduledFor!, zone)).toEqual({
        date: the20th,
        time: '08:00',
      });
    });
    const stored = await db.drafts.get(d.id);
    expect(stored).toMatchObject({
      status: 'draft',
      content: 'A planned draft',
      prompt: 'Share a tip',
      aiProvider: 'openai',
      platforms: ['linkedin'],
    });
    // The board re-renders in the background (useCalendarItems).
    await waitFor(() => expect(rowOf(dayPanel(the20th), 'A planned draft')).toBeInTheDocument());
  });
});

describe('the filter and the other views', () => {
  it('filters the grid and the day list by platform and status', async () => {
    const { user } = await openCalendar(
      [
        post({ content: 'On Facebook', platforms: ['facebook'] }),
        post({ content: 'On LinkedIn', platforms: ['linkedin'] }),
      ],
      undefined,
      [draft({ content: 'A planned draft', platforms: ['linkedin'] })],
    );
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('gridcell', { name: cellName(the15th, 3) }));
    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');

    await user.click(await screen.findByRole('combobox', { name: 'Platform' }));
    await user.click(screen.getByRole('option', { name: 'LinkedIn' }));
    expect(screen.getByRole('gridcell', { name: cellName(the15th, 2) })).toBeInTheDocument();
    const titles = () =>
      within(dayPanel(the15th))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(titles()).toEqual(['A planned draft', 'On LinkedIn']);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Draft' }));
    expect(screen.getByRole('gridcell', { name: cellName(the15th, 1) })).toBeInTheDocument();
    expect(titles()).toEqual(['A planned draft']);

    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(screen.getByRole('option', { name: 'Twitter' }));
    expect(screen.getByRole('gridcell', { name: cellName(the15th) })).toBeInTheDocument();
    expect(within(dayPanel(the15th)).getByText('No posts match the filter.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('gridcell', { name: cellName(the15th, 3) })).toBeInTheDocument();
  });

  it('shows a busy month’s agenda a few days at a time', async () => {
    // Five posts on each of six days: 30 posts, more than the agenda's first 20.
    const busy = Array.from({ length: 6 }, (_, d) =>
      Array.from({ length: 5 }, (_, i) =>
        post({ content: `Day ${d} post ${i}`, scheduledFor: at(addDays(the15th, d), `1${i}:00`) }),
      ),
    ).flat();
    const { user } = await openCalendar(busy);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    const agenda = screen.getByRole('region', { name: monthTitle(nextMonth, 'en-US') });
    const dayHeadings = () =>
      within(agenda)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    const label = (d: number) => dayLabel(addDays(the15th, d), 'en-US');
    expect(dayHeadings()).toEqual([0, 1, 2, 3].map(label));
    await user.click(within(agenda).getByRole('button', { name: 'Show more days (2 left)' }));
    expect(dayHeadings()).toEqual([0, 1, 2, 3, 4, 5].map(label));
    expect(within(agenda).queryByRole('button', { name: /Show/ })).not.toBeInTheDocument();
  });

  it('shows the selected day’s week and the month’s agenda', async () => {
    const { user } = await openCalendar([
      post({ content: 'Fresh bread today' }),
      post({ content: 'Cake on Friday', scheduledFor: at(the20th, '16:00') }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('gridcell', { name: cellName(the15th, 1) }));

    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const day = screen.getByRole('button', { name: cellName(the15th, 1) });
    expect(day).toHaveAttribute('aria-pressed', 'true');
    expect(day.closest('li')).toHaveTextContent('Fresh bread today');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(dayPanel(addDays(the15th, 7))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    const agenda = screen.getByRole('region', { name: monthTitle(nextMonth, 'en-US') });
    const days = within(agenda)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(days).toEqual([dayLabel(the15th, 'en-US'), dayLabel(the20th, 'en-US')]);
    const agendaDay = within(agenda).getByRole('region', { name: dayLabel(the20th, 'en-US') });
    expect(within(agendaDay).getByRole('listitem', { name: 'Cake on Friday' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('No posts this month.')).toBeInTheDocument();
  });
});
