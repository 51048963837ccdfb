import { appDb } from '../../lib/app-db';
import { freezeRow } from '../../lib/loaded-entities';
import { readOnce } from '../../lib/read-once';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AppDb, DraftPlatform, DraftPostType, DraftStatus } from '../../lib/db';
import { writeSynced, writeSyncedTogether, type ThunkDispatcher } from '../../lib/sync/write';
import { selectCurrentUser } from '../auth';
import {
  draftDeleted,
  draftSaved,
  draftsLoaded,
  draftsLoading,
  selectDraftsUserId,
  type Draft,
  type DraftsState,
} from './drafts-slice';
import { postDraftsEntity } from './drafts-sync';

/** What a screen hands over to save a draft; the id is absent for a new one. */
export interface DraftInput {
  id?: string;
  content: string;
  platforms: DraftPlatform[];
  postType: DraftPostType;
  prompt?: string | null;
  aiProvider?: string | null;
  status?: DraftStatus;
  scheduledFor?: string | null;
}

type GetState = () => unknown;

export class NotSignedInError extends Error {
  constructor() {
    super('Sign in to save drafts.');
    this.name = 'NotSignedInError';
  }
}

/**
 * Reads the user's drafts from this device into the slice. Rows the sync engine writes meanwhile
 * are not lost: the engine announces a write once it is committed, and the slice keeps what is
 * announced while the read is under way over what the read found (`draftsLoaded`).
 */
export function loadDrafts(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch): Promise<Draft[]> => {
    dispatch(draftsLoading({ userId }));
    const db = given ?? (await appDb());
    const drafts = await readUserDrafts(db, userId);
    dispatch(draftsLoaded({ userId, drafts }));
    return drafts;
  };
}

/** How many drafts one request reads: about a millisecond's work on a desktop. */
export const DRAFTS_READ_PAGE = 500;

/**
 * The user's drafts on this device, frozen as the store keeps them, read a page at a time. Each
 * page arrives in a task of its own, so a device's 10,000 drafts do not hold the page up in one
 * long task, as one request for them all did (the browser makes every row an object at once).
 * Pages go by id, which no two rows share; rows of another user are skipped.
 */
export async function readUserDrafts(db: AppDb, userId: string): Promise<Draft[]> {
  const drafts: Draft[] = [];
  let last: string | undefined;
  for (;;) {
    const rows = await (
      last === undefined ? db.drafts.toCollection() : db.drafts.where(':id').above(last)
    )
      .limit(DRAFTS_READ_PAGE)
      .toArray();
    for (const row of rows) if (row.userId === userId) drafts.push(freezeRow(row));
    if (rows.length < DRAFTS_READ_PAGE) return drafts;
    last = rows[rows.length - 1]!.id;
  }
}

/**
 * `loadDrafts`, unless this user's drafts are in the store or being read: the screens that show
 * drafts (the dashboard's two lists, the calendar) and the sync's first read all ask as the page
 * opens, in the same commit, and each read of a device's thousands of drafts holds the page up.
 * Resolves once the drafts are in, whoever started the read.
 */
export function loadDraftsOnce(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch, getState: GetState): Promise<void> => {
    const inStore = selectDraftsUserId(getState() as { drafts: DraftsState }) === userId;
    await readOnce(
      getState,
      `drafts:${userId}`,
      inStore ? null : () => loadDrafts(userId, given)(dispatch),
    );
  };
}

function signedInUserId(getState: GetState): string {
  const userId = selectCurrentUser(getState() as Parameters<typeof selectCurrentUser>[0])?.id;
  if (!userId) throw new NotSignedInError();
  return userId;
}

/** The user's draft `id` as stored on this device (whether or not the slice has read it). */
async function storedDraft(db: AppDb, userId: string, id: string): Promise<Draft | undefined> {
  const row = await db.drafts.get(id);
  return row?.userId === userId ? row : undefined;
}

/** The row a save stores: what the screen hands over, on top of the row this device holds. */
function draftRow(input: DraftInput, existing: Draft | undefined, userId: string): Draft {
  const now = new Date().toISOString();
  return {
    id: input.id ?? crypto.randomUUID(),
    userId,
    content: input.content,
    platforms: [...input.platforms],
    postType: input.postType,
    prompt: input.prompt ?? null,
    aiProvider: input.aiProvider ?? null,
    status: input.status ?? existing?.status ?? 'draft',
    scheduledFor: input.scheduledFor ?? null,
    conflictOf: existing?.conflictOf ?? null,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    version: existing?.version ?? null,
  };
}

/**
 * Writes the user's draft `id` (a new one without an id) as `inputOf` makes it from the row this
 * device holds, reading that row and writing in one local transaction; writes nothing when
 * `inputOf` gives null.
 */
function upsertDraft(
  db: AppDb,
  userId: string,
  id: string | undefined,
  inputOf: (existing: Draft | undefined) => DraftInput | null,
) {
  return async (dispatch: ThunkDispatcher): Promise<Draft | null> => {
    const saved = await dispatch(
      writeSyncedTogether(db, [postDraftsEntity], async (queue) => {
        const existing = id ? await storedDraft(db, userId, id) : undefined;
        const input = inputOf(existing);
        if (!input) return null;
        const row = draftRow(input, existing, userId);
        return (await queue(postDraftsEntity, { op: 'upsert', row })) ?? row;
      }),
    );
    if (saved) dispatch(draftSaved(saved));
    return saved;
  };
}

/**
 * Saves a draft on this device and queues it for the server, in one local transaction. It never
 * waits for the network: the sync engine pushes it when it can.
 */
export function saveDraft(input: DraftInput, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<Draft> => {
    const db = given ?? (await appDb());
    const userId = signedInUserId(getState);
    const saved = await dispatch(upsertDraft(db, userId, input.id, () => input));
    return saved!;
  };
}

/** Deletes a draft on this device and queues the delete (a tombstone on the server). */
export function deleteDraft(id: string, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<void> => {
    const db = given ?? (await appDb());
    const userId = signedInUserId(getState);
    await dispatch(writeSynced(postDraftsEntity, { op: 'delete', userId, id }, { db }));
    dispatch(draftDeleted({ id }));
  };
}

/** Marks the user's draft as scheduled for `scheduledFor`, when it is still on this device. */
export function markDraftScheduled(id: string, scheduledFor: string, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<void> => {
    const db = given ?? (await appDb());
    await dispatch(
      upsertDraft(db, signedInUserId(getState), id, (existing) =>
        existing ? { ...existing, status: 'scheduled', scheduledFor } : null,
      ),
    );
  };
}
