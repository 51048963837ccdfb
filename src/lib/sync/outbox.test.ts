import { afterEach, describe, expect, it } from 'vitest';
import { makeDraftRecord } from '../../testing/factories';
import { postDraftsEntity, syncEntities } from '../../testing/sync-entities';
import { openAppDb, type AppDb, type DraftRecord } from '../db';
import { discardParked, queueWrite, readOutboxCounts, retryParked } from './outbox';

const dbs: AppDb[] = [];
function freshDb(): AppDb {
  const db = openAppDb(`outbox-test-${crypto.randomUUID()}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const draft = (over: Partial<DraftRecord> = {}): DraftRecord =>
  makeDraftRecord({
    id: 'd1',
    content: 'Hello there, world',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });

describe('queueWrite', () => {
  it('stores the row and its outbox entry together', async () => {
    const db = freshDb();
    await queueWrite(db, postDraftsEntity, { op: 'upsert', row: draft() });
    expect(await db.drafts.get('d1')).toMatchObject({
      content: 'Hello there, world',
      version: null,
    });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: 'post_drafts',
      entityId: 'd1',
      op: 'upsert',
      baseVersion: null,
      state: 'pending',
      data: { content: 'Hello there, world', platforms: ['facebook'], post_type: 'text' },
    });
  });

  it('commits neither the row nor the entry when the transaction fails', async () => {
    const db = freshDb();
    await queueWrite(db, postDraftsEntity, { op: 'upsert', row: draft() });
    // Another user's row with the same id: the write is refused as a whole.
    await expect(
      queueWrite(db, postDraftsEntity, {
        op: 'upsert',
        row: draft({ userId: 'u2', content: 'x' }),
      }),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);
    expect((await db.drafts.get('d1'))?.content).toBe('Hello there, world');
  });

  it('keeps the server version of the stored row, whatever the caller passes', async () => {
    const db = freshDb();
    await db.drafts.put(draft({ version: 4 }));
    await queueWrite(db, postDraftsEntity, {
      op: 'upsert',
      row: draft({ version: 99, content: 'edited text' }),
    });
    expect((await db.drafts.get('d1'))?.version).toBe(4);
    expect((await db.outbox.toArray())[0]?.baseVersion).toBe(4);
  });

  it('coalesces edits of one row and cancels a row that never left the device', async () => {
    const db = freshDb();
    for (let i = 0; i < 5; i++) {
      await queueWrite(db, postDraftsEntity, {
        op: 'upsert',
        row: draft({ content: `edit ${i} of the text` }),
      });
    }
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.data).toMatchObject({ content: 'edit 4 of the text' });
    await queueWrite(db, postDraftsEntity, { op: 'delete', userId: 'u1', id: 'd1' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.drafts.get('d1')).toBeUndefined();
  });

  it('queues a delete of a synced row as a tombstone on its version', async () => {
    const db = freshDb();
    await db.drafts.put(draft({ version: 2 }));
    await queueWrite(db, postDraftsEntity, { op: 'delete', userId: 'u1', id: 'd1' });
    expect(await db.drafts.get('d1')).toBeUndefined();
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ op: 'delete', baseVersion: 2, data: null }),
    ]);
  });
});

describe('parked entries', () => {
  it('are counted apart, retried, or discarded with the local-only row removed', async () => {
    const db = freshDb();
    await queueWrite(db, postDraftsEntity, { op: 'upsert', row: draft() });
    await queueWrite(db, postDraftsEntity, {
      op: 'upsert',
      row: draft({ id: 'd2', version: null }),
    });
    const [first] = await db.outbox.toArray();
    const error = { kind: 'rejected' as const, code: '23514', message: 'check', status: 200 };
    await db.outbox.update(first!.seq!, { state: 'parked', attempts: 1, error });
    expect(await readOutboxCounts(db, 'u1')).toMatchObject({
      waiting: 1,
      parked: [{ seq: first!.seq, entityId: 'd1', error }],
    });
    expect(await readOutboxCounts(db, 'someone-else')).toEqual({ waiting: 0, parked: [] });

    expect(await retryParked(db, 'u1')).toBe(1);
    expect(await readOutboxCounts(db, 'u1')).toMatchObject({ waiting: 2, parked: [] });

    await db.outbox.update(first!.seq!, { state: 'parked', error });
    const result = await discardParked(db, syncEntities, 'u1', [first!.seq!]);
    expect(result).toEqual({ refetch: [], removed: [{ entity: 'post_drafts', id: 'd1' }] });
    expect(await db.drafts.get('d1')).toBeUndefined();
    expect(await db.drafts.get('d2')).toBeDefined();
    expect(await db.outbox.count()).toBe(1);
  });
});
