// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { instantToWallTime } from '../../lib/intl/zoned-time';
import { signedIn } from '../auth';
import { rememberAccounts, type SocialAccount } from '../social';
import ScheduleDialog, { type SchedulePostSource } from './schedule-dialog';
import { usePublishingPull } from './use-publishing-pull';
import { pullRequested } from '../sync';

const USER_ID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
let db: AppDb;

function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

const page = (id: string, name: string, platform: SocialAccount['platform'] = 'facebook') =>
  ({
    id,
    platform,
    accountName: name,
    category: null,
    connectionStatus: 'connected',
    connectionError: null,
  }) satisfies SocialAccount;

async function renderDialog(post: SchedulePostSource) {
  const store = makeStore();
  store.dispatch(
    signedIn({ id: USER_ID, email: 'mia@example.com', firstName: 'Mia', lastName: 'Chen' }),
  );
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route
            path="/dashboard"
            element={<ScheduleDialog open post={post} onClose={() => {}} />}
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, user };
}

beforeEach(() => {
  db = openAppDb(`schedule-dialog-test-${crypto.randomUUID()}`);
  setAppDb(db);
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  setAppDb(undefined);
  await db.delete();
});

describe('ScheduleDialog', { timeout: 30_000 }, () => {
  it('refuses a time in the past and stores nothing', async () => {
    const { user } = await renderDialog({
      content: 'Opening hours change',
      platforms: ['twitter'],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    await user.click(within(dialog).getByRole('radio', { name: 'Schedule for later' }));
    const date = within(dialog).getByLabelText('Date', { exact: true });
    await user.clear(date);
    await user.type(date, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Please choose a time in the future.')).toBeVisible();
    expect(await db.scheduledPosts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('starts on Schedule for later at a planned time still ahead, and ignores one gone by', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const planned = '2031-06-15T14:45:00.000Z';
    await renderDialog({ content: 'Summer menu', platforms: ['twitter'], plannedFor: planned });
    let dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    expect(within(dialog).getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
    const wall = instantToWallTime(planned, zone)!;
    expect(within(dialog).getByLabelText('Date', { exact: true })).toHaveValue(wall.date);
    expect(within(dialog).getByLabelText('Time', { exact: true })).toHaveValue(wall.time);
    cleanup();

    await renderDialog({
      content: 'Summer menu',
      platforms: ['twitter'],
      plannedFor: '2020-01-01T10:00:00.000Z',
    });
    dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    expect(within(dialog).getByRole('radio', { name: 'Publish now' })).toBeChecked();
    expect(within(dialog).queryByLabelText('Date', { exact: true })).toBeNull();
  });

  it('schedules for later in the user’s zone, offline, with a reminder for X', async () => {
    const { user } = await renderDialog({
      content: 'Opening hours change',
      platforms: ['twitter'],
      draftId: null,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    await user.click(within(dialog).getByRole('radio', { name: 'Schedule for later' }));
    const date = within(dialog).getByLabelText('Date', { exact: true });
    await user.clear(date);
    await user.type(date, '2031-05-04');
    const time = within(dialog).getByLabelText('Time', { exact: true });
    await user.clear(time);
    await user.type(time, '08:15');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const done = await screen.findByRole('dialog', { name: 'Scheduled' });
    expect(done).toHaveTextContent('Post scheduled successfully!');
    expect(done).toHaveTextContent(
      'X (Twitter) is not published automatically yet, so you get a "Publish it yourself" reminder at the scheduled time, with the text ready to copy.',
    );
    const [row] = await db.scheduledPosts.toArray();
    expect(row).toMatchObject({
      userId: USER_ID,
      content: 'Opening hours change',
      platforms: ['twitter'],
      accountIds: [],
      publishMode: 'schedule',
      timeRule: null,
    });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(instantToWallTime(row!.scheduledFor, zone)).toEqual({
      date: '2031-05-04',
      time: '08:15',
    });
    expect(await db.outbox.where('entity').equals('scheduled_posts').count()).toBe(1);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('at /calendar')).toBeInTheDocument();
  });

  it('asks which pages when several are connected: at least one', async () => {
    await rememberAccounts(
      USER_ID,
      {
        facebook: [page('fb-1', 'Bloom Bakery'), page('fb-2', 'Bloom Catering')],
        linkedin: [page('li-1', 'Mia Chen', 'linkedin')],
      },
      db,
    );
    const { user } = await renderDialog({
      content: 'New sourdough class on Saturday',
      platforms: ['facebook', 'linkedin', 'instagram'],
      draftId: '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose pages' });
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(2);
    expect(picker).toHaveTextContent('Instagram is not published automatically yet');
    await user.click(within(picker).getByRole('button', { name: 'Schedule' }));
    expect(await within(picker).findByText('Choose at least one page for Facebook.')).toBeVisible();
    expect(await db.scheduledPosts.count()).toBe(0);

    await user.click(within(picker).getByRole('checkbox', { name: 'Bloom Catering' }));
    await user.click(within(picker).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('dialog', { name: 'Scheduled' })).toHaveTextContent(
      'Post scheduled successfully!',
    );
    const [row] = await db.scheduledPosts.toArray();
    expect(row).toMatchObject({
      platforms: ['facebook', 'linkedin', 'instagram'],
      accountIds: ['li-1', 'fb-2'],
      publishMode: 'now',
      draftId: '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b',
    });
    expect(Math.abs(Date.parse(row!.scheduledFor) - Date.now())).toBeLessThan(60_000);
  });

  it('AI optimal time comes from the preferred posting times and says so', async () => {
    await db.onboardingData.put({
      id: USER_ID,
      userId: USER_ID,
      businessName: 'Bloom',
      businessType: 'retail',
      location: '',
      primaryGoal: '',
      targetAudience: '',
      postingFrequency: 'daily',
      contentPreferences: [],
      answers: { preferredPostingTimes: ['evening'] },
      completedAt: null,
      updatedAt: null,
      version: 1,
    });
    const { user } = await renderDialog({ content: 'Tonight: live music', platforms: ['twitter'] });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    const rule = 'Picked from your preferred posting times: Evening (6 PM-10 PM).';
    expect(await within(dialog).findByText(rule)).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'AI optimal time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await screen.findByRole('dialog', { name: 'Scheduled' });
    const [row] = await db.scheduledPosts.toArray();
    expect(row).toMatchObject({ publishMode: 'optimal', timeRule: rule });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(instantToWallTime(row!.scheduledFor, zone)?.time).toBe('19:00');
  });
});

function Puller() {
  usePublishingPull(20);
  return null;
}

describe('usePublishingPull', () => {
  it('pulls often only while something is due soon, and only while online', async () => {
    const store = makeStore();
    store.dispatch(
      signedIn({ id: USER_ID, email: 'mia@example.com', firstName: 'Mia', lastName: 'Chen' }),
    );
    const seen: string[] = [];
    const original = store.dispatch;
    // Count the pulls the hook asks for.
    const counting = ((action: unknown) => {
      if (pullRequested.match(action as never)) seen.push('pull');
      return original(action as never);
    }) as typeof store.dispatch;
    const wrapped = { ...store, dispatch: counting };
    render(
      <Provider store={wrapped}>
        <Puller />
      </Provider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(seen).toEqual([]);

    store.dispatch({
      type: 'publishing/publishingLoaded',
      payload: {
        userId: USER_ID,
        posts: [],
        targets: [
          {
            id: 't1',
            userId: USER_ID,
            postId: 'p1',
            platform: 'facebook',
            accountId: 'fb-1',
            accountName: 'Bloom Bakery',
            kind: 'auto',
            status: 'scheduled',
            dueAt: new Date(Date.now() + 60_000).toISOString(),
            attempts: 0,
            remoteId: null,
            permalink: null,
            errorCode: null,
            errorMessage: null,
            publishedAt: null,
            version: 1,
            updatedAt: new Date().toISOString(),
          },
        ],
      },
    });
    await waitFor(() => expect(seen.length).toBeGreaterThan(1));

    store.dispatch({ type: 'sync/connectivityChanged', payload: { online: false } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    const before = seen.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(seen.length).toBe(before);
  });
});
