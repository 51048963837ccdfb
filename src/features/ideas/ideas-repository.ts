import { appDb } from '../../lib/app-db';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AppDb, ContentIdeaType } from '../../lib/db';
import { writeSynced, writeSyncedTogether, type ThunkDispatcher } from '../../lib/sync/write';
import { readOnce } from '../../lib/read-once';
import {
  ideasLoaded,
  ideasStored,
  selectIdeasUserId,
  type ContentIdea,
  type IdeasState,
} from './ideas-slice';
import { clampScore, contentIdeasEntity } from './ideas-sync';

/** An idea as a screen or the AI hands it over, before it is the user's record. */
export interface IdeaInput {
  title: string;
  description: string;
  type: ContentIdeaType;
  score: number;
}

/** One of the spec's sample ideas; `key` is its id among the samples. */
export interface SampleIdeaInput extends IdeaInput {
  key: string;
}

type GetState = () => unknown;

export class IdeasNotSignedInError extends Error {
  constructor() {
    super('Sign in to keep ideas.');
    this.name = 'IdeasNotSignedInError';
  }
}

function ideasState(getState: GetState): IdeasState {
  return (getState() as { ideas: IdeasState }).ideas;
}

function signedInUser(getState: GetState): string {
  const userId = ideasState(getState).userId;
  if (!userId) throw new IdeasNotSignedInError();
  return userId;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The id of a user's copy of a sample idea: a name-based uuid (version 5 layout) of the user and
 * the sample, so every device of the user names the same row and saving it twice makes one.
 */
export async function sampleIdeaId(userId: string, key: string): Promise<string> {
  const data = new TextEncoder().encode(`postbloom:content-idea-sample:${userId}:${key}`);
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-1', data)).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The newest generation's ideas, best score first; empty before the first generation. */
export function newestBatch(ideas: readonly ContentIdea[]): ContentIdea[] {
  // Ideas come newest first, so the first generated one names the newest batch.
  const batchId = ideas.find((idea) => idea.batchId !== null)?.batchId;
  if (!batchId) return [];
  return ideas.filter((idea) => idea.batchId === batchId).sort((a, b) => b.score - a.score);
}

/** The saved ideas, most recently saved first. */
export function savedIdeas(ideas: readonly ContentIdea[]): ContentIdea[] {
  return ideas
    .filter((idea) => idea.saved)
    .sort((a, b) => (b.savedAt ?? '').localeCompare(a.savedAt ?? '') || a.id.localeCompare(b.id));
}

/** Reads the user's ideas from this device into the slice. */
export function loadContentIdeas(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch): Promise<ContentIdea[]> => {
    const db = given ?? (await appDb());
    const ideas = await db.contentIdeas.where('userId').equals(userId).toArray();
    dispatch(ideasLoaded({ userId, ideas }));
    return ideas;
  };
}

/**
 * `loadContentIdeas`, unless this user's ideas are in the store or being read: the dashboard's
 * panel and the sync's first read both ask as the dashboard opens. The sync keeps them up to date
 * once in.
 */
export function loadContentIdeasOnce(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch, getState: () => unknown): Promise<void> => {
    const inStore = selectIdeasUserId(getState() as { ideas: IdeasState }) === userId;
    await readOnce(
      getState,
      `ideas:${userId}`,
      inStore ? null : () => loadContentIdeas(userId, given)(dispatch),
    );
  };
}

function cleanInput(input: IdeaInput): IdeaInput {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    type: input.type,
    score: clampScore(input.score),
  };
}

/**
 * Keeps a generation's ideas as a new batch, on this device and queued for the server, in one
 * transaction. The older batches' ideas that were not saved go: only the newest batch is shown.
 */
export function storeGeneratedIdeas(inputs: readonly IdeaInput[], given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<ContentIdea[]> => {
    const db = given ?? (await appDb());
    const userId = signedInUser(getState);
    const batchId = crypto.randomUUID();
    const now = new Date().toISOString();
    const ideas: ContentIdea[] = inputs.map((input) => ({
      ...cleanInput(input),
      id: crypto.randomUUID(),
      userId,
      saved: false,
      savedAt: null,
      batchId,
      sampleKey: null,
      createdAt: now,
      updatedAt: now,
      version: null,
    }));
    const { stored, removed } = await dispatch(
      writeSyncedTogether(db, [contentIdeasEntity], async (queue) => {
        const old = await db.contentIdeas
          .where('userId')
          .equals(userId)
          .filter((idea) => idea.batchId !== null && !idea.saved)
          .toArray();
        for (const idea of old)
          await queue(contentIdeasEntity, { op: 'delete', userId, id: idea.id });
        const kept: ContentIdea[] = [];
        for (const idea of ideas) {
          const row = await queue(contentIdeasEntity, { op: 'upsert', row: idea });
          kept.push(row ?? idea);
        }
        return { stored: kept, removed: old.map((idea) => idea.id) };
      }),
    );
    dispatch(ideasStored({ upserted: stored, removed }));
    return stored;
  };
}

function withSaved(idea: ContentIdea, saved: boolean, now: string): ContentIdea {
  return {
    ...idea,
    saved,
    savedAt: saved ? (idea.saved && idea.savedAt ? idea.savedAt : now) : null,
    updatedAt: now,
  };
}

/** Saves (or unsaves) one of the user's ideas, on this device and queued for the server. */
export function setIdeaSaved(id: string, saved: boolean, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<ContentIdea> => {
    const db = given ?? (await appDb());
    const userId = signedInUser(getState);
    const idea = ideasState(getState).entities[id] ?? (await db.contentIdeas.get(id));
    if (!idea || idea.userId !== userId) throw new Error('This idea is not on this device.');
    const next = withSaved(idea, saved, new Date().toISOString());
    const stored =
      (await dispatch(writeSynced(contentIdeasEntity, { op: 'upsert', row: next }, { db }))) ??
      next;
    dispatch(ideasStored({ upserted: [stored], removed: [] }));
    return stored;
  };
}

/** Reads the table only (no other promise), so it may run inside a Dexie transaction. */
async function sampleRecord(
  db: AppDb,
  userId: string,
  id: string,
  sample: SampleIdeaInput,
  saved: boolean,
  now: string,
): Promise<ContentIdea> {
  const existing = await db.contentIdeas.get(id);
  if (existing && existing.userId === userId) return withSaved(existing, saved, now);
  return {
    ...cleanInput(sample),
    id,
    userId,
    saved,
    savedAt: saved ? now : null,
    batchId: null,
    sampleKey: sample.key,
    createdAt: now,
    updatedAt: now,
    version: null,
  };
}

/** Saves (or unsaves) a sample idea as the user's own, synced like any other idea. */
export function setSampleIdeaSaved(sample: SampleIdeaInput, saved: boolean, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<ContentIdea> => {
    const db = given ?? (await appDb());
    const userId = signedInUser(getState);
    const id = await sampleIdeaId(userId, sample.key);
    const row = await sampleRecord(db, userId, id, sample, saved, new Date().toISOString());
    const stored =
      (await dispatch(writeSynced(contentIdeasEntity, { op: 'upsert', row }, { db }))) ?? row;
    dispatch(ideasStored({ upserted: [stored], removed: [] }));
    return stored;
  };
}

/**
 * Brings ideas saved on this device before ideas were synced (sample ideas, kept in local
 * storage) into the user's synced ideas, in one transaction. Ones already kept are left alone.
 */
export function importSavedSampleIdeas(samples: readonly SampleIdeaInput[], given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<ContentIdea[]> => {
    const db = given ?? (await appDb());
    const userId = signedInUser(getState);
    const now = new Date().toISOString();
    const ids = await Promise.all(samples.map((sample) => sampleIdeaId(userId, sample.key)));
    const stored = await dispatch(
      writeSyncedTogether(db, [contentIdeasEntity], async (queue) => {
        const kept: ContentIdea[] = [];
        for (const [index, sample] of samples.entries()) {
          const id = ids[index]!;
          const existing = await db.contentIdeas.get(id);
          if (existing?.saved) continue;
          const row = await sampleRecord(db, userId, id, sample, true, now);
          kept.push((await queue(contentIdeasEntity, { op: 'upsert', row })) ?? row);
        }
        return kept;
      }),
    );
    if (stored.length > 0) dispatch(ideasStored({ upserted: stored, removed: [] }));
    return stored;
  };
}
