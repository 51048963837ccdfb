import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { getSupabase } from '../../lib/supabase';
import { selectCurrentUser } from '../auth';
import { readAccounts } from '../social';
import { pullRequested, selectSyncOnline } from '../sync';

export const REFRESH_TEXTS = {
  offline: 'You are offline: numbers can be collected once you are back online.',
  noAccounts: 'Connect an account to collect its numbers.',
  accountsUnreadable: 'Your connected accounts could not be read. Try again in a moment.',
  tooSoon: 'Numbers were collected less than a minute ago. Try again in a moment.',
  unreachable: 'The server could not be reached to collect numbers. Try again in a moment.',
  failed: (reason: string) => `Numbers could not be collected: ${reason}`,
  failedPlain: 'Numbers could not be collected. Try again in a moment.',
} as const;

/** What supabase.functions.invoke answers (the part this needs). */
export type InvokeCollector = (accountId: string) => Promise<{ error: unknown }>;

/** The user-facing sentence for a failed call of the collector. */
export async function refreshErrorText(error: unknown): Promise<string> {
  const context = (error as { context?: unknown } | null)?.context;
  const response =
    context && typeof (context as Response).status === 'number' ? (context as Response) : null;
  if (!response) return REFRESH_TEXTS.unreachable;
  let reason: string | null = null;
  try {
    const body = (await response.clone().json()) as { error?: unknown } | null;
    if (typeof body?.error === 'string' && body.error.trim()) reason = body.error.trim();
  } catch {
    // not JSON: the status says enough
  }
  if (response.status === 429) return reason ?? REFRESH_TEXTS.tooSoon;
  return reason ? REFRESH_TEXTS.failed(reason) : REFRESH_TEXTS.failedPlain;
}

/**
 * Asks the collector for each account in turn (one at a time: the platforms count calls per app),
 * reporting progress; goes on past a failed account and answers the first error, or null.
 */
export async function collectAccounts(
  accountIds: readonly string[],
  invoke: InvokeCollector,
  onProgress: (done: number, total: number) => void,
): Promise<string | null> {
  let firstError: string | null = null;
  onProgress(0, accountIds.length);
  for (const [i, accountId] of accountIds.entries()) {
    let error: unknown = null;
    try {
      ({ error } = await invoke(accountId));
    } catch (thrown) {
      error = thrown;
    }
    if (error && firstError === null) firstError = await refreshErrorText(error);
    onProgress(i + 1, accountIds.length);
  }
  return firstError;
}

/**
 * Refresh: collects the numbers of every connected account of the user now, then pulls them.
 * Offline there is nothing to collect (`canRefresh` false).
 */
export function useRefreshMetrics(): {
  refresh(): Promise<void>;
  running: boolean;
  progress: { done: number; total: number } | null;
  error: string | null;
  canRefresh: boolean;
  clearError(): void;
} {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const online = useAppSelector(selectSyncOnline);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const refresh = useCallback(async () => {
    if (busy.current || !userId) return;
    if (!online) {
      setError(REFRESH_TEXTS.offline);
      return;
    }
    busy.current = true;
    setRunning(true);
    setError(null);
    try {
      const accounts = await readAccounts(userId);
      if (!accounts) {
        setError(REFRESH_TEXTS.accountsUnreadable);
        return;
      }
      const ids = [...accounts.facebook, ...accounts.linkedin].map((a) => a.id);
      if (ids.length === 0) {
        setError(REFRESH_TEXTS.noAccounts);
        return;
      }
      const supabase = await getSupabase();
      const failed = await collectAccounts(
        ids,
        (accountId) =>
          supabase.functions.invoke('metrics-collector', { body: { account_id: accountId } }),
        (done, total) => setProgress({ done, total }),
      );
      if (failed) setError(failed);
      // Whatever was collected comes down with the next pull.
      dispatch(pullRequested());
    } catch (thrown) {
      setError(
        thrown instanceof Error && thrown.message
          ? REFRESH_TEXTS.failed(thrown.message)
          : REFRESH_TEXTS.failedPlain,
      );
    } finally {
      busy.current = false;
      setRunning(false);
      setProgress(null);
    }
  }, [dispatch, online, userId]);

  return {
    refresh,
    running,
    progress,
    error,
    canRefresh: online && userId !== null && !running,
    clearError: () => setError(null),
  };
}
