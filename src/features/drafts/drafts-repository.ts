import type { Dispatch } from '@reduxjs/toolkit';
import {
  getAppDb,
  type AppDb,
  type DraftPlatform,
  type DraftPostType,
  type DraftStatus,
} from '../../lib/db';
import { writeSynced, type ThunkDispatcher } from '../../lib/sync/write';
import { selectCurrentUser } from '../auth';
import { draftDeleted, draftSaved, draftsLoaded, draftsLoading, type Draft } from './drafts-slice';
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
 * are not lost: IndexedDB runs this read and the engine's writes one after the other, and the
 * engine announces a write after it is committed, so each lands either in the read or after it.
 */
export function loadDrafts(userId: string, db: AppDb = getAppDb()) {
  return async (dispatch: Dispatch): Promise<Draft[]> => {
    dispatch(draftsLoading({ userId }));
    const drafts = await db.drafts.where('userId').equals(userId).toArray();
    dispatch(draftsLoaded({ userId, drafts }));
    return drafts;
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

/**
 * Saves a draft on this device and queues it for the server, in one local transaction. It never
 * waits for the network: the sync engine pushes it when it can.
 */
export function saveDraft(input: DraftInput, db: AppDb = getAppDb()) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<Draft> => {
    const userId = signedInUserId(getState);
    const now = new Date().toISOString();
    const existing = input.id ? await storedDraft(db, userId, input.id) : undefined;
    const draft: Draft = {
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
    const stored = await dispatch(
      writeSynced(postDraftsEntity, { op: 'upsert', row: draft }, { db }),
    );
    dispatch(draftSaved(stored ?? draft));
    return stored ?? draft;
  };
}

/** Deletes a draft on this device and queues the delete (a tombstone on the server). */
export function deleteDraft(id: string, db: AppDb = getAppDb()) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<void> => {
    const userId = signedInUserId(getState);
    await dispatch(writeSynced(postDraftsEntity, { op: 'delete', userId, id }, { db }));
    dispatch(draftDeleted({ id }));
  };
}

/** Marks the user's draft as scheduled for `scheduledFor`, when it is still on this device. */
export function markDraftScheduled(id: string, scheduledFor: string, db: AppDb = getAppDb()) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<void> => {
    const draft = await storedDraft(db, signedInUserId(getState), id);
    if (draft) await dispatch(saveDraft({ ...draft, status: 'scheduled', scheduledFor }, db));
  };
}
