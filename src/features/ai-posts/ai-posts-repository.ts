import type { Dispatch } from '@reduxjs/toolkit';
import type { Table } from 'dexie';
import { getAppDb, type AppDb, type DraftPlatform } from '../../lib/db';
import { selectCurrentUser, type AuthState } from '../auth';
import { aiPostSaved, aiPostsLoaded, type AiPost, type AiPostStatus } from './ai-posts-slice';

type GetState = () => unknown;

function aiPostsTable(db: AppDb): Table<AiPost, string> {
  return db.table<AiPost, string>('aiPosts');
}

function currentUserId(getState: GetState): string | null {
  return selectCurrentUser(getState() as { auth: AuthState })?.id ?? null;
}

export class NoAiPostError extends Error {
  constructor(id: string) {
    super(`No AI generated post ${id} on this device.`);
    this.name = 'NoAiPostError';
  }
}

/** Reads the user's AI generated posts from this device into the slice. */
export function loadAiPosts(userId: string, db: AppDb = getAppDb()) {
  return async (dispatch: Dispatch): Promise<AiPost[]> => {
    const posts = await aiPostsTable(db).where('userId').equals(userId).toArray();
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
}

/** Keeps a freshly generated post on this device, waiting for review. */
export function recordGeneratedPost(input: GeneratedPostInput, db: AppDb = getAppDb()) {
  return async (dispatch: Dispatch, getState: GetState): Promise<AiPost | null> => {
    const userId = currentUserId(getState);
    if (!userId) return null;
    const post: AiPost = {
      id: crypto.randomUUID(),
      userId,
      content: input.content,
      platforms: [...input.platforms],
      aiProvider: input.aiProvider,
      status: 'pending-review',
      generatedAt: new Date().toISOString(),
      prompt: input.prompt,
      engagementPrediction: input.engagementPrediction,
      hashtags: [...input.hashtags],
      feedback: null,
      reviewedAt: null,
    };
    await aiPostsTable(db).put(post);
    dispatch(aiPostSaved(post));
    return post;
  };
}

export interface ReviewDecision {
  status: AiPostStatus;
  /** The content as the reviewer left it (or as the AI revised it). */
  content?: string;
  feedback?: string | null;
}

/** Applies a review decision to a post of the signed-in user. */
export function reviewAiPost(id: string, decision: ReviewDecision, db: AppDb = getAppDb()) {
  return async (dispatch: Dispatch, getState: GetState): Promise<AiPost> => {
    const userId = currentUserId(getState);
    const table = aiPostsTable(db);
    const existing = await table.get(id);
    if (!existing || existing.userId !== userId) throw new NoAiPostError(id);
    const post: AiPost = {
      ...existing,
      status: decision.status,
      content: decision.content ?? existing.content,
      feedback: decision.feedback === undefined ? existing.feedback : decision.feedback,
      reviewedAt: new Date().toISOString(),
    };
    await table.put(post);
    dispatch(aiPostSaved(post));
    return post;
  };
}
