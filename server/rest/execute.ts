import { protocol, type PGlite } from '@electric-sql/pglite';
import type { Db } from '../db.ts';
import type { Statement } from './build-sql.ts';

export type Value = string | number | boolean | null;

export interface StatementResult {
  rows: Record<string, Value>[];
  rowCount: number;
}

/**
 * Runs one request: a transaction with the settings statement (role, claims…) and then the
 * request's statement. `check` sees the result before COMMIT and may throw to roll back.
 */
export interface RequestExecutor {
  run(
    settings: Statement,
    main: Statement,
    check?: (r: StatementResult) => void,
  ): Promise<StatementResult>;
}

/** BEGIN, two statements and COMMIT as four round trips; what PostgreSQL (a pool) gets. */
function transactionExecutor(db: Db): RequestExecutor {
  return {
    run: (settings, main, check) =>
      db.transaction(async (tx) => {
        await tx.query(settings.sql, settings.params);
        const r = await tx.query<Record<string, Value>>(main.sql, main.params);
        const result = { rows: r.rows, rowCount: r.rowCount };
        check?.(result);
        return result;
      }),
  };
}

const { serialize } = protocol;

const INT_TYPES = new Set([20, 21, 23]);
const BOOL_TYPE = 16;

interface Field {
  name: string;
  dataTypeID: number;
}

interface Message {
  name: string;
  fields?: unknown[];
  text?: string;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * PGlite answers each protocol call by crossing into WebAssembly, and its query() makes six of
 * them per statement, re-planning every time. Here a request is one call: BEGIN, the settings,
 * the statement and COMMIT pipelined before a single Sync, as named prepared statements whose
 * plans Postgres keeps. Both PGlite mutexes are held, exactly as PGlite.transaction() does.
 */
class PglitePipeline implements RequestExecutor {
  private readonly names = new Map<string, string>();
  private readonly toClose: string[] = [];
  private counter = 0;

  constructor(
    private readonly pg: PGlite,
    private readonly maxStatements = 256,
  ) {}

  private statement(sql: string, parts: Uint8Array[], parsed: [string, string][]): string {
    const known = this.names.get(sql);
    if (known) {
      this.names.delete(sql);
      this.names.set(sql, known);
      return known;
    }
    const name = `pgrst_${++this.counter}`;
    parts.push(serialize.parse({ name, text: sql, types: [] }));
    parsed.push([sql, name]);
    return name;
  }

  private remember(parsed: [string, string][]): void {
    for (const [sql, name] of parsed) this.names.set(sql, name);
    while (this.names.size > this.maxStatements) {
      const [oldestSql, oldestName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldestSql);
      this.toClose.push(oldestName);
    }
  }

  /** After an error: end the failed transaction and drop what this batch may have prepared. */
  private async recover(parsed: [string, string][]): Promise<void> {
    const parts = [
      serialize.query('rollback'),
      ...parsed.map(([, name]) => serialize.close({ type: 'S', name })),
      serialize.sync(),
    ];
    await this.pg.execProtocol(concat(parts), { throwOnError: false });
  }

  private async simple(sql: 'commit' | 'rollback'): Promise<void> {
    await this.pg.execProtocol(serialize.query(sql));
  }

  run(
    settings: Statement,
    main: Statement,
    check?: (r: StatementResult) => void,
  ): Promise<StatementResult> {
    const pg = this.pg;
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          return await this.once(settings, main, check);
        } catch (e) {
          // Someone deallocated our prepared statements (DISCARD ALL…): forget them and prepare again.
          if ((e as { code?: string }).code !== '26000') throw e;
          this.names.clear();
          return this.once(settings, main, check);
        }
      }),
    );
  }

  private async once(
    settings: Statement,
    main: Statement,
    check?: (r: StatementResult) => void,
  ): Promise<StatementResult> {
    const pg = this.pg;
    const parts: Uint8Array[] = this.toClose
      .splice(0)
      .map((name) => serialize.close({ type: 'S', name }));
    const parsed: [string, string][] = [];
    const steps: [Statement, boolean][] = [
      [{ sql: 'begin', params: [] }, false],
      [settings, false],
      [main, true],
    ];
    if (!check) steps.push([{ sql: 'commit', params: [] }, false]);
    for (const [stmt, describe] of steps) {
      const name = this.statement(stmt.sql, parts, parsed);
      parts.push(serialize.bind({ statement: name, values: stmt.params }));
      if (describe) parts.push(serialize.describe({ type: 'P' }));
      parts.push(serialize.execute({}));
    }
    parts.push(serialize.sync());
    let messages: Message[];
    try {
      messages = (await pg.execProtocol(concat(parts), { syncToFs: !check })).messages as Message[];
    } catch (e) {
      await this.recover(parsed);
      throw e;
    }
    this.remember(parsed);
    const result = extractResult(messages, 2);
    if (check) {
      try {
        check(result);
      } catch (e) {
        await this.simple('rollback');
        throw e;
      }
      await this.simple('commit');
    }
    return result;
  }
}

/** The rows and row count of the `index`-th statement of a pipelined batch. */
function extractResult(messages: Message[], index: number): StatementResult {
  let statement = 0;
  let fields: Field[] = [];
  const rows: Record<string, Value>[] = [];
  let rowCount = 0;
  for (const m of messages) {
    if (statement > index) break;
    if (m.name === 'commandComplete') {
      if (statement === index) rowCount = Number(/(\d+)$/.exec(m.text ?? '')?.[1] ?? rows.length);
      statement++;
      continue;
    }
    if (statement !== index) continue;
    if (m.name === 'rowDescription') fields = m.fields as Field[];
    else if (m.name === 'dataRow') {
      const row: Record<string, Value> = {};
      (m.fields as (string | null)[]).forEach((raw, i) => {
        const f = fields[i]!;
        row[f.name] =
          raw === null
            ? null
            : INT_TYPES.has(f.dataTypeID)
              ? Number(raw)
              : f.dataTypeID === BOOL_TYPE
                ? raw === 't'
                : raw;
      });
      rows.push(row);
    }
  }
  return { rows, rowCount };
}

export function createExecutor(db: Db): RequestExecutor {
  return db.pglite ? new PglitePipeline(db.pglite) : transactionExecutor(db);
}
