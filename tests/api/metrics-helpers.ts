import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Db } from '../../server/db.ts';
import type { Keys } from '../../server/keys.ts';
import { storeAccountTokens } from '../../supabase/functions/_shared/tokens.ts';
import { graphTime } from '../support/fake-social/facebook.ts';
import type { FakeSocial } from '../support/fake-social';

// Connected accounts and published posts as the metrics collector finds them, written past RLS the
// way the connect functions and the publisher write them (used by the API test and the benchmark).

export interface MetricsServer {
  url: string;
  db: Db;
  keys: Keys;
}

/** The environment a collector run reads: this server, its keys, the fake platforms. */
export function collectorEnv(
  server: MetricsServer,
  fake: FakeSocial,
  overrides: Record<string, string> = {},
) {
  const values: Record<string, string> = {
    SUPABASE_URL: server.url,
    SUPABASE_SERVICE_ROLE_KEY: server.keys.serviceRoleKey,
    SOCIAL_SECRETS_KEY: server.keys.socialSecretsKey,
    ...fake.env,
    ...overrides,
  };
  return (name: string) => values[name];
}

/** A connected account of `userId` for one of the fake's pages (or a LinkedIn member). */
export async function connectAccount(
  server: MetricsServer,
  admin: SupabaseClient,
  fake: FakeSocial,
  userId: string,
  opts: { platform: 'facebook' | 'linkedin'; remoteId: string; name: string; token: string },
): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.social_media_accounts (user_id, platform, platform_account_id, account_name)
     values ($1, $2, $3, $4) returning id`,
    [userId, opts.platform, opts.remoteId, opts.name],
  );
  const id = rows[0]!.id;
  await storeAccountTokens(admin, collectorEnv(server, fake), {
    accountId: id,
    userId,
    accessToken: opts.token,
    scopes: [],
  });
  return id;
}

/** A new fake Page with a live token: its id and token. */
export function addFakePage(fake: FakeSocial, name: string): { id: string; token: string } {
  const pages = fake.facebook.setPages([
    ...fake.facebook.pages.map((p) => ({ ...p })),
    { name, id: String(103000000000000 + fake.facebook.pages.length + 1) },
  ]);
  const page = pages[pages.length - 1]!;
  return { id: page.id, token: page.access_token! };
}

let postNumber = 500_000;

/**
 * A post published `daysAgo` days ago on the account: the fake holds it (as if `POST /feed` had
 * made it) and its publish target is `published` with the remote id. Answers the target id.
 */
export async function publishedPost(
  server: MetricsServer,
  fake: FakeSocial,
  userId: string,
  account: { id: string; platform: 'facebook' | 'linkedin'; remoteId: string },
  daysAgo: number,
): Promise<{ targetId: string; remoteId: string; postId: string }> {
  const at = Date.now() - daysAgo * 86_400_000;
  const remoteId =
    account.platform === 'facebook'
      ? `${account.remoteId}_${postNumber++}`
      : `urn:li:share:${7_100_000_000_000_000_000n + BigInt(postNumber++)}`;
  const permalink =
    account.platform === 'facebook'
      ? `https://www.facebook.com/${account.remoteId}/posts/${remoteId.split('_')[1]}`
      : `https://www.linkedin.com/feed/update/${remoteId}`;
  if (account.platform === 'facebook') {
    fake.facebook.posts.push({
      id: remoteId,
      pageId: account.remoteId,
      message: `Post ${remoteId}`,
      created_time: graphTime(at),
      permalink_url: permalink,
    });
  }
  const postId = randomUUID();
  const targetId = randomUUID();
  await server.db.transaction(async (tx) => {
    await tx.query(
      `insert into public.scheduled_posts
         (id, user_id, content, platforms, account_ids, scheduled_for, publish_mode, status)
       values ($1, $2, $3, array[$4], array[$5::uuid], $6, 'schedule', 'published')`,
      [
        postId,
        userId,
        `Post ${remoteId}`,
        account.platform,
        account.id,
        new Date(at).toISOString(),
      ],
    );
    await tx.query(`delete from public.publish_targets where post_id = $1`, [postId]);
    await tx.query(
      `insert into public.publish_targets
         (id, user_id, post_id, platform, account_id, account_name, kind, status, due_at,
          remote_id, permalink, published_at)
       values ($1, $2, $3, $4, $5, 'Account', 'auto', 'published', $6, $7, $8, $6)`,
      [
        targetId,
        userId,
        postId,
        account.platform,
        account.id,
        new Date(at).toISOString(),
        remoteId,
        permalink,
      ],
    );
  });
  return { targetId, remoteId, postId };
}
