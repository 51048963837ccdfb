import type { Dispatch } from '@reduxjs/toolkit';
import {
  getAppDb,
  type AppDb,
  type DraftPlatform,
  type DraftPostType,
  type DraftStatus,
} from '../../lib/db';
import { writeSynced, type ThunkDispatcher } from '../../lib/sync/write';
import {
  draftDeleted,
  draftSaved,
  draftsLoaded,
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

function draftsState(getState: GetState): DraftsState {
  return (getState() as { drafts: DraftsState }).drafts;
}

/** Reads the user's drafts from this device into the slice. */
export function loadDrafts(userId: string, db: AppDb = getAppDb()) {
  return async (dispatch: Dispatch): Promise<Draft[]> => {
    const drafts = await db.drafts.where('userId').equals(userId).toArray();
    dispatch(draftsLoaded({ userId, drafts }));
    return drafts;
  };
}

/**
 * Saves a draft on this device and queues it for the server, in one local transaction. It never
 * waits for the network: the sync engine pushes it when it can.
 */
export function saveDraft(input: DraftInput, db: AppDb = getAppDb()) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<Draft> => {
    const state = draftsState(getState);
    const userId = state.userId;
    if (!userId) throw new NotSignedInError();
    const now = new Date().toISOString();
    const existing = input.id ? state.entities[input.id] : undefined;
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
    const userId = draftsState(getState).userId;
    if (!userId) throw new NotSignedInError();
    await dispatch(writeSynced(postDraftsEntity, { op: 'delete', userId, id }, { db }));
    dispatch(draftDeleted({ id }));
  };
}
