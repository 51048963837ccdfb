// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { fakeContentType, fakePostNumbers } from '../../../tests/support/fake-social';
import { addFakePage, connectAccount, publishedPost } from '../../../tests/api/metrics-helpers';
import type { AppStore } from '../../app/store';
import { getAppDb } from '../../lib/db';
import { SyncEngine } from '../../lib/sync/engine';
import { createSyncRegistry } from '../../lib/sync/entities';
import { createSupabaseTransport } from '../../lib/sync/transport';
import { getSupabase } from '../../lib/supabase';
import { recordActions, signedUpStore, withSocialBackend } from '../../testing/social-backend';
import { publishTargetsEntity, scheduledPostsEntity } from '../publishing';
import { connectivityChanged } from '../sync';
import {
  analyticsAccountsEntity,
  analyticsDailyEntity,
  analyticsPostMetricsEntity,
} from './analytics-sync';
import { todayIn } from './period';
import { readAnalyticsView } from './use-analytics';
import { REFRESH_TEXTS, refreshErrorText, useRefreshMetrics } from './use-refresh-metrics';

// Refresh against the real embedded server: the metrics collector reads the fake Facebook, the
// sync pull brings its rows to this device, and the page's view shows the fake's numbers.

const social = withSocialBackend();
let recorder: ReturnType<typeof recordActions>;

beforeEach(async () => {
  await social.backend.connect();
  social.fake.reset();
  recorder = recordActions();
});

afterEach(async () => {
  recorder.stop();
  const db = getAppDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});

const wrap = (store: AppStore) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return createElement(Provider, { store, children });
  };

describe('refreshErrorText', () => {
  it('reads the collector’s own sentence, and says when the server was not reached', async () => {
    const tooSoon = new FunctionsHttpError(
      new Response(JSON.stringify({ error: REFRESH_TEXTS.tooSoon }), { status: 429 }),
    );
    expect(await refreshErrorText(tooSoon)).toBe(
      'Numbers were collected less than a minute ago. Try again in a moment.',
    );
    const bare429 = new FunctionsHttpError(new Response('slow down', { status: 429 }));
    expect(await refreshErrorText(bare429)).toBe(REFRESH_TEXTS.tooSoon);
    const missing = new FunctionsHttpError(
      new Response(JSON.stringify({ error: 'No such account.' }), { status: 404 }),
    );
    expect(await refreshErrorText(missing)).toBe(
      'Numbers could not be collected: No such account.',
    );
    expect(await refreshErrorText(new FunctionsFetchError(new TypeError('fetch failed')))).toBe(
      REFRESH_TEXTS.unreachable,
    );
  });
});

describe('Refresh', () => {
  it('collects each connected account, asks for a pull, and the page shows the numbers', async () => {
    const { store, userId } = await signedUpStore('Rita');
    const server = social.backend.server;
    const page = addFakePage(social.fake, 'Rita Bakes');
    const accountId = await connectAccount(server, server.serviceClient(), social.fake, userId, {
      platform: 'facebook',
      remoteId: page.id,
      name: 'Rita Bakes',
      token: page.token,
    });
    const post = await publishedPost(
      server,
      social.fake,
      userId,
      { id: accountId, platform: 'facebook', remoteId: page.id },
      2,
    );

    const { result } = renderHook(() => useRefreshMetrics(), { wrapper: wrap(store) });
    expect(result.current.canRefresh).toBe(true);
    await act(() => result.current.refresh());
    expect(result.current.error).toBeNull();
    expect(result.current.running).toBe(false);
    expect(recorder.actions.map((a) => a.type)).toContain('sync/pullRequested');

    // Again at once: the collector's one-minute rule, as a clear sentence.
    await act(() => result.current.refresh());
    expect(result.current.error).toBe(REFRESH_TEXTS.tooSoon);

    // The pull the engine runs, here by hand: the rows land in the device's tables.
    const db = getAppDb();
    const engine = new SyncEngine({
      db,
      transport: createSupabaseTransport(await getSupabase(), userId),
      userId,
      registry: createSyncRegistry([
        scheduledPostsEntity,
        publishTargetsEntity,
        analyticsAccountsEntity,
        analyticsDailyEntity,
        analyticsPostMetricsEntity,
      ]),
      locks: null,
      channel: null,
    });
    expect(await engine.pull()).toBe(true);
    const view = await readAnalyticsView(db, userId, {
      range: 'last7',
      metric: 'engagement',
      today: todayIn(new Date(), 'UTC'),
      timeZone: 'UTC',
    });
    expect(view.state).toBe('ready');
    expect(view.accounts).toMatchObject([
      { id: accountId, accountName: 'Rita Bakes', status: 'ok' },
    ]);
    expect(view.collectedAt).not.toBeNull();
    const numbers = fakePostNumbers(post.remoteId);
    expect(view.posts).toHaveLength(1);
    expect(view.posts[0]).toMatchObject({
      id: post.targetId,
      content: `Post ${post.remoteId}`,
      reactions: numbers.reactions,
      comments: numbers.comments,
      shares: numbers.shares,
      clicks: numbers.clicks,
      reach: numbers.reach,
      interactions: numbers.reactions + numbers.comments + numbers.shares + numbers.clicks,
    });
    expect(view.posts[0]!.contentType).toBe(fakeContentType(post.remoteId));
    expect(view.cards.find((c) => c.key === 'shares')!.value).toBe(numbers.shares);
    expect(await db.analyticsDaily.where('accountId').equals(accountId).count()).toBeGreaterThan(
      80,
    );
  }, 60_000);

  it('is off while offline and says so', async () => {
    const { store } = await signedUpStore('Otto');
    store.dispatch(connectivityChanged({ online: false }));
    const { result } = renderHook(() => useRefreshMetrics(), { wrapper: wrap(store) });
    expect(result.current.canRefresh).toBe(false);
    await act(() => result.current.refresh());
    expect(result.current.error).toBe(REFRESH_TEXTS.offline);
    expect(recorder.actions.map((a) => a.type)).not.toContain('sync/pullRequested');
  });

  it('asks for an account when none is connected', async () => {
    const { store } = await signedUpStore('Nia');
    const { result } = renderHook(() => useRefreshMetrics(), { wrapper: wrap(store) });
    await act(() => result.current.refresh());
    expect(result.current.error).toBe(REFRESH_TEXTS.noAccounts);
  });
});
