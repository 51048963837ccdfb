// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { Dexie } from 'dexie';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { makeOnboardingForm } from '../../testing/factories';
import { initialAuthState } from '../auth';
import { completeOnboarding } from '../onboarding';
import { optimalTime, readEngagementHistory, usePreferredPostingTimes } from '../publishing';
import { postRow } from './analytics-test-data';
import { APPLY_TEXTS, useApplyRecommendations, windowForHour } from './apply-recommendations';
import { sampleAnalytics } from './sample-analytics';
import type { Insight } from './types';

const ADA = { id: 'user-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

let db: AppDb;
let name: string;
let store: AppStore;

beforeEach(() => {
  name = `apply-${crypto.randomUUID()}`;
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

const bestTime = (hour: number): Insight => ({
  id: 'best-time',
  title: 'Best time to post',
  text: '',
  basis: 'Based on 8 posts published in the last 30 days, compared by mean engagement rate.',
  weekday: 2,
  hour,
});

describe('windowForHour', () => {
  it('takes the onboarding window holding the hour, or the nearest one at night', () => {
    expect(windowForHour(9).id).toBe('morning');
    expect(windowForHour(12).id).toBe('afternoon');
    expect(windowForHour(17).id).toBe('afternoon');
    expect(windowForHour(18).id).toBe('evening');
    expect(windowForHour(3).id).toBe('morning');
    expect(windowForHour(23).id).toBe('evening');
  });
});

describe('Apply Recommendations', () => {
  it('saves the best hour’s window as the preferred posting times through the onboarding save', async () => {
    await store.dispatch(
      completeOnboarding(
        ADA,
        makeOnboardingForm({
          businessName: 'Corner Shop',
          preferredPostingTimes: ['morning', 'evening'],
        }),
        db,
      ),
    );
    const { result } = renderHook(
      () => ({ apply: useApplyRecommendations([bestTime(14)]), times: usePreferredPostingTimes() }),
      { wrapper },
    );
    expect(result.current.apply.canApply).toBe(true);
    let text = '';
    await act(async () => {
      text = await result.current.apply.apply([bestTime(14)]);
    });
    expect(text).toBe(
      'Preferred posting times set to Afternoon (12 PM-6 PM). AI optimal time now uses them.',
    );
    // On this device, in the store, and queued for the server (the outbox), other answers kept.
    const row = await db.onboardingData.get(ADA.id);
    expect(row?.answers).toMatchObject({
      businessName: 'Corner Shop',
      preferredPostingTimes: ['afternoon'],
    });
    const queued = await db.outbox
      .where('[entity+entityId]')
      .equals(['onboarding_data', ADA.id])
      .toArray();
    expect(queued.at(-1)?.data).toMatchObject({
      answers: { preferredPostingTimes: ['afternoon'] },
    });
    expect(store.getState().onboarding.answers?.preferredPostingTimes).toEqual(['afternoon']);
    await waitFor(() => expect(result.current.times).toEqual(['afternoon']));
    // AI optimal time picks from the afternoon now.
    const optimal = optimalTime({
      now: new Date('2026-11-25T08:00:00Z'),
      timeZone: 'UTC',
      preferredTimes: result.current.times,
    });
    expect(optimal.rule).toBe('Picked from your preferred posting times: Afternoon (12 PM-6 PM).');
  });

  it('keeps the answers a row holds only in its columns (written over REST or by an older app)', async () => {
    await db.onboardingData.put({
      id: 'row-1',
      userId: ADA.id,
      businessName: 'Corner Shop',
      businessType: 'retail',
      location: 'Leeds',
      primaryGoal: 'sales',
      targetAudience: 'General audience',
      postingFrequency: 'daily',
      contentPreferences: ['tips'],
      answers: {},
      completedAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      version: 3,
    });
    const { result } = renderHook(() => useApplyRecommendations([bestTime(19)]), { wrapper });
    let text = '';
    await act(async () => {
      text = await result.current.apply([bestTime(19)]);
    });
    expect(text).toBe(APPLY_TEXTS.applied(windowForHour(19)));
    const queued = await db.outbox.where('entity').equals('onboarding_data').toArray();
    // What the server checks is there, not blanked by the empty answers.
    expect(queued.at(-1)?.data).toMatchObject({
      business_name: 'Corner Shop',
      business_type: 'retail',
      location: 'Leeds',
      primary_goal: 'sales',
      target_audience: 'General audience',
      posting_frequency: 'daily',
      content_preferences: ['tips'],
      answers: { businessName: 'Corner Shop', preferredPostingTimes: ['evening'] },
    });
  });

  it('applies nothing from sample data or without a best time', async () => {
    const sample = sampleAnalytics('last30', 'engagement', '2026-11-25');
    const { result } = renderHook(() => useApplyRecommendations(sample.insights), { wrapper });
    expect(result.current.canApply).toBe(false);
    await expect(result.current.apply(sample.insights)).resolves.toBe(APPLY_TEXTS.noBestTime);
    await expect(result.current.apply([])).resolves.toBe(APPLY_TEXTS.noBestTime);
    expect(await db.outbox.count()).toBe(0);
  });

  it('asks for the business profile when there are no answers to change', async () => {
    const { result } = renderHook(() => useApplyRecommendations(), { wrapper });
    await expect(result.current.apply([bestTime(9)])).resolves.toBe(APPLY_TEXTS.noAnswers);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('AI optimal time from the user’s analytics', () => {
  it('reads the published posts with numbers of the last 90 days', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    await db.analyticsPostMetrics.bulkPut([
      // Three Tuesday 3 PM posts did best.
      postRow({
        id: 'a',
        publishedAt: '2026-11-17T15:00:00.000Z',
        reactions: 40,
        comments: 5,
        shares: 5,
      }),
      postRow({
        id: 'b',
        publishedAt: '2026-11-10T15:10:00.000Z',
        reactions: 40,
        comments: 5,
        shares: 5,
      }),
      postRow({ id: 'c', publishedAt: '2026-11-19T09:00:00.000Z', reactions: 2 }),
      postRow({ id: 'd', publishedAt: '2026-11-20T09:00:00.000Z', reactions: 3, clicks: 1 }),
      // Not counted: no numbers, LinkedIn, too old, another user.
      postRow({ id: 'e', publishedAt: '2026-11-21T09:00:00.000Z' }),
      postRow({
        id: 'f',
        publishedAt: '2026-11-21T09:00:00.000Z',
        platform: 'linkedin',
        status: 'unavailable',
      }),
      postRow({ id: 'g', publishedAt: '2026-07-01T09:00:00.000Z', reactions: 99 }),
      postRow({
        id: 'h',
        userId: 'user-2',
        publishedAt: '2026-11-21T09:00:00.000Z',
        reactions: 99,
      }),
    ]);
    const history = await readEngagementHistory(db, ADA.id, now);
    expect(history).toEqual([
      { publishedAt: '2026-11-10T15:10:00.000Z', engagement: 50 },
      { publishedAt: '2026-11-17T15:00:00.000Z', engagement: 50 },
      { publishedAt: '2026-11-19T09:00:00.000Z', engagement: 2 },
      { publishedAt: '2026-11-20T09:00:00.000Z', engagement: 4 },
    ]);
    const optimal = optimalTime({ now, timeZone: 'UTC', preferredTimes: [], history });
    expect(optimal.source).toBe('history');
    expect(optimal.scheduledFor).toBe('2026-12-01T15:00:00.000Z');
  });
});
