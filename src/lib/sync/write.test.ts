import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDraftRecord, makeUserProfileRecord } from '../../testing/factories';
import { openAppDb, type AppDb, type DraftRecord, type UserProfileRecord } from '../db';
import type { SyncEntity } from './entities';
import { outboxWritten } from './events';
import { writeSynced, writeSyncedTogether, type ThunkDispatcher } from './write';

// Stand-ins: the real mappings live in their features.
const drafts: SyncEntity<DraftRecord> = {
  name: 'post_drafts',
  table: (db) => db.drafts,
  toServer: (d) => ({ content: d.content }),
  fromServer: () => {
    throw new Error('not used');
  },
};
const profiles: SyncEntity<UserProfileRecord> = {
  name: 'user_profiles',
  table: (db) => db.userProfiles,
  toServer: (p) => ({ email: p.email }),
  fromServer: () => {
    throw new Error('not used');
  },
};

const dbs: AppDb[] = [];
function freshDb(): AppDb {
  const db = openAppDb(`write-test-${crypto.randomUUID()}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

/** A dispatch that runs thunks and records plain actions. */
function recordingDispatch() {
  const actions: UnknownAction[] = [];
  const dispatch = ((action: unknown) =>
    typeof action === 'function'
      ? action(dispatch, () => ({}), undefined)
      : (actions.push(action as UnknownAction), action)) as ThunkDispatcher;
  return { dispatch, actions };
}

describe('writeSynced', () => {
  it('stores the row with its outbox entry, then tells the sync engine once', async () => {
    const db = freshDb();
    const { dispatch, actions } = recordingDispatch();
    const draft = makeDraftRecord({ id: 'd1', content: 'hello' });
    const stored = await dispatch(writeSynced(drafts, { op: 'upsert', row: draft }, { db }));
    expect(stored).toEqual(draft);
    expect(await db.drafts.get('d1')).toEqual(draft);
    expect(await db.outbox.toArray()).toMatchObject([
      { entity: 'post_drafts', entityId: 'd1', op: 'upsert', data: { content: 'hello' } },
    ]);
    expect(actions).toEqual([outboxWritten({ entity: 'post_drafts' })]);
  });
});

describe('writeSyncedTogether', () => {
  const profile = makeUserProfileRecord();

  it('commits every write in one transaction and tells the sync engine once', async () => {
    const db = freshDb();
    const { dispatch, actions } = recordingDispatch();
    await dispatch(
      writeSyncedTogether(db, [drafts, profiles], async (queue) => {
        await queue(drafts, { op: 'upsert', row: makeDraftRecord({ id: 'd1' }) });
        await queue(profiles, { op: 'upsert', row: profile });
      }),
    );
    expect((await db.outbox.toArray()).map((e) => e.entity)).toEqual([
      'post_drafts',
      'user_profiles',
    ]);
    expect(actions).toEqual([outboxWritten({ entity: 'post_drafts' })]);
  });

  it('keeps nothing and tells nobody when the transaction fails', async () => {
    const db = freshDb();
    const { dispatch, actions } = recordingDispatch();
    await expect(
      dispatch(
        writeSyncedTogether(db, [drafts, profiles], async (queue) => {
          await queue(drafts, { op: 'upsert', row: makeDraftRecord({ id: 'd1' }) });
          throw new Error('storage failed');
        }),
      ),
    ).rejects.toThrow('storage failed');
    expect(await db.drafts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(actions).toEqual([]);
  });
});
