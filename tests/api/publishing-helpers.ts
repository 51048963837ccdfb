import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from './harness.ts';
import { push, type Result } from './sync-helpers.ts';

// Scheduled posts, accounts and the publisher's RPCs as the publishing API tests use them.

export interface Target {
  id: string;
  user_id: string;
  post_id: string;
  platform: string;
  account_id: string | null;
  account_name: string | null;
  kind: 'auto' | 'manual';
  status: string;
  due_at: string;
  next_attempt_at: string | null;
  attempt_id: string | null;
  claimed_at: string | null;
  attempts: number;
  outcome_unknown: boolean;
  resend_confirmed: boolean;
  remote_id: string | null;
  permalink: string | null;
  error_code: string | null;
  error_message: string | null;
  published_at: string | null;
  version: number;
}

export interface Claimed {
  id: string;
  attempt_id: string;
  user_id: string;
  post_id: string;
  platform: string;
  account_id: string | null;
  platform_account_id: string | null;
  account_name: string | null;
  content: string;
  attempts: number;
  outcome_unknown: boolean;
  resend_confirmed: boolean;
  claimed_at: string;
  due_at: string;
}

export const LOCKED = 'Publishing has started, so this post can no longer be changed.';

/** An ISO time `minutes` from now. */
export function inMinutes(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

export function postUpsert(id: string, data: Record<string, unknown>) {
  return {
    mutation_id: randomUUID(),
    entity: 'scheduled_posts',
    op: 'upsert',
    id,
    base_version: null,
    data,
  };
}

export function postDelete(id: string) {
  return {
    mutation_id: randomUUID(),
    entity: 'scheduled_posts',
    op: 'delete',
    id,
    base_version: null,
    data: null,
  };
}

/** The data of a post scheduled an hour from now on Facebook, with `extra` on top. */
export function postData(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    content: 'Spring sale starts today',
    platforms: ['facebook'],
    account_ids: [],
    scheduled_for: inMinutes(60),
    publish_mode: 'schedule',
    time_rule: null,
    draft_id: null,
    ...extra,
  };
}

/** Schedules a post through sync_push; returns its id and the push result. */
export async function schedule(
  client: SupabaseClient,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; result: Result }> {
  const id = randomUUID();
  const [result] = await push(client, [postUpsert(id, postData(extra))]);
  if (!result || result.status !== 'applied')
    throw new Error(`schedule: ${JSON.stringify(result)}`);
  return { id, result };
}

/** A connected account of `userId`, written past RLS as the connect functions do. */
export async function addAccount(
  server: TestServer,
  userId: string,
  platform: 'facebook' | 'linkedin' | 'instagram' | 'twitter',
  name: string,
): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.social_media_accounts (user_id, platform, platform_account_id, account_name)
     values ($1, $2, $3, $4) returning id`,
    [userId, platform, `pa-${randomUUID()}`, name],
  );
  return rows[0]!.id;
}

export async function targetsOf(server: TestServer, postId: string): Promise<Target[]> {
  const { rows } = await server.db.query<Target>(
    `select * from public.publish_targets where post_id = $1 order by platform, account_name, id`,
    [postId],
  );
  return rows;
}

export async function postRow(server: TestServer, postId: string) {
  const { rows } = await server.db.query<Record<string, unknown>>(
    'select * from public.scheduled_posts where id = $1',
    [postId],
  );
  return rows[0];
}

export async function noticesOf(server: TestServer, userId: string) {
  const { rows } = await server.db.query<Record<string, unknown>>(
    'select * from public.user_notifications where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

/** Makes a post's scheduled targets due now (as if the clock had reached them). */
export async function makeDue(server: TestServer, postId: string, minutesAgo = 1): Promise<void> {
  await server.db.query(
    `update public.publish_targets set due_at = now() - make_interval(mins => $2)
      where post_id = $1 and status = 'scheduled'`,
    [postId, minutesAgo],
  );
}

export async function claim(
  service: SupabaseClient,
  attempt: string = randomUUID(),
  limit = 500,
  stuckSeconds = 300,
): Promise<Claimed[]> {
  const { data, error } = await service.rpc('publisher_claim', {
    p_attempt: attempt,
    p_limit: limit,
    p_stuck_seconds: stuckSeconds,
  });
  if (error) throw new Error(`publisher_claim: ${error.code} ${error.message}`);
  return data as Claimed[];
}

export async function finish(
  service: SupabaseClient,
  target: string,
  attempt: string,
  outcome: Record<string, unknown>,
): Promise<boolean> {
  const { data, error } = await service.rpc('publisher_finish', {
    p_target: target,
    p_attempt: attempt,
    p_outcome: outcome,
  });
  if (error) throw new Error(`publisher_finish: ${error.code} ${error.message}`);
  return data as boolean;
}
