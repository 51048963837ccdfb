import { appDb } from '../../lib/app-db';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AppDb, DraftPlatform, PublishMode } from '../../lib/db';
import { writeSynced, type ThunkDispatcher } from '../../lib/sync/write';
import { pullRequested } from '../sync';
import {
  isPostLocked,
  publishingLoaded,
  scheduledPostRemoved,
  scheduledPostSaved,
  type PublishingState,
  type PublishTarget,
  type ScheduledPost,
} from './publishing-slice';
import { scheduledPostsEntity } from './scheduled-posts-sync';

/** What a screen hands over to schedule a post. */
export interface ScheduleInput {
  /** Given to reschedule a post this device already has; a new post otherwise. */
  id?: string;
  content: string;
  platforms: DraftPlatform[];
  /** The connected accounts (pages) chosen; empty lets the server pick the only one. */
  accountIds?: string[];
  /** ISO time; "now" for Publish now. */
  scheduledFor: string;
  publishMode: PublishMode;
  timeRule?: string | null;
  /** The draft it is scheduled from. */
  draftId?: string | null;
}

/** What an edit of a scheduled post may change. */
export type ScheduledPostChanges = Partial<
  Pick<
    ScheduledPost,
    'content' | 'platforms' | 'accountIds' | 'scheduledFor' | 'publishMode' | 'timeRule'
  >
>;

export const POST_LOCKED_MESSAGE = 'Publishing has started, so this post can no longer be changed.';

export class PublishingNotSignedInError extends Error {
  constructor() {
    super('Sign in to schedule posts.');
    this.name = 'PublishingNotSignedInError';
  }
}

export class PostLockedError extends Error {
  constructor() {
    super(POST_LOCKED_MESSAGE);
    this.name = 'PostLockedError';
  }
}

export class ScheduledPostNotFoundError extends Error {
  constructor() {
    super('Post not found');
    this.name = 'ScheduledPostNotFoundError';
  }
}

type GetState = () => unknown;

/**
 * The server (re)builds a post's targets as it takes the write: asking for a pull now makes the
 * engine pull in the same pass as the push, so the targets show without waiting.
 */
const pullTargets = (dispatch: ThunkDispatcher) => dispatch(pullRequested());

function publishingState(getState: GetState): PublishingState {
  return (getState() as { publishing: PublishingState }).publishing;
}

function signedInUser(getState: GetState): string {
  const userId = publishingState(getState).userId;
  if (!userId) throw new PublishingNotSignedInError();
  return userId;
}

/** Reads the user's scheduled posts and their targets from this device into the slice. */
export function loadPublishing(userId: string, given?: AppDb) {
  return async (dispatch: Dispatch): Promise<ScheduledPost[]> => {
    const db = given ?? (await appDb());
    const [posts, targets] = await Promise.all([
      db.scheduledPosts.where('userId').equals(userId).toArray(),
      db.publishTargets.where('userId').equals(userId).toArray(),
    ]);
    dispatch(publishingLoaded({ userId, posts, targets }));
    return posts;
  };
}

const STARTED: readonly ScheduledPost['status'][] = [
  'publishing',
  'published',
  'failed',
  'needs_attention',
];

/** The post as this device has it, refused when publishing has started (or it is not there). */
async function unlockedPost(db: AppDb, userId: string, id: string): Promise<ScheduledPost> {
  const [post, targets] = await Promise.all([
    db.scheduledPosts.get(id),
    db.publishTargets.where('postId').equals(id).toArray(),
  ]);
  if (!post || post.userId !== userId) throw new ScheduledPostNotFoundError();
  if (isPostLocked(targets as PublishTarget[]) || STARTED.includes(post.status))
    throw new PostLockedError();
  return post;
}

function cleanInput(input: ScheduleInput) {
  return {
    content: input.content,
    platforms: [...new Set(input.platforms)],
    accountIds: [...new Set(input.accountIds ?? [])],
    scheduledFor: new Date(input.scheduledFor).toISOString(),
    publishMode: input.publishMode,
    timeRule: input.timeRule ?? null,
  };
}

/**
 * Schedules a post on this device and queues it for the server, in one local transaction; it
 * never waits for the network. The server makes its targets and publishes it when due.
 */
export function schedulePost(input: ScheduleInput, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<ScheduledPost> => {
    const db = given ?? (await appDb());
    const userId = signedInUser(getState);
    if (input.id && (await db.scheduledPosts.get(input.id)))
      return dispatch(updateScheduledPost(input.id, cleanInput(input), db));
    const now = new Date().toISOString();
    const post: ScheduledPost = {
      id: input.id ?? crypto.randomUUID(),
      userId,
      ...cleanInput(input),
      draftId: input.draftId ?? null,
      status: 'scheduled',
      version: null,
      createdAt: now,
      updatedAt: now,
    };
    const stored = await dispatch(
      writeSynced(scheduledPostsEntity, { op: 'upsert', row: post }, { db }),
    );
    dispatch(scheduledPostSaved(stored ?? post));
    pullTargets(dispatch);
    return stored ?? post;
  };
}

/** Changes a post that has not started publishing; refused with PostLockedError once it has. */
export function updateScheduledPost(id: string, changes: ScheduledPostChanges, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<ScheduledPost> => {
    const db = given ?? (await appDb());
    const userId = signedInUser(getState);
    const current = await unlockedPost(db, userId, id);
    const next: ScheduledPost = {
      ...current,
      ...changes,
      scheduledFor: changes.scheduledFor
        ? new Date(changes.scheduledFor).toISOString()
        : current.scheduledFor,
      updatedAt: new Date().toISOString(),
    };
    const stored = await dispatch(
      writeSynced(scheduledPostsEntity, { op: 'upsert', row: next }, { db }),
    );
    dispatch(scheduledPostSaved(stored ?? next));
    pullTargets(dispatch);
    return stored ?? next;
  };
}

/** Cancels a post that has not started publishing (a sync delete: a tombstone on the server). */
export function cancelScheduledPost(id: string, given?: AppDb) {
  return async (dispatch: ThunkDispatcher, getState: GetState): Promise<void> => {
    const db = given ?? (await appDb());
    const userId = signedInUser(getState);
    await unlockedPost(db, userId, id);
    await dispatch(writeSynced(scheduledPostsEntity, { op: 'delete', userId, id }, { db }));
    dispatch(scheduledPostRemoved({ id }));
    pullTargets(dispatch);
  };
}
