import type { ServerRow } from '../lib/sync/entities';
import {
  SyncTransportError,
  type PullCursor,
  type PullPage,
  type PushMutation,
  type PushResult,
  type SyncTransport,
} from '../lib/sync/transport';

const WRITABLE = [
  'content',
  'platforms',
  'post_type',
  'ai_prompt',
  'ai_provider',
  'status',
  'scheduled_for',
];

interface Logged {
  outcome: 'applied' | 'conflict';
  version: number | null;
  copyId: string | null;
  entityId: string;
}

/**
 * The rules of public.sync_push / public.sync_pull for post_drafts, in memory, for unit tests of
 * the engine. The SQL itself is tested against the real server in tests/api.
 */
export class MemorySyncServer {
  readonly rows = new Map<string, ServerRow & { txid: number }>();
  readonly log = new Map<string, Logged>();
  readonly pushes: PushMutation[][] = [];
  private txid = 0;

  private write(row: ServerRow): ServerRow {
    const stored = {
      ...row,
      txid: ++this.txid,
      updated_at: new Date(1_700_000_000_000 + this.txid).toISOString(),
    };
    this.rows.set(row.id, stored);
    return this.view(stored)!;
  }

  private view(row: (ServerRow & { txid?: number }) | undefined): ServerRow | null {
    if (!row) return null;
    const { txid: _txid, ...rest } = row;
    return rest as ServerRow;
  }

  apply(userId: string, m: PushMutation): PushResult {
    const logged = this.log.get(m.mutation_id);
    if (logged) {
      return {
        mutation_id: m.mutation_id,
        status: 'duplicate',
        outcome: logged.outcome,
        version: logged.version,
        row: this.view(this.rows.get(logged.entityId)),
        copy: logged.copyId ? this.view(this.rows.get(logged.copyId)) : null,
      };
    }
    const cur = this.rows.get(m.id);
    if (cur && cur.user_id !== userId) {
      return {
        mutation_id: m.mutation_id,
        status: 'rejected',
        error: { code: '23505', message: 'duplicate key' },
      };
    }
    const data = m.data ?? {};
    if (Array.isArray(data.platforms) && (data.platforms as string[]).includes('myspace')) {
      return {
        mutation_id: m.mutation_id,
        status: 'rejected',
        error: { code: '23514', message: 'check violation' },
      };
    }
    const pick = (base: Record<string, unknown>) => {
      const out: Record<string, unknown> = { ...base };
      for (const k of WRITABLE) if (k in data) out[k] = data[k];
      return out;
    };
    if (!cur) {
      if (m.op === 'delete') {
        this.log.set(m.mutation_id, {
          outcome: 'applied',
          version: null,
          copyId: null,
          entityId: m.id,
        });
        return { mutation_id: m.mutation_id, status: 'applied', version: null, row: null };
      }
      if (m.base_version !== null) {
        return {
          mutation_id: m.mutation_id,
          status: 'rejected',
          error: { code: 'P0002', message: 'no row' },
        };
      }
      const row = this.write({
        ...pick({
          content: '',
          platforms: [],
          post_type: 'text',
          ai_prompt: null,
          ai_provider: null,
          status: 'draft',
          scheduled_for: null,
        }),
        id: m.id,
        user_id: userId,
        version: 1,
        conflict_of: null,
        created_at: (data.created_at as string | undefined) ?? new Date().toISOString(),
        deleted_at: null,
        last_mutation_id: m.mutation_id,
      } as ServerRow);
      this.log.set(m.mutation_id, { outcome: 'applied', version: 1, copyId: null, entityId: m.id });
      return { mutation_id: m.mutation_id, status: 'applied', version: 1, row };
    }
    if (m.base_version !== null && cur.version === m.base_version) {
      const next =
        m.op === 'delete'
          ? { ...cur, deleted_at: cur.deleted_at ?? new Date().toISOString() }
          : { ...pick(cur), deleted_at: null };
      const row = this.write({
        ...next,
        version: cur.version + 1,
        last_mutation_id: m.mutation_id,
      } as ServerRow);
      this.log.set(m.mutation_id, {
        outcome: 'applied',
        version: row.version,
        copyId: null,
        entityId: m.id,
      });
      return { mutation_id: m.mutation_id, status: 'applied', version: row.version, row };
    }
    let copy: ServerRow | null = null;
    if (m.op === 'upsert') {
      copy = this.write({
        ...pick(cur),
        id: m.mutation_id,
        user_id: userId,
        version: 1,
        status: 'draft',
        conflict_of: (cur.conflict_of as string | null) ?? m.id,
        created_at: new Date().toISOString(),
        deleted_at: null,
        last_mutation_id: m.mutation_id,
      } as ServerRow);
    }
    this.log.set(m.mutation_id, {
      outcome: 'conflict',
      version: cur.version,
      copyId: copy?.id ?? null,
      entityId: m.id,
    });
    return {
      mutation_id: m.mutation_id,
      status: 'conflict',
      version: cur.version,
      row: this.view(cur),
      copy,
    };
  }

  /** The database's identity in cursors: a cursor from another one starts over (`reset`). */
  dbId = 'memory-1';

  pull(userId: string, since: PullCursor, maxRows: number): PullPage {
    const { db, ...given } = since;
    const reset = Object.keys(given).length > 0 && db !== this.dbId;
    const cursor: PullCursor = reset ? {} : given;
    const after = cursor.post_drafts as { txid: string; id: string } | undefined;
    const rows = [...this.rows.values()]
      .filter((r) => r.user_id === userId)
      .filter(
        (r) =>
          !after ||
          r.txid > Number(after.txid) ||
          (r.txid === Number(after.txid) && r.id > after.id),
      )
      .sort((a, b) => a.txid - b.txid || (a.id < b.id ? -1 : 1));
    const page = rows.slice(0, maxRows);
    const last = page.at(-1);
    return {
      changes: { post_drafts: page.map((r) => this.view(r)!) },
      cursor: {
        ...cursor,
        ...(last ? { post_drafts: { txid: String(last.txid), id: last.id } } : {}),
        db: this.dbId,
      },
      more: rows.length > maxRows,
      reset,
    };
  }

  /** A transport for one user; `fault` may throw before or after the server acts. */
  transport(userId: string, hooks: TransportHooks = {}): SyncTransport {
    return {
      push: async (mutations) => {
        await hooks.beforePush?.(mutations);
        this.pushes.push(mutations);
        const results = mutations.map((m) => this.apply(userId, m));
        await hooks.afterPush?.(mutations);
        return results;
      },
      pull: async (cursor, _entities, maxRows) => {
        await hooks.beforePull?.();
        return this.pull(userId, cursor, maxRows);
      },
      fetchRows: async (_entity, ids) => {
        await hooks.beforePull?.();
        return ids
          .map((id) => this.view(this.rows.get(id)))
          .filter((r): r is ServerRow => r !== null && r.user_id === userId);
      },
      refreshSession: async () => (hooks.refreshSession ? hooks.refreshSession() : true),
    };
  }
}

export interface TransportHooks {
  beforePush?: (mutations: PushMutation[]) => void | Promise<void>;
  afterPush?: (mutations: PushMutation[]) => void | Promise<void>;
  beforePull?: () => void | Promise<void>;
  refreshSession?: () => boolean | Promise<boolean>;
}

export const networkDown = () =>
  new SyncTransportError({ status: 0, code: '', message: 'TypeError: fetch failed' });
export const serverError = () =>
  new SyncTransportError({ status: 500, code: '', message: 'Internal Server Error' });
