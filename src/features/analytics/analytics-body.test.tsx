// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../../app/store';
import { AnalyticsBody, type AnalyticsBodyProps } from './analytics-body';
import { sortPosts } from './posts-table';
import { REFRESH_TEXTS } from './use-refresh-metrics';
import type { AnalyticsView, MetricCard, MetricKey, PostRow, TrendPoint } from './types';

const LABELS = {
  followers: 'Followers',
  engagement: 'Engagement Rate',
  shares: 'Shares',
  comments: 'Comments',
} as const;

// Each metric's trend has its own numbers, so the table tells which metric is shown.
const BASE: Record<MetricKey, number> = {
  followers: 1200,
  engagement: 3,
  shares: 40,
  comments: 70,
};

function trendOf(metric: MetricKey): TrendPoint[] {
  return [1, 2, 3].map((n) => ({
    day: `2026-11-0${n}`,
    previousDay: `2026-10-0${n}`,
    current: BASE[metric] + n,
    previous: BASE[metric] + 10 * n,
  }));
}

function post(n: number, over: Partial<PostRow> = {}): PostRow {
  return {
    id: `target-${n}`,
    postId: `post-${n}`,
    content: `Post number ${n}\nWith a second line`,
    platform: n % 2 ? 'facebook' : 'linkedin',
    accountName: 'Bloom Bakery',
    publishedAt: '2026-11-02T09:30:00.000Z',
    contentType: 'image',
    reactions: 10 * n,
    comments: n,
    shares: 2 * n,
    clicks: null,
    reach: 1000 + n,
    views: 2000 + n,
    interactions: 13 * n,
    // Descending, as the view orders them.
    engagementRate: 20 - n,
    permalink: `https://www.facebook.com/${n}`,
    status: 'ok',
    collectedAt: '2026-11-03T12:00:00.000Z',
    ...over,
  };
}

const POSTS = Array.from({ length: 12 }, (_, i) => post(i + 1));

function card(key: MetricKey): MetricCard {
  return {
    key,
    label: LABELS[key],
    value: BASE[key],
    display: `${BASE[key]}`,
    change: 5,
    changeDisplay: '+5.0%',
    trend: 'up',
    spark: [1, 2, 3],
  };
}

function makeView(metric: MetricKey, over: Partial<AnalyticsView> = {}): AnalyticsView {
  return {
    state: 'ready',
    range: 'last30',
    periods: {
      current: { from: '2026-10-05', to: '2026-11-03' },
      previous: { from: '2026-09-05', to: '2026-10-04' },
    },
    metric,
    cards: (['followers', 'engagement', 'shares', 'comments'] as const).map(card),
    trend: trendOf(metric),
    platforms: [
      {
        platform: 'facebook',
        label: 'Facebook',
        posts: 6,
        interactions: 321,
        reach: 6000,
        engagementRate: 5.35,
      },
      {
        platform: 'linkedin',
        label: 'LinkedIn',
        posts: 6,
        interactions: 0,
        reach: null,
        engagementRate: null,
      },
    ],
    contentTypes: [
      { type: 'image', label: 'Images', posts: 6, percent: 50 },
      { type: 'video', label: 'Videos', posts: 3, percent: 25 },
      { type: 'carousel', label: 'Carousels', posts: 2, percent: 17 },
      { type: 'text', label: 'Text only', posts: 1, percent: 8 },
    ],
    posts: POSTS,
    totalPosts: POSTS.length,
    insights: [
      {
        id: 'best-time',
        title: 'Best time to post',
        text: 'Tuesdays around 10 AM get the most engagement.',
        basis: 'Based on 12 posts.',
      },
    ],
    accounts: [],
    collectedAt: '2026-11-03T12:00:00.000Z',
    ...over,
  };
}

type HarnessProps = Partial<Omit<AnalyticsBodyProps, 'view'>> & {
  view?: (metric: MetricKey) => AnalyticsView;
};

/** The body with the page's metric state, a real store and router. */
function Harness({ view = makeView, ...props }: HarnessProps) {
  const [metric, setMetric] = useState<MetricKey>('engagement');
  return (
    <AnalyticsBody
      view={view(metric)}
      custom={{ from: '2026-10-05', to: '2026-11-03' }}
      customError={null}
      online
      refresh={{ running: false, progress: null }}
      canApply
      onRangeChange={() => {}}
      onCustomChange={() => {}}
      onMetricChange={setMetric}
      onRefresh={() => {}}
      onExport={() => {}}
      onApply={async () => {}}
      {...props}
    />
  );
}

function renderBody(props: HarnessProps = {}) {
  const user = userEvent.setup();
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <Harness {...props} />
      </MemoryRouter>
    </Provider>,
  );
  return { user };
}

const region = (name: string) => screen.getByRole('region', { name });

beforeAll(() => {
  // jsdom has no layout: charts size themselves through ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => cleanup());

describe('AnalyticsBody', { timeout: 30_000 }, () => {
  it('switches the trend to the chosen metric card, by mouse and keyboard', async () => {
    const { user } = renderBody();
    const cards = screen.getByRole('group', { name: 'Metrics' });
    const engagement = within(cards).getByRole('button', { name: /Engagement Rate/ });
    const followers = within(cards).getByRole('button', { name: /Followers/ });
    expect(engagement).toHaveAttribute('aria-pressed', 'true');
    expect(followers).toHaveAttribute('aria-pressed', 'false');
    // Figures in the user's number format, the same as the charts' tables show them.
    expect(followers).toHaveTextContent('1,200');
    expect(followers).toHaveTextContent('+5.0% vs previous period');
    expect(engagement).toHaveTextContent('3%');

    const trend = region('Performance trend');
    expect(
      within(trend).getByText('Engagement Rate · Last 30 days vs previous period'),
    ).toBeInTheDocument();
    await user.click(followers);
    expect(followers).toHaveAttribute('aria-pressed', 'true');
    expect(engagement).toHaveAttribute('aria-pressed', 'false');
    expect(within(trend).getByText('Followers · Last 30 days vs previous period')).toBeVisible();

    within(cards)
      .getByRole('button', { name: /Shares/ })
      .focus();
    await user.keyboard('{Enter}');
    expect(within(cards).getByRole('button', { name: /Shares/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(trend).getByRole('switch', { name: 'Show as table' }));
    const table = within(trend).getByRole('table', { name: 'Performance trend: Shares' });
    // Shares' base is 40: day n is 40 + n now and 40 + 10n in the previous period.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['41', 'Oct 1', '50'],
      ['42', 'Oct 2', '60'],
      ['43', 'Oct 3', '70'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Nov 1');
  });

  it('shows each chart’s numbers as a table', async () => {
    const { user } = renderBody();
    const platforms = region('Platform comparison');
    await user.click(within(platforms).getByRole('switch', { name: 'Show as table' }));
    const pTable = within(platforms).getByRole('table', { name: 'Platform comparison' });
    const fb = within(pTable).getByRole('row', { name: /Facebook/ });
    expect(
      within(fb)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '321', '6,000', '5.4%']);
    const li = within(pTable).getByRole('row', { name: /LinkedIn/ });
    expect(
      within(li)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '0', '—', '—']);

    const types = region('Content type breakdown');
    await user.click(within(types).getByRole('switch', { name: 'Show as table' }));
    const tTable = within(types).getByRole('table', { name: 'Content type breakdown' });
    expect(
      within(tTable)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Images', 'Videos', 'Carousels', 'Text only']);
    const images = within(tTable).getByRole('row', { name: /Images/ });
    expect(
      within(images)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '50%']);
    // Back to the chart.
    await user.click(within(types).getByRole('switch', { name: 'Show as table' }));
    expect(within(types).queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts and pages the top posts, and View All Posts lists every post', async () => {
    const { user } = renderBody();
    const section = region('Top posts');
    const table = within(section).getByRole('table', { name: 'Top posts' });
    const firstColumn = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent);
    expect(within(section).getByText('10 of 12 posts')).toBeInTheDocument();
    // Engagement rate first, five to a page.
    expect(firstColumn()).toEqual([1, 2, 3, 4, 5].map((n) => `Post number ${n}`));
    await user.click(within(section).getByRole('button', { name: 'Go to next page' }));
    expect(firstColumn()).toEqual([6, 7, 8, 9, 10].map((n) => `Post number ${n}`));

    // Sorting starts again on the first page; Reach is highest first, then lowest first.
    await user.click(within(table).getByRole('button', { name: 'Reach' }));
    expect(firstColumn()).toEqual([10, 9, 8, 7, 6].map((n) => `Post number ${n}`));
    expect(within(table).getByRole('columnheader', { name: /Reach/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(table).getByRole('button', { name: 'Reach' }));
    expect(firstColumn()).toEqual([1, 2, 3, 4, 5].map((n) => `Post number ${n}`));
    await user.click(within(table).getByRole('button', { name: 'Platform' }));
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['Facebook', 'Facebook', 'Facebook', 'Facebook', 'Facebook']);

    await user.click(within(section).getByRole('button', { name: 'View All Posts' }));
    const all = region('All posts');
    expect(within(all).getByText('12 of 12 posts')).toBeInTheDocument();
    await user.click(within(all).getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(within(all).getAllByRole('rowheader')).toHaveLength(12);
    await user.click(within(all).getByRole('button', { name: 'Show Top Posts' }));
    expect(region('Top posts')).toBeInTheDocument();
  });

  it('shows every number of a post in its details, with a link to it', async () => {
    const { user } = renderBody();
    const table = within(region('Top posts')).getByRole('table');
    const row = within(table).getByRole('row', { name: /Post number 3/ });
    await user.click(within(row).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post details' });
    expect(within(dialog).getByText(/Post number 3\s+With a second line/)).toBeInTheDocument();
    const value = (term: string) => within(dialog).getByText(term).nextElementSibling?.textContent;
    expect(value('Platform')).toBe('Facebook');
    expect(value('Account')).toBe('Bloom Bakery');
    expect(value('Reactions')).toBe('30');
    expect(value('Comments')).toBe('3');
    expect(value('Shares')).toBe('6');
    expect(value('Clicks')).toBe('—');
    expect(value('Reach')).toBe('1,003');
    expect(value('Views')).toBe('2,003');
    expect(value('Interactions')).toBe('39');
    expect(value('Engagement rate')).toBe('17%');
    expect(value('Published')).toMatch(/Nov 2/);
    expect(value('Numbers collected')).toMatch(/Nov 3/);
    expect(within(dialog).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/3',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('labels sample figures and offers to connect an account', () => {
    renderBody({ view: (metric) => makeView(metric, { state: 'sample', collectedAt: null }) });
    expect(screen.getByText('Sample data')).toBeVisible();
    expect(screen.getByText('Connect an account to see your own numbers.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Connect an account' })).toHaveAttribute(
      'href',
      '/settings?tab=integrations',
    );
    expect(screen.queryByText(/Numbers collected/)).not.toBeInTheDocument();
  });

  it('shows when the numbers were collected and no sample label for the user’s own', () => {
    renderBody();
    expect(screen.getByText(/^Numbers collected Nov 3/)).toBeVisible();
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });

  it('shows a refresh’s progress', () => {
    renderBody({ refresh: { running: true, progress: { done: 1, total: 3 } } });
    expect(screen.getByText('Collecting numbers: 1 of 3 accounts')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Collecting numbers: 1 of 3 accounts' }),
    ).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeDisabled();
  });

  it('turns Refresh off while offline and says why, with the numbers’ age', async () => {
    const onRefresh = vi.fn();
    const { user } = renderBody({ online: false, onRefresh });
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    expect(refresh).toBeDisabled();
    expect(refresh).toHaveAccessibleDescription(REFRESH_TEXTS.offline);
    await user.click(refresh).catch(() => {});
    expect(onRefresh).not.toHaveBeenCalled();
    expect(
      screen.getByText(
        /^Numbers collected Nov 3.* You are offline: these are the numbers from then\.$/,
      ),
    ).toBeVisible();
  });

  it('starts a refresh when online', async () => {
    const onRefresh = vi.fn();
    const { user } = renderBody({ onRefresh });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('exports a text report or the posts as CSV from the Export menu', async () => {
    const onExport = vi.fn();
    const { user } = renderBody({ onExport });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Text report' }));
    expect(onExport).toHaveBeenLastCalledWith('report');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Posts (CSV)' }));
    expect(onExport).toHaveBeenLastCalledWith('csv');
    expect(onExport).toHaveBeenCalledTimes(2);
  });

  it('applies the recommendations, or says why it cannot', async () => {
    const onApply = vi.fn(async () => {});
    const { user } = renderBody({ onApply });
    const insights = region('AI insights');
    expect(
      within(insights).getByText('Tuesdays around 10 AM get the most engagement.'),
    ).toBeVisible();
    await user.click(within(insights).getByRole('button', { name: 'Apply Recommendations' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    cleanup();

    renderBody({ canApply: false });
    const button = within(region('AI insights')).getByRole('button', {
      name: 'Apply Recommendations',
    });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/no best posting time to apply yet/);
  });

  it('notes accounts whose numbers are missing or need a reconnect', () => {
    renderBody({
      view: (metric) =>
        makeView(metric, {
          accounts: [
            {
              id: 'a1',
              platform: 'linkedin',
              accountName: 'Ada Lovelace',
              status: 'unavailable',
              message: 'LinkedIn shares no post numbers.',
              collectedAt: null,
            },
            {
              id: 'a2',
              platform: 'facebook',
              accountName: 'Bloom Bakery',
              status: 'reconnect_needed',
              message: 'Bloom Bakery needs to be connected again.',
              collectedAt: null,
            },
            {
              id: 'a3',
              platform: 'facebook',
              accountName: 'Fine',
              status: 'ok',
              message: null,
              collectedAt: null,
            },
          ],
        }),
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toHaveTextContent('Ada Lovelace (LinkedIn)LinkedIn shares no post numbers.');
    expect(within(alerts[1]!).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/settings?tab=integrations',
    );
  });

  it('shows the custom range’s days and why they were refused', () => {
    renderBody({
      view: (metric) => makeView(metric, { range: 'custom' }),
      customError: 'From must be on or before To.',
    });
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-05');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'From must be on or before To.',
    );
  });

  it('sorts posts with unknown numbers last in either direction, ties in their given order', () => {
    const rows = [
      post(1, { reach: null }),
      post(2, { reach: 300 }),
      post(3, { reach: 100 }),
      post(4, { reach: 300 }),
    ];
    const ids = (key: 'reach' | 'content', dir: 'asc' | 'desc') =>
      sortPosts(rows, key, dir).map((r) => r.id);
    expect(ids('reach', 'desc')).toEqual(['target-2', 'target-4', 'target-3', 'target-1']);
    expect(ids('reach', 'asc')).toEqual(['target-3', 'target-2', 'target-4', 'target-1']);
    expect(ids('content', 'desc')).toEqual(['target-4', 'target-3', 'target-2', 'target-1']);
    // The given rows stay as they were.
    expect(rows.map((r) => r.id)).toEqual(['target-1', 'target-2', 'target-3', 'target-4']);
  });
});
