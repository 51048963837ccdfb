// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../../app/store';
import type { DraftRecord, ScheduledPostRecord } from '../../lib/db';
import { dateInZone, deviceTimeZone, wallTimeToInstant } from '../../lib/intl/zoned-time';
import { draftsLoaded } from '../drafts';
import { publishingLoaded } from '../publishing';
import { UpcomingPostsPanel } from './upcoming-posts-panel';

const USER = '7c1e2d3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5';
const zone = deviceTimeZone();
// Noon of a day from today in the user's zone (the device's: none was chosen).
const noonIn = (days: number) =>
  wallTimeToInstant(dateInZone(new Date(), zone, days), '12:00', zone)!;
const T0 = new Date().toISOString();

const post = (content: string, scheduledFor: string, over: Partial<ScheduledPostRecord> = {}) =>
  ({
    id: crypto.randomUUID(),
    userId: USER,
    content,
    platforms: ['facebook'],
    accountIds: [],
    scheduledFor,
    publishMode: 'schedule',
    timeRule: null,
    draftId: null,
    status: 'scheduled',
    version: 1,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  }) satisfies ScheduledPostRecord;

const draft = (content: string, scheduledFor: string | null): DraftRecord => ({
  id: crypto.randomUUID(),
  userId: USER,
  content,
  platforms: ['linkedin'],
  postType: 'text',
  prompt: null,
  aiProvider: null,
  status: 'draft',
  scheduledFor,
  conflictOf: null,
  createdAt: T0,
  updatedAt: T0,
  version: 1,
});

function renderPanel(posts: ScheduledPostRecord[], drafts: DraftRecord[] = []) {
  const store = makeStore();
  store.dispatch(publishingLoaded({ userId: USER, posts, targets: [] }));
  store.dispatch(draftsLoaded({ userId: USER, drafts }));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <UpcomingPostsPanel />
      </MemoryRouter>
    </Provider>,
  );
  return screen.getByRole('region', { name: 'Upcoming Posts' });
}

afterEach(() => cleanup());

describe('UpcomingPostsPanel', { timeout: 30_000 }, () => {
  it('says so when nothing is planned, without sample posts', () => {
    const panel = renderPanel([post('Long ago', noonIn(-3)), post('Next month', noonIn(30))]);
    expect(within(panel).getByText('No posts in the next 7 days.')).toBeInTheDocument();
    expect(within(panel).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Sample data')).not.toBeInTheDocument();
  });

  it('lists the user’s posts of today and the next 6 days, soonest first, with badges and time', () => {
    const soon = noonIn(1);
    const panel = renderPanel(
      [
        post('Last day', noonIn(6), { platforms: ['instagram'] }),
        post('Tomorrow', soon),
        post('Too far', noonIn(7)),
        post('Gone out', noonIn(0), { status: 'published' }),
      ],
      [draft('Planned draft', noonIn(2)), draft('Undated draft', null)],
    );
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Gone out',
      'Tomorrow',
      'Planned draft',
      'Last day',
    ]);
    expect(within(items[0]!).getByText('Published')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Facebook')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Scheduled')).toBeInTheDocument();
    expect(items[1]!.querySelector('time')).toHaveAttribute('datetime', soon);
    expect(items[1]!.querySelector('time')!.textContent).toMatch(/12:00/);
    expect(within(items[2]!).getByText('Draft')).toBeInTheDocument();
    expect(within(items[2]!).getByText('LinkedIn')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Instagram')).toBeInTheDocument();
  });
});
