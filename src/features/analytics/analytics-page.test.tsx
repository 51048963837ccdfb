// @vitest-environment jsdom
import { Dexie } from 'dexie';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  openAppDb,
  setAppDb,
  type AnalyticsAccountRecord,
  type AnalyticsPostMetricRecord,
  type AppDb,
  type ScheduledPostRecord,
} from '../../lib/db';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { selectTimeZone } from '../appearance';
import { connectivityChanged } from '../sync';
import { postsCsv } from './export';
import { todayIn } from './period';
import { readAnalyticsView } from './use-analytics';

vi.setConfig({ testTimeout: 30_000 });

setUpAppTests();

let db: AppDb;
let name: string;

beforeAll(() => {
  // jsdom has no layout: charts size themselves through ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  name = `analytics-page-test-${crypto.randomUUID()}`;
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

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const COLLECTED = daysAgo(0.5);

const account: AnalyticsAccountRecord = {
  id: 'acc-fb',
  userId: ada.id,
  platform: 'facebook',
  accountName: 'Bloom Bakery',
  status: 'ok',
  message: null,
  followers: 1200,
  unavailableMetrics: [],
  collectedAt: COLLECTED,
  attemptedAt: COLLECTED,
  version: 1,
  updatedAt: COLLECTED,
};

function published(n: number): [ScheduledPostRecord, AnalyticsPostMetricRecord] {
  const at = daysAgo(n + 1);
  return [
    {
      id: `post-${n}`,
      userId: ada.id,
      content: `Fresh loaves, batch ${n}`,
      platforms: ['facebook'],
      accountIds: ['acc-fb'],
      scheduledFor: at,
      publishMode: 'now',
      timeRule: null,
      draftId: null,
      status: 'published',
      version: 1,
      createdAt: at,
      updatedAt: at,
    },
    {
      id: `target-${n}`,
      userId: ada.id,
      postId: `post-${n}`,
      accountId: 'acc-fb',
      platform: 'facebook',
      remoteId: `remote-${n}`,
      permalink: `https://www.facebook.com/bloom/posts/${n}`,
      publishedAt: at,
      contentType: n % 2 ? 'image' : 'video',
      reactions: 10 * n,
      comments: n,
      shares: 2 * n,
      clicks: null,
      reach: 500 + 100 * n,
      views: 900 + n,
      status: 'ok',
      collectedAt: COLLECTED,
      version: 1,
      updatedAt: COLLECTED,
    },
  ];
}

async function seed(count: number) {
  const rows = Array.from({ length: count }, (_, i) => published(i + 1));
  await db.analyticsAccounts.put(account);
  await db.scheduledPosts.bulkPut(rows.map(([p]) => p));
  await db.analyticsPostMetrics.bulkPut(rows.map(([, m]) => m));
}

/** The texts handed to the browser as downloads. */
function captureDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:analytics-test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  // jsdom does not navigate; the click is what starts a download in a browser.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return blobs;
}

describe('AnalyticsPage', () => {
  it('shows the labelled sample figures until the user has numbers of their own', async () => {
    renderApp('/analytics', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    expect(await screen.findByText('Sample data')).toBeVisible();
    expect(screen.getByText('Connect an account to see your own numbers.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveDisplayValue('Last 30 days');
    expect(
      within(screen.getByRole('group', { name: 'Metrics' })).getByRole('button', {
        name: /Engagement Rate/,
      }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The posts and the insights come a few commits after the figures.
    expect(
      await within(await screen.findByRole('region', { name: 'Top posts' })).findByText(
        / of 24 posts$/,
      ),
    ).toBeVisible();
    // Sample insights are no grounds for changing the user's posting times.
    expect(await screen.findByRole('button', { name: 'Apply Recommendations' })).toBeDisabled();
  });

  it('shows the user’s own posts, and exports them as the CSV generator writes them', async () => {
    await seed(7);
    const blobs = captureDownloads();
    const { store, user } = renderApp('/analytics', signedIn);
    const top = await screen.findByRole('region', { name: 'Top posts' });
    expect(await within(top).findByText('Fresh loaves, batch 7')).toBeVisible();
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
    expect(screen.getByText(/^Numbers collected /)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Posts (CSV)' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Text report' }));
    expect(blobs).toHaveLength(2);

    const timeZone = selectTimeZone(store.getState());
    const view = await readAnalyticsView(db, ada.id, {
      range: 'last30',
      metric: 'engagement',
      today: todayIn(new Date(), timeZone),
      timeZone,
    });
    expect(view.posts).toHaveLength(7);
    expect(await blobs[0]!.text()).toBe(postsCsv(view.posts, timeZone));
    const report = await blobs[1]!.text();
    expect(report).toContain('Last 30 days');
    for (const label of ['Followers', 'Engagement Rate', 'Shares', 'Comments'])
      expect(report).toContain(label);
  });

  it('turns Refresh off offline and says the numbers are from then', async () => {
    await seed(2);
    const { store } = renderApp('/analytics', signedIn);
    await screen.findByText(/^Numbers collected /);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    act(() => {
      store.dispatch(connectivityChanged({ online: false }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled());
    expect(screen.getByText(/You are offline: these are the numbers from then\.$/)).toBeVisible();
  });

  it('refuses a custom range that ends before it starts, with the reason', async () => {
    const { user } = renderApp('/analytics', signedIn);
    await screen.findByText('Sample data');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Custom range');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText<HTMLInputElement>('To');
    // jsdom's date inputs take a whole value at once, as a picker gives it.
    fireEvent.change(from, { target: { value: '2026-12-31' } });
    expect(await screen.findByText('From must be on or before To.')).toBeVisible();
    expect(to).toHaveAccessibleDescription('From must be on or before To.');
  });
});
