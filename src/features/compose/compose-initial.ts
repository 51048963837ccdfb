import type { DraftPostType, PublishMode } from '../../lib/db';
import { dateInZone, deviceTimeZone, wallTimeToInstant } from '../../lib/intl/zoned-time';
import type { DraftPlatform } from '../../lib/platforms';
import { providerOf, type AiProviderId } from '../ai';
import type { AiPost } from '../ai-posts';
import type { Draft } from '../drafts';
import { isPostLocked, type PublishTarget, type ScheduledPost } from '../publishing';
import { DEFAULT_PLATFORMS, parsePlatformsParam } from './compose-options';
import { PROMPT_PRESETS } from './prompt-presets';
import { dateTimeInputs, sampleSchedule } from './schedule-dates';

export type { PublishMode };

/** A prompt that is not one of the presets: an idea from the dashboard, or an older draft's. */
export const CUSTOM_PROMPT_ID = 'custom';

/** What /create starts from, worked out from its query parameters and the records they name. */
export interface ComposeInitial {
  /** The draft being edited; null for a new post. */
  draftId: string | null;
  /** The scheduled post being edited (editPost); null otherwise. */
  postId: string | null;
  /** The scheduled post has started publishing: shown, but no longer changed. */
  locked: boolean;
  content: string;
  platforms: DraftPlatform[];
  postType: DraftPostType;
  /** A preset id, CUSTOM_PROMPT_ID, or '' when none is chosen. */
  promptId: string;
  customPrompt: string | null;
  provider: AiProviderId;
  /** The provider that wrote `content`; null for a post written by hand. */
  writtenBy: AiProviderId | null;
  publishMode: PublishMode;
  date: string;
  time: string;
  /** The AI generated post under review, when the page was opened from one. */
  aiPostId: string | null;
  openReview: boolean;
  /** Why a parameter could not be honoured, shown above the form. */
  warning: string | null;
}

export const composeWarnings = {
  draftNotFound:
    'This draft could not be found on this device. It may have been deleted. You can write a new post instead.',
  postNotFound:
    'This post could not be found on this device. It may have been cancelled. You can write a new post instead.',
} as const;

function promptChoice(
  prompt: string | null | undefined,
): Pick<ComposeInitial, 'promptId' | 'customPrompt'> {
  const text = prompt?.trim();
  if (!text) return { promptId: '', customPrompt: null };
  const preset = PROMPT_PRESETS.find((p) => p.prompt === text || p.label === text);
  return preset
    ? { promptId: preset.id, customPrompt: null }
    : { promptId: CUSTOM_PROMPT_ID, customPrompt: text };
}

export interface ComposeSources {
  params: URLSearchParams;
  /** The draft named by editDraft (or editPost), when it exists on this device. */
  draft: Draft | undefined;
  /** The AI generated post named by aiPost, when it exists on this device. */
  aiPost: AiPost | undefined;
  /** The scheduled post named by editPost (when no draft has that id), with its targets. */
  post?: ScheduledPost;
  postTargets?: readonly PublishTarget[];
  provider: AiProviderId;
  now?: Date;
  /** The zone the schedule's date and time are shown in (the user's); the device's if absent. */
  timeZone?: string;
}

/** Publishing has started (the server's rule, see isPostLocked), or the post is past it. */
export function scheduledPostLocked(
  post: Pick<ScheduledPost, 'status'>,
  targets: readonly PublishTarget[],
): boolean {
  return post.status !== 'scheduled' || isPostLocked(targets);
}

/** A date= parameter (YYYY-MM-DD) that names a real day, today or later in `timeZone`; else null. */
export function presetDate(
  value: string | null,
  now: Date = new Date(),
  timeZone: string = deviceTimeZone(),
): string | null {
  if (!value || !wallTimeToInstant(value, '00:00', timeZone)) return null;
  // Both are YYYY-MM-DD, so the strings compare as the dates do.
  return value >= dateInZone(now, timeZone) ? value : null;
}

export function composeInitial({
  params,
  draft,
  aiPost,
  post,
  postTargets = [],
  provider,
  now,
  timeZone,
}: ComposeSources): ComposeInitial {
  const sample = sampleSchedule(now, timeZone);
  const base: ComposeInitial = {
    draftId: null,
    postId: null,
    locked: false,
    content: '',
    platforms: [...DEFAULT_PLATFORMS],
    postType: 'text',
    promptId: '',
    customPrompt: null,
    provider,
    writtenBy: null,
    publishMode: 'now',
    date: sample.date,
    time: sample.time,
    aiPostId: null,
    openReview: false,
    warning: null,
  };

  const editDraft = params.get('editDraft');
  const editPost = params.get('editPost');
  if (editDraft || editPost) {
    if (draft) {
      const scheduled = draft.scheduledFor ? dateTimeInputs(draft.scheduledFor, timeZone) : null;
      return {
        ...base,
        ...promptChoice(draft.prompt),
        draftId: draft.id,
        content: draft.content,
        platforms: [...draft.platforms],
        postType: draft.postType,
        provider: providerOf(draft.aiProvider, provider),
        writtenBy: providerOf(draft.aiProvider, null),
        publishMode: scheduled ? 'schedule' : 'now',
        date: scheduled?.date ?? sample.date,
        time: scheduled?.time ?? sample.time,
      };
    }
    if (editPost && post) {
      // Whatever mode it was scheduled with, it now has a time: show it as Schedule for later.
      const when = dateTimeInputs(post.scheduledFor, timeZone);
      return {
        ...base,
        postId: post.id,
        locked: scheduledPostLocked(post, postTargets),
        content: post.content,
        platforms: [...post.platforms],
        publishMode: 'schedule',
        date: when?.date ?? sample.date,
        time: when?.time ?? sample.time,
      };
    }
    base.warning = editDraft ? composeWarnings.draftNotFound : composeWarnings.postNotFound;
  }

  const date = editDraft || editPost ? null : presetDate(params.get('date'), now, timeZone);
  if (date) {
    base.publishMode = 'schedule';
    base.date = date;
  }

  const platforms = parsePlatformsParam(params.get('platforms'));
  if (platforms) base.platforms = platforms;
  const aiContent = params.get('aiContent');
  if (aiContent !== null) {
    base.content = aiContent;
    base.writtenBy = provider;
  }
  if (aiPost) {
    Object.assign(base, promptChoice(aiPost.prompt));
    base.aiPostId = aiPost.id;
    base.provider = providerOf(aiPost.aiProvider, provider);
    base.writtenBy = base.provider;
    base.openReview = true;
    if (aiContent === null) base.content = aiPost.content;
    if (!platforms) base.platforms = [...aiPost.platforms];
  }
  const idea = params.get('idea')?.trim();
  if (idea && !aiPost) {
    base.promptId = CUSTOM_PROMPT_ID;
    base.customPrompt = idea;
  }
  return base;
}
