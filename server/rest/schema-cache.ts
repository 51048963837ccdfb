import type { Queryable } from '../db.ts';

export interface ColumnInfo {
  name: string;
  /** SQL type as Postgres spells it (format_type without typmod), used for casts of bound values. */
  type: string;
  /** Default expression from the catalog, for Prefer: missing=default. */
  defaultExpr: string | null;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  byName: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  /** Input arguments in declaration order. */
  args: FunctionArg[];
  returnsSet: boolean;
  returns: 'void' | 'scalar' | 'composite';
}

export interface SchemaSnapshot {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
}

// One round trip, answered as JSON text so PGlite and pg hand back the same thing.
const CATALOG_SQL = `
select json_build_object(
  'tables', coalesce((
    select json_agg(json_build_object(
      'name', c.relname,
      'columns', coalesce((
        select json_agg(json_build_object(
          'name', a.attname,
          'type', format_type(a.atttypid, null),
          'default', pg_get_expr(d.adbin, d.adrelid)
        ) order by a.attnum)
        from pg_attribute a
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      ), '[]'::json),
      'pk', coalesce((
        select json_agg(a.attname order by k.ord)
        from pg_constraint con
        cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where con.conrelid = c.oid and con.contype = 'p'
      ), '[]'::json)
    ))
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
  ), '[]'::json),
  'functions', coalesce((
    select json_agg(json_build_object(
      'name', p.proname,
      'nargs', p.pronargs,
      'ndefaults', p.pronargdefaults,
      'argnames', coalesce(p.proargnames, '{}'::text[]),
      'argmodes', coalesce(p.proargmodes::text[], '{}'::text[]),
      'argtypes', array(
        select format_type(t.oid, null)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(typ, ord)
        join pg_type t on t.oid = u.typ
        order by u.ord
      ),
      'retset', p.proretset,
      'rettype', p.prorettype::regtype::text,
      'rettyptype', rt.typtype
    ))
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
    where n.nspname = 'public' and p.prokind = 'f'
      and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype, 'internal'::regtype)
  ), '[]'::json)
)::text as catalog
`;

interface RawCatalog {
  tables: {
    name: string;
    columns: { name: string; type: string; default: string | null }[];
    pk: string[];
  }[];
  functions: {
    name: string;
    nargs: number;
    ndefaults: number;
    argnames: string[];
    argmodes: string[];
    argtypes: string[];
    retset: boolean;
    rettype: string;
    rettyptype: string;
  }[];
}

export async function loadSchema(db: Queryable): Promise<SchemaSnapshot> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_SQL);
  const raw = JSON.parse(rows[0]!.catalog) as RawCatalog;
  const tables = new Map<string, TableInfo>();
  for (const t of raw.tables) {
    const columns = t.columns.map((c) => ({ name: c.name, type: c.type, defaultExpr: c.default }));
    tables.set(t.name, {
      name: t.name,
      columns,
      byName: new Map(columns.map((c) => [c.name, c])),
      primaryKey: t.pk,
    });
  }
  const functions = new Map<string, FunctionInfo[]>();
  for (const f of raw.functions) {
    const args: FunctionArg[] = [];
    // proargmodes is empty when every argument is an input argument.
    f.argtypes.forEach((type, i) => {
      const mode = f.argmodes[i] ?? 'i';
      if (mode === 'i' || mode === 'b' || mode === 'v')
        args.push({ name: f.argnames[i] ?? '', type, hasDefault: false });
    });
    const inputs = args.slice(0, f.nargs);
    inputs.forEach((a, i) => {
      a.hasDefault = i >= inputs.length - f.ndefaults;
    });
    const hasOutArgs = f.argmodes.some((m) => m === 'o' || m === 'b' || m === 't');
    const returns: FunctionInfo['returns'] =
      f.rettype === 'void'
        ? 'void'
        : f.rettyptype === 'c' || (f.rettype === 'record' && hasOutArgs)
          ? 'composite'
          : 'scalar';
    const info: FunctionInfo = { name: f.name, args: inputs, returnsSet: f.retset, returns };
    const list = functions.get(f.name) ?? [];
    list.push(info);
    functions.set(f.name, list);
  }
  return { tables, functions };
}

/**
 * The public schema as the API sees it, cached per process. A snapshot lives `ttlMs`; a name
 * that is missing triggers one reload (at most once per `missReloadMs`), so tables and functions
 * created by a later migration become visible without a restart.
 */
export class SchemaCache {
  private snapshot: SchemaSnapshot | null = null;
  private loadedAt = 0;
  private loading: Promise<SchemaSnapshot> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 10_000,
    private readonly missReloadMs = 1_000,
  ) {}

  private reload(): Promise<SchemaSnapshot> {
    if (!this.loading) {
      this.loading = loadSchema(this.db)
        .then((s) => {
          this.snapshot = s;
          this.loadedAt = Date.now();
          return s;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    return this.loading;
  }

  /** A stale snapshot is still answered while a fresh one loads, so no request waits on the catalog. */
  async current(): Promise<SchemaSnapshot> {
    if (!this.snapshot) return this.reload();
    if (Date.now() - this.loadedAt >= this.ttlMs) {
      this.reload().catch((e: unknown) =>
        console.error('rest: schema reload failed:', (e as Error).message),
      );
    }
    return this.snapshot;
  }

  /** True when a miss may force a reload now (at most once per `missReloadMs`). */
  mayReloadOnMiss(): boolean {
    return Date.now() - this.loadedAt >= this.missReloadMs;
  }

  async forceReload(): Promise<SchemaSnapshot> {
    return this.reload();
  }

  /** Looks `name` up in a fresh enough snapshot; reloads once when it is missing. */
  async lookup<T>(pick: (s: SchemaSnapshot) => T | undefined): Promise<T | undefined> {
    const s = await this.current();
    const found = pick(s);
    if (found !== undefined || !this.mayReloadOnMiss()) return found;
    return pick(await this.reload());
  }

  async table(name: string): Promise<TableInfo | undefined> {
    return this.lookup((s) => s.tables.get(name));
  }

  async functions(name: string): Promise<FunctionInfo[] | undefined> {
    return this.lookup((s) => s.functions.get(name));
  }

  invalidate(): void {
    this.loadedAt = 0;
  }
}
