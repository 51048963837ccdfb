import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '../../lib/supabase';

/** What a target action came to: done, not tried for want of a connection, or refused. */
export type TargetActionOutcome =
  { kind: 'done' } | { kind: 'offline' } | { kind: 'failed'; message: string };

export const OFFLINE_ACTION_MESSAGE =
  'Retry, Publish again and Mark as posted need a connection. Try again once you are online.';

const FAILED_MESSAGE = 'Something went wrong. Please try again.';

function isNetworkFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // postgrest-js answers a failed fetch with the TypeError's text and an empty code.
  return (code === '' || code === undefined) && typeof message === 'string'
    ? /fetch|network/i.test(message)
    : false;
}

// The SQL's refusals (22023 a state that does not allow it, P0002 not found) are written for the
// user; anything else is not.
function refusalMessage(error: { code?: string; message?: string }): string {
  return (error.code === '22023' || error.code === 'P0002') && error.message
    ? error.message
    : FAILED_MESSAGE;
}

async function callTargetRpc(
  fn: 'publish_target_again' | 'mark_target_posted',
  args: Record<string, unknown>,
  client?: SupabaseClient,
): Promise<TargetActionOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  try {
    const supabase = client ?? (await getSupabase());
    const { error } = await supabase.rpc(fn, args);
    if (!error) return { kind: 'done' };
    if (isNetworkFailure(error)) return { kind: 'offline' };
    return { kind: 'failed', message: refusalMessage(error) };
  } catch (error) {
    return isNetworkFailure(error)
      ? { kind: 'offline' }
      : { kind: 'failed', message: FAILED_MESSAGE };
  }
}

/** Retry (failed) or Publish again (needs attention): the server queues the target at once. */
export function publishTargetAgain(targetId: string, client?: SupabaseClient) {
  return callTargetRpc('publish_target_again', { p_target: targetId }, client);
}

/** The user posted it themselves (a reminder, or a post they found on their page). */
export function markTargetPosted(
  targetId: string,
  permalink: string | null,
  client?: SupabaseClient,
) {
  return callTargetRpc(
    'mark_target_posted',
    permalink ? { p_target: targetId, p_permalink: permalink } : { p_target: targetId },
    client,
  );
}
