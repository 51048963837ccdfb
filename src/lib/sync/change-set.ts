import type { LocalRow } from './entities';

/** Local rows the engine changed, for the in-memory slices. */
export interface SyncChange {
  entity: string;
  upserted: LocalRow[];
  removed: string[];
}

/** The rows one step changed, per entity; the last note of a row wins. */
export interface ChangeSet {
  upserted: Map<string, Map<string, LocalRow>>;
  removed: Map<string, Set<string>>;
}

export function newChangeSet(): ChangeSet {
  return { upserted: new Map(), removed: new Map() };
}

export function noteUpsert(changes: ChangeSet, entity: string, row: LocalRow): void {
  changes.removed.get(entity)?.delete(row.id);
  let m = changes.upserted.get(entity);
  if (!m) changes.upserted.set(entity, (m = new Map()));
  m.set(row.id, row);
}

export function noteRemove(changes: ChangeSet, entity: string, id: string): void {
  changes.upserted.get(entity)?.delete(id);
  let s = changes.removed.get(entity);
  if (!s) changes.removed.set(entity, (s = new Set()));
  s.add(id);
}

/** One SyncChange per entity that has any change. */
export function changesByEntity(changes: ChangeSet): SyncChange[] {
  const entities = new Set([...changes.upserted.keys(), ...changes.removed.keys()]);
  const out: SyncChange[] = [];
  for (const entity of entities) {
    const upserted = [...(changes.upserted.get(entity)?.values() ?? [])];
    const removed = [...(changes.removed.get(entity) ?? [])];
    if (upserted.length === 0 && removed.length === 0) continue;
    out.push({ entity, upserted, removed });
  }
  return out;
}
