import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Tx } from '../../server/db.ts';
import type { TestServer } from './harness.ts';

// The post_drafts mutations and the two sync calls, through supabase-js, as the sync tests use them.

export interface Result {
  mutation_id: string;
  status: string;
  outcome?: string;
  version?: number | null;
  row?: Record<string, unknown> | null;
  copy?: Record<string, unknown> | null;
  error?: { code: string; message: string };
}

export interface Pull {
  changes: Record<string, Record<string, unknown>[]>;
  cursor: Record<string, unknown>;
  more: boolean;
  reset: boolean;
}

export function upsert(
  id: string,
  base: number | null,
  content: string,
  extra: Record<string, unknown> = {},
) {
  return {
    mutation_id: randomUUID(),
    entity: 'post_drafts',
    op: 'upsert',
    id,
    base_version: base,
    data: { content, platforms: ['facebook'], post_type: 'text', ...extra },
  };
}

export function del(id: string, base: number | null) {
  return {
    mutation_id: randomUUID(),
    entity: 'post_drafts',
    op: 'delete',
    id,
    base_version: base,
    data: null,
  };
}

export async function push(client: SupabaseClient, mutations: unknown[]): Promise<Result[]> {
  const { data, error } = await client.rpc('sync_push', { mutations });
  if (error) throw new Error(`sync_push: ${error.code} ${error.message}`);
  return data as Result[];
}

export async function pull(
  client: SupabaseClient,
  since: unknown = {},
  maxRows = 500,
): Promise<Pull> {
  const { data, error } = await client.rpc('sync_pull', {
    since,
    entities: ['post_drafts'],
    max_rows: maxRows,
  });
  if (error) throw new Error(`sync_pull: ${error.code} ${error.message}`);
  return data as Pull;
}

/** A pull of any registered entities (pull() above asks for post_drafts only). */
export async function pullEntities(
  client: SupabaseClient,
  entities: string[],
  since: unknown = {},
  maxRows = 500,
): Promise<Pull> {
  const { data, error } = await client.rpc('sync_pull', { since, entities, max_rows: maxRows });
  if (error) throw new Error(`sync_pull: ${error.code} ${error.message}`);
  return data as Pull;
}

/**
 * Runs `work` in a transaction of the test's own connection and leaves that transaction open, so
 * that the requests a test sends next meet it uncommitted. Resolves once `work` has run, with a
 * function that commits the transaction and resolves once it has ended.
 */
export async function holdOpenTransaction(
  server: TestServer,
  work: (tx: Tx) => Promise<unknown>,
): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const begun = new Promise<void>((resolve) => (started = resolve));
  const open = server.db.transaction(async (tx) => {
    await work(tx);
    started();
    await held;
  });
  await begun;
  return async () => {
    release();
    await open;
  };
}

/**
 * Pushes `mutations` as `userId` in a transaction left open, so another push can run while this
 * one is not yet committed (PostgreSQL only: PGlite has one connection).
 */
export function pushInOpenTransaction(
  server: TestServer,
  userId: string,
  mutations: unknown[],
): Promise<() => Promise<void>> {
  return holdOpenTransaction(server, async (tx) => {
    await tx.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: userId, role: 'authenticated' })],
    );
    await tx.query(`select public.sync_push($1::jsonb)`, [JSON.stringify(mutations)]);
  });
}
