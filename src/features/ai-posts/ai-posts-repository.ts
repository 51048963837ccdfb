import { appDb } from '../../lib/app-db';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AppDb, DraftPlatform } from '../../lib/db';
import { isUnsent } from '../../lib/sync/coalesce';
import { unresolvedEntries } from '../../lib/sync/outbox';
import { writeSynced, writeSyncedTogether } from '../../lib/sync/write';
import { selectCurrentUser, type AuthState } from '../auth';
import {
  AI_POSTS_ENTITY,
  aiPostSaved,
  aiPostsLoaded,
  type AiPost,
  type AiPostStatus,
} from './ai-posts-slice';
import { aiGeneratedPostsEntity, aiPostsTable } from './ai-posts-sync';

type GetState = () => unknown;

function currentUserId(getState: GetState): string | null {
  return selectCurrentUser(getState() as { auth: AuthState })?.id ?? null;
}

export class NoAiPostError extends Error {
  constructor(id: string) {
    super(`No AI generated post ${id} on this device.`);
    this.name = 'NoAiPostError';
  }
}

/** A row kept before AI posts were synced lacks the synced fields, `version` included. */
const neverQueued = (post: AiPost) => (post as Partial<AiPost>).version === undefined;

function withSyncedFields(post: AiPost): AiPost {
  return {
    ...post,
    suggestedFor: post.suggestedFor ?? null,
    scheduledPostId: post.scheduledPostId ?? null,
    version: post.version ?? null,
    updatedAt: post.updatedAt ?? post.reviewedAt ?? post.generatedAt,
  };
}

/**
 * Queues the posts this device kept before they were synced (no `version` at all), once: after
 * that their version is null (pending) or the server's.
 */
function pushUnsyncedPosts(posts: AiPost[], db: AppDb) {
  return writeSyncedTogether(db, [aiGeneratedPostsEntity], async (queue) => {
    for (const post of posts) {
      // Another reader may have queued it meanwhile.
      const current = await aiPostsTable(db).get(post.id);
      if (current && neverQueued(current))
        await queue(aiGeneratedPostsEntity, { op: 'upsert', row: withSyncedFields(current) });
    }
  });
}

/** Reads the user's AI generated posts from this device into the slice. */
export function loadAiPosts(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch): Promise<AiPost[]> => {
    const db = given ?? (await appDb());
    const rows = await aiPostsTable(db).where('userId').equals(userId).toArray();
    const unsynced = rows.filter(neverQueued);
    if (unsynced.length > 0) await pushUnsyncedPosts(unsynced, db)(dispatch);
    const posts = rows.map(withSyncedFields);
    dispatch(aiPostsLoaded({ userId, posts }));
    return posts;
  };
}

export interface GeneratedPostInput {
  content: string;
  platforms: DraftPlatform[];
  aiProvider: string;
  prompt: string;
  engagementPrediction: number;
  hashtags: string[];
  /** The AI optimal time when it was generated (ISO); null or absent when not worked out. */
  suggestedFor?: string | null;
}

/** Keeps a freshly generated post, waiting for review, and queues it for the user's devices. */
export function recordGeneratedPost(input: GeneratedPostInput, given?: AppDb) {
  return async (dispatch: Dispatch, getState: GetState): Promise<AiPost | null> => {
    const db = given ?? (await appDb());
    const userId = currentUserId(getState);
    if (!userId) return null;
    const now = new Date().toISOString();
    const post: AiPost = {
      id: crypto.randomUUID(),
      userId,
      content: input.content,
      platforms: [...input.platforms],
      aiProvider: input.aiProvider,
      status: 'pending-review',
      generatedAt: now,
      prompt: input.prompt,
      engagementPrediction: input.engagementPrediction,
      hashtags: [...input.hashtags],
      feedback: null,
      reviewedAt: null,
      suggestedFor: input.suggestedFor ?? null,
      scheduledPostId: null,
      version: null,
      updatedAt: now,
    };
    const stored =
      (await writeSynced(aiGeneratedPostsEntity, { op: 'upsert', row: post }, { db })(dispatch)) ??
      post;
    dispatch(aiPostSaved(stored));
    return stored;
  };
}

export interface ReviewDecision {
  status: AiPostStatus;
  /** The content as the reviewer left it (or as the AI revised it). */
  content?: string;
  feedback?: string | null;
  /** The scheduled post it became (with status scheduled). */
  scheduledPostId?: string | null;
}

/** Changes a post of the signed-in user (a review decision, the AI's new text) on every device. */
export function reviewAiPost(id: string, decision: ReviewDecision, given?: AppDb) {
  return async (dispatch: Dispatch, getState: GetState): Promise<AiPost> => {
    const db = given ?? (await appDb());
    const userId = currentUserId(getState);
    const existing = await aiPostsTable(db).get(id);
    if (!existing || existing.userId !== userId) throw new NoAiPostError(id);
    const now = new Date().toISOString();
    const post: AiPost = {
      ...withSyncedFields(existing),
      status: decision.status,
      content: decision.content ?? existing.content,
      feedback: decision.feedback === undefined ? existing.feedback : decision.feedback,
      scheduledPostId:
        decision.scheduledPostId === undefined
          ? (existing.scheduledPostId ?? null)
          : decision.scheduledPostId,
      reviewedAt: now,
      updatedAt: now,
    };
    const stored =
      (await writeSyncedTogether(db, [aiGeneratedPostsEntity], async (queue) => {
        // The tie names a scheduled post that may still wait in the outbox, and the server
        // refuses a tie to a post it does not have: an unsent entry of this row moves behind it.
        if (decision.scheduledPostId) {
          const unsent = (await unresolvedEntries(db, AI_POSTS_ENTITY, id)).filter(isUnsent);
          await db.outbox.bulkDelete(unsent.map((entry) => entry.seq!));
        }
        return queue(aiGeneratedPostsEntity, { op: 'upsert', row: post });
      })(dispatch)) ?? post;
    dispatch(aiPostSaved(stored));
    return stored;
  };
}
