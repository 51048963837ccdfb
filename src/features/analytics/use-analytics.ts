import { startTransition, useEffect, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { appDb } from '../../lib/app-db';
import type { AppDb } from '../../lib/db';
import { useTimeZone } from '../appearance';
import { selectCurrentUser } from '../auth';
import {
  accountStatusesOf,
  buildAnalyticsView,
  hasOwnNumbers,
  loadAnalyticsData,
  loadingView,
  type AnalyticsData,
} from './analytics-model';
import { customRangeError, periodsFor, todayIn } from './period';
import { sampleAnalytics } from './sample-analytics';
import type { AnalyticsView, MetricKey, Period, Periods, RangeKey } from './types';

export interface ViewRequest {
  range: RangeKey;
  metric: MetricKey;
  today: string;
  timeZone: string;
  custom?: Period;
}

/** The periods a request shows, and why a custom range was refused (it then shows 30 days). */
export function resolvePeriods(request: Omit<ViewRequest, 'metric' | 'timeZone'>): {
  periods: Periods;
  rangeError: string | null;
} {
  const rangeError =
    request.range === 'custom' ? customRangeError(request.custom, request.today) : null;
  return { periods: periodsFor(request.range, request.today, request.custom), rangeError };
}

/** The view of data read from the device: the user's own numbers, or the sample without them. */
export function viewOf(
  request: ViewRequest,
  periods: Periods,
  rangeError: string | null,
  data: AnalyticsData,
): AnalyticsView {
  if (!hasOwnNumbers(data)) {
    // Still the user's account notes (a LinkedIn member's "shares no post numbers", say).
    return {
      ...sampleAnalytics(request.range, request.metric, request.today, request.custom),
      accounts: accountStatusesOf(data.accounts),
      rangeError,
    };
  }
  return buildAnalyticsView({
    range: request.range,
    metric: request.metric,
    periods,
    timeZone: request.timeZone,
    data,
    rangeError,
  });
}

/** The page's view, read once from the device (tests, the export of a page not open). */
export async function readAnalyticsView(
  db: AppDb,
  userId: string,
  request: ViewRequest,
): Promise<AnalyticsView> {
  const { periods, rangeError } = resolvePeriods(request);
  const data = await loadAnalyticsData(db, userId, periods, request.timeZone);
  return viewOf(request, periods, rangeError, data);
}

function useToday(timeZone: string): string {
  const [today, setToday] = useState(() => todayIn(new Date(), timeZone));
  useEffect(() => {
    const check = () => setToday(todayIn(new Date(), timeZone));
    check();
    // A page left open over midnight moves on to the new day.
    const timer = setInterval(check, 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return today;
}

/**
 * The analytics page's numbers for the signed-in user, read live from the device: a pull that
 * brings new numbers shows at once, online or offline alike.
 */
export function useAnalytics(range: RangeKey, metric: MetricKey, custom?: Period): AnalyticsView {
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const timeZone = useTimeZone();
  const today = useToday(timeZone);
  const customFrom = custom?.from;
  const customTo = custom?.to;
  const resolved = useMemo(
    () =>
      resolvePeriods({
        range,
        today,
        custom:
          customFrom !== undefined && customTo !== undefined
            ? { from: customFrom, to: customTo }
            : undefined,
      }),
    [range, today, customFrom, customTo],
  );
  const key = `${userId}|${timeZone}|${resolved.periods.previous.from}|${resolved.periods.current.to}`;
  const [loaded, setLoaded] = useState<{ key: string; data: AnalyticsData } | null>(null);

  useEffect(() => {
    if (!userId) return;
    const failed = (error: unknown) =>
      console.error('Analytics could not be read:', error instanceof Error ? error.message : error);
    let live = true;
    let stop = () => {};
    // Dexie comes with the first read, not with the page, which paints its frame meanwhile.
    Promise.all([import('dexie'), appDb()]).then(([{ liveQuery }, db]) => {
      if (!live) return;
      const subscription = liveQuery(() =>
        loadAnalyticsData(db, userId, resolved.periods, timeZone),
      ).subscribe({
        // Rendered in a transition, in slices: otherwise the figures, charts and tables of the
        // whole period render at once, in one task, as the read comes in.
        next: (data) => startTransition(() => setLoaded({ key, data })),
        error: failed,
      });
      stop = () => subscription.unsubscribe();
    }, failed);
    return () => {
      live = false;
      stop();
    };
  }, [key, userId, timeZone, resolved.periods]);

  return useMemo(() => {
    const request = { range, metric, today, timeZone, custom };
    if (!loaded || loaded.key !== key)
      return { ...loadingView(range, metric, today, custom), rangeError: resolved.rangeError };
    return viewOf(request, resolved.periods, resolved.rangeError, loaded.data);
    // custom is read through customFrom/customTo
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, key, range, metric, today, timeZone, customFrom, customTo, resolved]);
}
