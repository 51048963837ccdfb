import type { SupabaseClient } from '@supabase/supabase-js';
import type { OutboxOp } from '../db';
import type { SyncFailure } from './classify';
import type { ServerRow } from './entities';

export interface PushMutation {
  mutation_id: string;
  entity: string;
  op: OutboxOp;
  id: string;
  base_version: number | null;
  data: Record<string, unknown> | null;
}

export interface PushResult {
  mutation_id: string;
  status: 'applied' | 'duplicate' | 'conflict' | 'rejected';
  /** For a duplicate: what the first delivery of the mutation did. */
  outcome?: 'applied' | 'conflict';
  version?: number | null;
  row?: ServerRow | null;
  copy?: ServerRow | null;
  error?: { code?: string; message?: string };
}

/**
 * Opaque to the client: per entity the last settled row seen ({txid, id}), and `db`, the database
 * the cursor belongs to.
 */
export type PullCursor = Record<string, unknown>;

export interface PullPage {
  changes: Record<string, ServerRow[]>;
  cursor: PullCursor;
  more: boolean;
  /** The cursor was not usable here (another database, older than the retention): from scratch. */
  reset?: boolean;
}

/** What the sync engine needs from the network; tests wrap it to inject faults. */
export interface SyncTransport {
  push(mutations: PushMutation[]): Promise<PushResult[]>;
  pull(cursor: PullCursor, entities: string[], maxRows: number): Promise<PullPage>;
  fetchRows(entity: string, ids: string[]): Promise<ServerRow[]>;
  /** Gets a fresh access token; false when the session cannot be renewed now. */
  refreshSession(): Promise<boolean>;
}

export class SyncTransportError extends Error implements SyncFailure {
  readonly status: number;
  readonly code: string;

  constructor(failure: SyncFailure) {
    super(failure.message);
    this.name = 'SyncTransportError';
    this.status = failure.status;
    this.code = failure.code;
  }
}

/** Any thrown value as a failure the engine can classify; unknown errors count as network ones. */
export function toSyncFailure(error: unknown): SyncFailure {
  if (error instanceof SyncTransportError)
    return { status: error.status, code: error.code, message: error.message };
  return { status: 0, code: '', message: error instanceof Error ? error.message : String(error) };
}

interface PostgrestAnswer<T> {
  data: T | null;
  error: { code?: string; message?: string } | null;
  status: number;
}

function unwrap<T>(answer: PostgrestAnswer<T>): T {
  if (answer.error) {
    throw new SyncTransportError({
      status: answer.status,
      code: answer.error.code ?? '',
      message: answer.error.message ?? 'Request failed',
    });
  }
  if (answer.data === null)
    throw new SyncTransportError({ status: answer.status, code: '', message: 'Empty answer' });
  return answer.data;
}

/**
 * The real transport: public.sync_push / public.sync_pull through supabase-js. Every call first
 * checks that the client's session is `userId`'s, so one user's outbox never goes out under
 * another user's session.
 */
export function createSupabaseTransport(client: SupabaseClient, userId: string): SyncTransport {
  const assertSession = async () => {
    const { data } = await client.auth.getSession();
    if (data.session?.user.id !== userId) {
      throw new SyncTransportError({
        status: 401,
        code: 'session_mismatch',
        message: 'No session for this user',
      });
    }
  };
  return {
    async push(mutations) {
      await assertSession();
      const results = unwrap(await client.rpc('sync_push', { mutations }));
      if (!Array.isArray(results))
        throw new SyncTransportError({ status: 0, code: '', message: 'Malformed push answer' });
      return results as PushResult[];
    },
    async pull(cursor, entities, maxRows) {
      await assertSession();
      return unwrap(
        await client.rpc('sync_pull', { since: cursor, entities, max_rows: maxRows }),
      ) as PullPage;
    },
    async fetchRows(entity, ids) {
      await assertSession();
      if (ids.length === 0) return [];
      return unwrap(await client.from(entity).select('*').in('id', ids)) as ServerRow[];
    },
    async refreshSession() {
      try {
        const { data, error } = await client.auth.refreshSession();
        return !error && data.session?.user.id === userId;
      } catch {
        return false;
      }
    },
  };
}
