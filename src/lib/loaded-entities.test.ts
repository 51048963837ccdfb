import { describe, expect, it } from 'vitest';
import { createEntityAdapter } from '@reduxjs/toolkit';
import { loadedEntities } from './loaded-entities';

interface Row {
  id: string;
  at: string;
  tags: string[];
}

const byAtThenId = (a: Row, b: Row) =>
  a.at === b.at ? a.id.localeCompare(b.id) : a.at < b.at ? -1 : 1;

function rows(count: number): Row[] {
  // Deterministic, unsorted, with repeated times and a repeated id (whose last row must win).
  const out = Array.from({ length: count }, (_, i) => ({
    id: `row-${(i * 7919) % count}`,
    at: `2026-11-${String(1 + ((i * 31) % 28)).padStart(2, '0')}T08:00:00Z`,
    tags: [`t${i}`],
  }));
  out.push({ id: 'row-3', at: '2026-12-01T00:00:00Z', tags: ['last'] });
  out.push({ id: '10', at: '2026-11-02T00:00:00Z', tags: [] });
  out.push({ id: '2', at: '2026-11-02T00:00:00Z', tags: [] });
  return out;
}

describe('loadedEntities', () => {
  it('builds what a sorted adapter’s setAll builds', () => {
    const adapter = createEntityAdapter<Row>({ sortComparer: byAtThenId });
    const input = rows(500);
    const expected = adapter.setAll(adapter.getInitialState(), structuredClone(input));
    const built = loadedEntities(structuredClone(input), byAtThenId);
    expect(built.ids).toEqual(expected.ids);
    expect(built.entities).toEqual(expected.entities);
    expect(built.entities['row-3']!.tags).toEqual(['last']);
  });

  it('builds what an unsorted adapter’s setAll builds: ids in the order first seen', () => {
    const adapter = createEntityAdapter<Row>();
    const input = rows(50);
    const expected = adapter.setAll(adapter.getInitialState(), structuredClone(input));
    const built = loadedEntities(structuredClone(input));
    expect(built.ids).toEqual(expected.ids);
    expect(built.ids.slice(-2)).toEqual(['10', '2']);
    expect(built.entities).toEqual(expected.entities);
  });

  it('freezes the state, its rows and what they hold, as Immer would', () => {
    const built = loadedEntities(rows(3), byAtThenId);
    expect(Object.isFrozen(built)).toBe(true);
    expect(Object.isFrozen(built.ids)).toBe(true);
    expect(Object.isFrozen(built.entities)).toBe(true);
    const row = built.entities[built.ids[0]!]!;
    expect(Object.isFrozen(row)).toBe(true);
    expect(Object.isFrozen(row.tags)).toBe(true);
  });
});
