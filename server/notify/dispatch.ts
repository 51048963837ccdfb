import type { Queryable } from '../db.ts';
import { notifyUser, type NotifyContext } from './notify-user.ts';

interface PendingNotice {
  id: string;
  user_id: string;
  title: string;
  body: string;
  url: string | null;
}

export interface DispatchResult {
  delivered: number;
}

const BATCH = 100;

/**
 * Delivers each new user_notifications row (written by the publisher's SQL) by email and Web Push
 * through notifyUser, at most once: public.claim_notice_deliveries records the delivery before
 * sending, so a crash mid-send loses that notice's email rather than sending it twice. The bell in
 * the app shows the notice either way.
 */
export async function dispatchNotices(
  ctx: NotifyContext & { db: Queryable },
  limit = BATCH,
): Promise<DispatchResult> {
  // The claim records the delivery first (skip locked), so two dispatchers never take one notice.
  const { rows } = await ctx.db.query<{ claimed: PendingNotice[] | null }>(
    'select public.claim_notice_deliveries($1) as claimed',
    [limit],
  );
  let delivered = 0;
  for (const notice of rows[0]?.claimed ?? []) {
    let result: unknown;
    try {
      result = await notifyUser(ctx, notice.user_id, {
        title: notice.title,
        body: notice.body,
        url: notice.url ?? undefined,
      });
      delivered++;
    } catch (e) {
      // The message names what failed, never the notice's text.
      console.error(`delivering notice ${notice.id} failed: ${(e as Error).message}`);
      result = { error: 'delivery failed' };
    }
    await ctx.db.query('select public.record_notice_delivery($1, $2::jsonb)', [
      notice.id,
      JSON.stringify(result),
    ]);
  }
  return { delivered };
}
