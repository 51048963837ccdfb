import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../db';
import { moveFollowersToCopy, planWrite, rebaseFollowers, type LocalWrite } from './coalesce';

function entry(over: Partial<OutboxEntry>): OutboxEntry {
  return {
    seq: 1,
    mutationId: 'm1',
    userId: 'u',
    entity: 'post_drafts',
    entityId: 'r1',
    op: 'upsert',
    data: { content: 'a' },
    baseVersion: 3,
    state: 'pending',
    attempts: 0,
    leaseUntil: 0,
    error: null,
    createdAt: 1,
    ...over,
  };
}

function write(over: Partial<LocalWrite>): LocalWrite {
  return {
    mutationId: 'm-new',
    userId: 'u',
    entity: 'post_drafts',
    entityId: 'r1',
    op: 'upsert',
    data: { content: 'latest' },
    createdAt: 2,
    ...over,
  };
}

describe('planWrite', () => {
  it('queues a first edit on the row version', () => {
    const plan = planWrite([], write({}), 7);
    expect(plan).toMatchObject({
      kind: 'append',
      entry: { baseVersion: 7, op: 'upsert', state: 'pending', attempts: 0 },
    });
  });

  it('merges edits not yet sent into one mutation with the latest data and the ORIGINAL base version', () => {
    const plan = planWrite([entry({ baseVersion: 3, data: { content: 'first' } })], write({}), 9);
    expect(plan.kind).toBe('replace');
    if (plan.kind !== 'replace') return;
    expect(plan.seq).toBe(1);
    expect(plan.entry.data).toEqual({ content: 'latest' });
    expect(plan.entry.baseVersion).toBe(3);
    expect(plan.entry.mutationId).toBe('m-new');
  });

  it('turns an upsert followed by a delete into a delete on the same base', () => {
    const plan = planWrite([entry({ baseVersion: 3 })], write({ op: 'delete', data: null }), 3);
    expect(plan).toMatchObject({
      kind: 'replace',
      entry: { op: 'delete', data: null, baseVersion: 3 },
    });
  });

  it('sends nothing for a row created and deleted before it ever left the device', () => {
    const plan = planWrite(
      [entry({ baseVersion: null })],
      write({ op: 'delete', data: null }),
      null,
    );
    expect(plan).toEqual({ kind: 'cancel', seq: 1 });
  });

  it('never rewrites an entry in flight: the new edit queues behind it on the same base', () => {
    const inflight = entry({ state: 'inflight', attempts: 1, leaseUntil: 99 });
    const plan = planWrite([inflight], write({}), 3);
    expect(plan).toMatchObject({ kind: 'append', entry: { baseVersion: 3, mutationId: 'm-new' } });
  });

  it('never rewrites an entry that may have reached the server (sent, answer lost)', () => {
    const maybeSent = entry({ state: 'pending', attempts: 2, baseVersion: null });
    expect(planWrite([maybeSent], write({ op: 'delete', data: null }), null).kind).toBe('append');
    expect(planWrite([maybeSent], write({}), null).kind).toBe('append');
  });

  it('merges into the unsent entry queued behind an in-flight one', () => {
    const plan = planWrite(
      [
        entry({ seq: 1, state: 'inflight', attempts: 1 }),
        entry({ seq: 2, mutationId: 'm2', data: { content: 'b' } }),
      ],
      write({ data: { content: 'c' } }),
      3,
    );
    expect(plan).toMatchObject({
      kind: 'replace',
      seq: 2,
      entry: { data: { content: 'c' }, baseVersion: 3 },
    });
  });
});

describe('rebaseFollowers', () => {
  it('moves writes queued behind an applied one onto the version it produced', () => {
    const resolved = entry({ seq: 1, baseVersion: 3 });
    const followers = [
      entry({ seq: 2, baseVersion: 3 }),
      entry({ seq: 3, baseVersion: 5 }),
      entry({ seq: 4, baseVersion: 3, state: 'parked' }),
    ];
    const rebased = rebaseFollowers(followers, resolved, 4);
    expect(rebased.map((e) => [e.seq, e.baseVersion])).toEqual([[2, 4]]);
  });
});

describe('moveFollowersToCopy', () => {
  it('moves the unsent writes queued behind a lost edit to its copy, on the copy version', () => {
    const resolved = entry({ seq: 1, baseVersion: 3, attempts: 1 });
    const followers = [
      entry({ seq: 2, baseVersion: 3, mutationId: 'm2' }),
      entry({ seq: 3, baseVersion: 3, state: 'parked' }),
      entry({ seq: 4, baseVersion: 5 }),
      entry({ seq: 5, baseVersion: 3, attempts: 1, mutationId: 'm5' }),
    ];
    expect(moveFollowersToCopy(followers, resolved, { id: 'copy-1', version: 1 })).toEqual([
      expect.objectContaining({ seq: 2, mutationId: 'm2', entityId: 'copy-1', baseVersion: 1 }),
    ]);
  });
});
