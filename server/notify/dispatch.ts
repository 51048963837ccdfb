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
 * through notifyUser, at most once: the delivery row is inserted before sending, so a crash
 * mid-send loses that notice's email rather than sending it twice. The bell in the app shows the
 * notice either way.
 */
export async function dispatchNotices(
  ctx: NotifyContext & { db: Queryable },
  limit = BATCH,
): Promise<DispatchResult> {
  const { rows } = await ctx.db.query<PendingNotice>(
    `select n.id::text as id, n.user_id::text as user_id, n.title, n.body, n.url
       from public.user_notifications n
      where not exists (
              select 1 from private.notification_deliveries d where d.notification_id = n.id)
      order by n.created_at, n.id
      limit $1`,
    [limit],
  );
  let delivered = 0;
  for (const notice of rows) {
    const claimed = await ctx.db.query<{ notification_id: string }>(
      `insert into private.notification_deliveries (notification_id) values ($1)
       on conflict (notification_id) do nothing returning notification_id`,
      [notice.id],
    );
    if (claimed.rows.length === 0) continue; // another server delivered it
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
    await ctx.db.query(
      `update private.notification_deliveries set delivered_at = now(), result = $2::jsonb
        where notification_id = $1`,
      [notice.id, JSON.stringify(result)],
    );
  }
  return { delivered };
}
