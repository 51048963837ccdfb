import type { Table } from 'dexie';
import type { AppDb } from '../db';

/** What every synced local row has: the server version it is based on (null: never synced). */
export type LocalRow = { id: string; userId: string; version: number | null };

/** A row as the server returns it (to_jsonb of the table row). */
export type ServerRow = Record<string, unknown> & {
  id: string;
  version: number;
  deleted_at?: string | null;
};

/** How one server table maps onto a local Dexie table. Each feature declares its own. */
export interface SyncEntity<L extends LocalRow> {
  /** The server table's name, as sync spells it (REST queries name their table themselves). */
  name: string;
  table(db: AppDb): Table<L, string>;
  /** The columns a client may write, in the server's shape. */
  toServer(row: L): Record<string, unknown>;
  fromServer(row: ServerRow): L;
}

export type AnySyncEntity = SyncEntity<LocalRow>;

/** The entities one sync engine knows, by name. */
export interface SyncRegistry {
  get(name: string): AnySyncEntity;
  names(): string[];
  tables(db: AppDb): Table[];
}

export function createSyncRegistry(entities: readonly AnySyncEntity[]): SyncRegistry {
  const byName = new Map(entities.map((e) => [e.name, e]));
  if (byName.size !== entities.length) throw new Error('Two sync entities share a name');
  return {
    get(name) {
      const entity = byName.get(name);
      if (!entity) throw new Error(`Unknown sync entity: ${name}`);
      return entity;
    },
    names: () => [...byName.keys()],
    tables: (db) => [...byName.values()].map((e) => e.table(db) as unknown as Table),
  };
}
