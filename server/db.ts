import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export interface QueryResult<T> {
  rows: T[];
  /** Rows touched by INSERT/UPDATE/DELETE, rows returned by SELECT. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2, …). Never splice values into `sql`. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Tx extends Queryable {
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  /** The PGlite instance (PGlite only): the data API pipelines its per-request statements on it. */
  readonly pglite?: import('@electric-sql/pglite').PGlite;
  /** Runs `fn` in one transaction (BEGIN … COMMIT, ROLLBACK when it throws). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Postgres errors as both engines raise them: SQLSTATE in `code`. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

/** No pooled PostgreSQL connection came free within the pool's acquisition timeout. */
export class PoolTimeoutError extends Error {
  constructor(readonly waitedMs: number) {
    super(`timed out after ${waitedMs} ms waiting for a database connection`);
  }
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}

export async function openPglite(dataDir: string | null): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  let pg;
  if (dataDir) {
    const dir = path.join(dataDir, 'pgdata');
    await mkdir(dir, { recursive: true });
    pg = await PGlite.create(dir);
  } else {
    pg = await PGlite.create();
  }
  type Raw = {
    query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;
    exec: (sql: string) => Promise<unknown>;
  };
  const wrap = (q: Raw): Tx => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.affectedRows || r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    pglite: pg,
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

export interface PoolOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /** How long a transaction waits for a free connection before PoolTimeoutError (default 10 s). */
  acquireTimeoutMs?: number;
}

export async function openPostgres(
  connectionString: string,
  { max = 10, acquireTimeoutMs = 10_000 }: PoolOptions = {},
): Promise<Db> {
  const { default: pg } = await import('pg');
  // Keep int8 and numeric as JS numbers like PGlite does for the sizes this app stores.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: acquireTimeoutMs });
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  const wrap = (c: {
    query: (
      sql: string,
      params?: unknown[],
    ) => Promise<{ rows: unknown[]; rowCount: number | null }>;
  }): Tx => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await c.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      await c.query(sql);
    },
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      let client;
      try {
        client = await pool.connect();
      } catch (e) {
        // pg-pool reports a wait that ran out as a plain Error with this text.
        if (e instanceof Error && /timeout exceeded when trying to connect/i.test(e.message))
          throw new PoolTimeoutError(acquireTimeoutMs);
        throw e;
      }
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
