import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppDb } from '../../lib/db';
import {
  analyticsAccountsEntity,
  analyticsDailyEntity,
  analyticsPostMetricsEntity,
} from './analytics-sync';

const USER = '0b6c3f0e-1111-4a8e-9d6e-6d6f7a1b2c3d';
const ACCOUNT = '7d1c2b3a-3333-4f5e-8a9b-0c1d2e3f4a5b';

describe('analytics sync entities', () => {
  let name: string | null = null;
  afterEach(async () => {
    if (name) await Dexie.delete(name);
    name = null;
  });

  it('are named after the server tables and refuse writes', () => {
    expect(analyticsAccountsEntity.name).toBe('analytics_accounts');
    expect(analyticsDailyEntity.name).toBe('analytics_daily');
    expect(analyticsPostMetricsEntity.name).toBe('analytics_post_metrics');
    const row = analyticsDailyEntity.fromServer({ id: 'd1', user_id: USER, version: 1 });
    expect(() => analyticsDailyEntity.toServer(row)).toThrow(
      'Analytics are written by the server.',
    );
  });

  it('reads an account row, keeping unknown numbers as null', () => {
    const a = analyticsAccountsEntity.fromServer({
      id: ACCOUNT,
      user_id: USER,
      platform: 'linkedin',
      account_name: 'Ada Lovelace',
      status: 'unavailable',
      message:
        'LinkedIn shares no post numbers with apps that may only post (w_member_social), so Postbloom shows none for this account rather than guess.',
      followers: null,
      unavailable_metrics: ['page_media_view', 7],
      collected_at: null,
      attempted_at: '2026-11-25T03:00:00+00:00',
      version: 2,
      last_mutation_id: null,
      created_at: '2026-11-25T03:00:00+00:00',
      updated_at: '2026-11-25T03:00:01+00:00',
    });
    expect(a).toEqual({
      id: ACCOUNT,
      userId: USER,
      platform: 'linkedin',
      accountName: 'Ada Lovelace',
      status: 'unavailable',
      message:
        'LinkedIn shares no post numbers with apps that may only post (w_member_social), so Postbloom shows none for this account rather than guess.',
      followers: null,
      unavailableMetrics: ['page_media_view'],
      collectedAt: null,
      attemptedAt: '2026-11-25T03:00:00.000Z',
      version: 2,
      updatedAt: '2026-11-25T03:00:01.000Z',
    });
    expect(
      analyticsAccountsEntity.fromServer({ id: ACCOUNT, user_id: USER, status: 'odd', version: 1 })
        .status,
    ).toBe('error');
  });

  it('reads a daily row (date column, numbers as numbers or null)', () => {
    expect(
      analyticsDailyEntity.fromServer({
        id: 'd1',
        user_id: USER,
        account_id: ACCOUNT,
        platform: 'facebook',
        day: '2026-11-20',
        followers: 1200,
        follows: '4',
        views: null,
        reach: 800,
        engagements: 40,
        version: 3,
        updated_at: '2026-11-21T06:00:00Z',
      }),
    ).toEqual({
      id: 'd1',
      userId: USER,
      accountId: ACCOUNT,
      platform: 'facebook',
      day: '2026-11-20',
      followers: 1200,
      follows: 4,
      views: null,
      reach: 800,
      engagements: 40,
      version: 3,
      updatedAt: '2026-11-21T06:00:00.000Z',
    });
  });

  it('reads a post row and stores it in the version 7 tables', async () => {
    const p = analyticsPostMetricsEntity.fromServer({
      id: 't1',
      user_id: USER,
      post_id: 'p1',
      account_id: ACCOUNT,
      platform: 'facebook',
      remote_id: '123_456',
      permalink: 'https://www.facebook.com/123/posts/456',
      published_at: '2026-11-20T12:30:00+01:00',
      content_type: 'video',
      reactions: 10,
      comments: 2,
      shares: 1,
      clicks: null,
      reach: 300,
      views: 500,
      status: 'deleted',
      collected_at: '2026-11-24T06:00:00Z',
      version: 5,
      updated_at: '2026-11-24T06:00:00Z',
    });
    expect(p).toMatchObject({
      id: 't1',
      postId: 'p1',
      accountId: ACCOUNT,
      publishedAt: '2026-11-20T11:30:00.000Z',
      contentType: 'video',
      clicks: null,
      status: 'deleted',
      collectedAt: '2026-11-24T06:00:00.000Z',
    });
    expect(
      analyticsPostMetricsEntity.fromServer({
        id: 't2',
        user_id: USER,
        content_type: 'gif',
        version: 1,
      }).contentType,
    ).toBeNull();

    name = `analytics-sync-${crypto.randomUUID()}`;
    const db = openAppDb(name);
    await analyticsPostMetricsEntity.table(db).put(p);
    expect(db.verno).toBe(7);
    const found = await db.analyticsPostMetrics
      .where('[userId+publishedAt]')
      .between([USER, '2026-11-20T00:00:00.000Z'], [USER, '2026-11-21T00:00:00.000Z'])
      .toArray();
    expect(found.map((r) => r.id)).toEqual(['t1']);
    db.close();
  });
});
