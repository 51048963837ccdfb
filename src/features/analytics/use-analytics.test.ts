// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { Dexie } from 'dexie';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { initialAuthState } from '../auth';
import { accountRow, postRow, scheduledRow } from './analytics-test-data';
import type { MetricKey, Period, RangeKey } from './types';
import { useAnalytics } from './use-analytics';

const ADA = { id: 'user-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

let db: AppDb;
let name: string;
let store: AppStore;

beforeEach(() => {
  name = `use-analytics-${crypto.randomUUID()}`;
  db = openAppDb(name);
  setAppDb(db);
  store = makeStore({ auth: { ...initialAuthState, status: 'signedIn', user: ADA } });
});

afterEach(async () => {
  setAppDb(undefined);
  db.close();
  await Dexie.delete(name);
});

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(Provider, { store, children });

describe('useAnalytics', () => {
  it('shows the sample, then the user’s numbers as soon as a pull stores them', async () => {
    const { result, rerender } = renderHook(
      (props: { range: RangeKey; metric: MetricKey; custom?: Period }) =>
        useAnalytics(props.range, props.metric, props.custom),
      { wrapper, initialProps: { range: 'last7', metric: 'engagement' } },
    );
    expect(['loading', 'sample']).toContain(result.current.state);
    await waitFor(() => expect(result.current.state).toBe('sample'));
    expect(result.current.totalPosts).toBe(24);

    // What a pull writes: the account and a post of an hour ago.
    const publishedAt = new Date(Date.now() - 3600_000).toISOString();
    await db.transaction(
      'rw',
      db.analyticsAccounts,
      db.analyticsPostMetrics,
      db.scheduledPosts,
      async () => {
        await db.analyticsAccounts.put(accountRow());
        await db.analyticsPostMetrics.put(
          postRow({ id: 't1', publishedAt, reactions: 12, comments: 4, shares: 2, reach: 200 }),
        );
        await db.scheduledPosts.put(scheduledRow('post-t1', 'Fresh bread at 7'));
      },
    );
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.posts).toMatchObject([
      { id: 't1', content: 'Fresh bread at 7', interactions: 18, engagementRate: 9 },
    ]);
    expect(result.current.cards.find((c) => c.key === 'shares')!.value).toBe(2);
    expect(result.current.trend).toHaveLength(7);

    // Another metric: the same rows, another series.
    rerender({ range: 'last7', metric: 'comments' });
    await waitFor(() => expect(result.current.metric).toBe('comments'));
    expect(result.current.trend.reduce((sum, p) => sum + (p.current ?? 0), 0)).toBe(4);

    // A custom range in the future is refused with its reason.
    rerender({
      range: 'custom',
      metric: 'comments',
      custom: { from: '2999-01-01', to: '2999-01-02' },
    });
    await waitFor(() =>
      expect(result.current.rangeError).toBe(
        'To cannot be after today: there are no numbers for future days yet.',
      ),
    );
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.trend).toHaveLength(30);
  });
});
