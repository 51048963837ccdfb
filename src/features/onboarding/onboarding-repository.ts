import { appDb } from '../../lib/app-db';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AppDb, OnboardingRecord, OutboxEntry } from '../../lib/db';
import { writeSyncedTogether, type ThunkDispatcher } from '../../lib/sync/write';
import { profileFromUser, userProfilesEntity } from '../profile';
import { cacheCompletion } from './onboarding-api';
import type { OnboardingForm } from './onboarding-form';
import { recordFromForm } from './onboarding-record';
import { onboardingDataEntity } from './onboarding-sync';
import {
  localOnboardingRead,
  onboardingCompleted,
  profileRefusalRead,
  type OnboardingState,
  type RefusedSave,
} from './onboarding-slice';

export interface OnboardingUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface LocalOnboardingRead {
  row: OnboardingRecord | null;
  waiting: boolean;
  refused: RefusedSave[];
}

function entriesOf(db: AppDb, id: string, entity = onboardingDataEntity.name) {
  return db.outbox.where('[entity+entityId]').equals([entity, id]).sortBy('seq');
}

const asRefusal = (e: OutboxEntry): RefusedSave => ({
  seq: e.seq!,
  code: e.error?.code ?? 'unknown',
  message: e.error?.message ?? '',
});

/**
 * The user's onboarding row on this device and its outbox state. The server keeps one row per user
 * and may answer a push with its own id for it (docs/sync-protocol.md): the row with writes in the
 * outbox, else the newest version, is the user's; a leftover without writes is removed.
 */
export async function readLocalOnboarding(db: AppDb, userId: string): Promise<LocalOnboardingRead> {
  return db.transaction('rw', db.onboardingData, db.outbox, async () => {
    const rows = await db.onboardingData.where('userId').equals(userId).toArray();
    const withEntries = await Promise.all(
      rows.map(async (row) => ({ row, entries: await entriesOf(db, row.id) })),
    );
    withEntries.sort(
      (a, b) =>
        (b.entries.at(-1)?.seq ?? 0) - (a.entries.at(-1)?.seq ?? 0) ||
        (b.row.version ?? -1) - (a.row.version ?? -1),
    );
    const [current, ...others] = withEntries;
    for (const other of others) {
      if (other.entries.length === 0) await db.onboardingData.delete(other.row.id);
    }
    if (!current) return { row: null, waiting: false, refused: [] };
    return {
      row: current.row,
      waiting: current.entries.some((e) => e.state !== 'parked'),
      refused: current.entries.filter((e) => e.state === 'parked').map(asRefusal),
    };
  });
}

/**
 * The latest write of the user's profile that the server refused (the final save writes the
 * profile too, §8 "Failed to save user profile"), or null. The profile's id is the user id.
 */
export async function readRefusedProfileSave(
  db: AppDb,
  userId: string,
): Promise<RefusedSave | null> {
  const entries = await entriesOf(db, userId, userProfilesEntity.name);
  const parked = entries.filter((e) => e.state === 'parked').at(-1);
  return parked ? asRefusal(parked) : null;
}

/** Reads the user's local row into the slice (a read started before a completion is dropped). */
export function loadLocalOnboarding(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch, getState: () => unknown): Promise<LocalOnboardingRead> => {
    const db = given ?? (await appDb());
    const gen = (getState() as { onboarding: OnboardingState }).onboarding.localGen;
    const read = await readLocalOnboarding(db, userId);
    dispatch(localOnboardingRead({ userId, gen, ...read }));
    dispatch(profileRefusalRead({ userId, refusal: await readRefusedProfileSave(db, userId) }));
    return read;
  };
}

/**
 * The final save (spec §5): the answers and the profile are written on this device and queued for
 * the server in ONE Dexie transaction, online or offline alike; the sync engine pushes them.
 * It counts as complete at once (the slice and the cached gate flag). Earlier saves the server
 * refused are superseded by this one and leave the outbox.
 */
export function completeOnboarding(
  user: OnboardingUser,
  form: OnboardingForm,
  given?: AppDb,
  now: number = Date.now(),
) {
  return async (dispatch: ThunkDispatcher): Promise<OnboardingRecord> => {
    const db = given ?? (await appDb());
    const completedAt = new Date(now).toISOString();
    const synced = [onboardingDataEntity, userProfilesEntity];
    const stored = await dispatch(
      writeSyncedTogether(db, synced, async (queue) => {
        const parked = await db.outbox
          .where('[userId+state]')
          .equals([user.id, 'parked'])
          .filter((e) => synced.some((entity) => entity.name === e.entity))
          .primaryKeys();
        await db.outbox.bulkDelete(parked);
        const { row: current } = await readLocalOnboarding(db, user.id);
        const row = recordFromForm(form, {
          id: current?.id ?? user.id,
          userId: user.id,
          completedAt,
          version: current?.version ?? null,
        });
        const saved = await queue(onboardingDataEntity, { op: 'upsert', row }, { now });
        const profile = profileFromUser(user, (await db.userProfiles.get(user.id)) ?? null);
        if (profile.email !== null) {
          await queue(userProfilesEntity, { op: 'upsert', row: profile }, { now });
        }
        return saved ?? row;
      }),
    );
    dispatch(onboardingCompleted({ userId: user.id, answers: form, row: stored }));
    cacheCompletion(user.id, true);
    return stored;
  };
}
