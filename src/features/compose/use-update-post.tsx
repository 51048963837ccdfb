import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DoneDialog } from '../../components/done-dialog';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { wallTimeToInstant } from '../../lib/intl/zoned-time';
import { useHandler } from '../../lib/use-handler';
import type { DraftPlatform } from '../../lib/platforms';
import { useTimeZone } from '../appearance';
import { selectCurrentUser } from '../auth';
import {
  PagePickerDialog,
  planAccounts,
  PostLockedError,
  resolvePublishTime,
  scheduleMessages,
  ScheduledPostNotFoundError,
  selectScheduledPostById,
  updateScheduledPost,
  validateScheduling,
  type AccountPlan,
  type OptimalTime,
  type PublishMode,
  type ScheduledPost,
  type ScheduledPostChanges,
} from '../publishing';
import { readAccounts, rememberedAccounts, type AccountsByPlatform } from '../social';

export const updatePostTexts = {
  title: 'Post updated',
  updated: 'Your scheduled post has been updated successfully!',
  notFound:
    'This post is no longer on this device. It may have been cancelled. Go back to the calendar to see your posts.',
  ok: 'OK',
};

/** The form's fields that an edit of a scheduled post saves. */
export interface PostEdit {
  content: string;
  platforms: DraftPlatform[];
  mode: PublishMode;
  date: string;
  time: string;
}

const NO_ACCOUNTS: AccountsByPlatform = { facebook: [], linkedin: [] };
/** How long saving waits for the account list before using the one on the device. */
const ACCOUNTS_WAIT_MS = 4000;

/**
 * What the edit changes, or why it cannot be saved. The time is only checked when it was
 * changed: a post whose time went by while the publisher was away may still get a new text.
 */
export function postChanges(
  post: ScheduledPost,
  edit: PostEdit,
  { timeZone, now, optimal }: { timeZone: string; now: Date; optimal: () => OptimalTime },
): { changes: ScheduledPostChanges } | { problem: string } {
  const problem = validateScheduling(edit.content, edit.platforms);
  if (problem) return { problem };
  const changes: ScheduledPostChanges = { content: edit.content, platforms: [...edit.platforms] };
  const typed = edit.mode === 'schedule' ? wallTimeToInstant(edit.date, edit.time, timeZone) : null;
  // The inputs hold whole minutes; a post made with Publish now has seconds too.
  const minute = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
  if (typed && minute(typed) === minute(post.scheduledFor)) return { changes };
  const when = resolvePublishTime({
    mode: edit.mode,
    date: edit.date,
    time: edit.time,
    timeZone,
    now,
    optimal: edit.mode === 'optimal' ? optimal() : null,
  });
  if (!when.ok) return { problem: when.message };
  // A time the user chose is theirs now, not the rule's that picked the old one.
  return {
    changes: {
      ...changes,
      scheduledFor: when.scheduledFor,
      publishMode: edit.mode,
      timeRule: when.timeRule,
    },
  };
}

interface Picking {
  postId: string;
  changes: ScheduledPostChanges;
  plan: AccountPlan;
}

export interface PostUpdate {
  save: (postId: string, edit: PostEdit) => Promise<void>;
  busy: boolean;
  /** The page picker and the confirmation, rendered by the form. */
  dialogs: ReactNode;
}

/**
 * Saves an edit of a scheduled post through the outbox (so it works offline), asks which pages a
 * newly added Facebook or LinkedIn goes to when there are several, then confirms and goes back to
 * the calendar. `onProblem` says why an edit cannot be saved.
 */
export function useUpdatePost({
  onProblem,
  pickOptimal,
}: {
  onProblem: (message: string) => void;
  pickOptimal: () => OptimalTime;
}): PostUpdate {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState<Picking | null>(null);
  const [done, setDone] = useState(false);
  // A second press while the first is being saved must not save twice.
  const running = useRef(false);

  async function accountsNow(): Promise<AccountsByPlatform> {
    if (!userId) return NO_ACCOUNTS;
    const remembered = () => rememberedAccounts(userId).catch(() => null);
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), ACCOUNTS_WAIT_MS));
    return (
      (await Promise.race([readAccounts(userId), late])) ?? (await remembered()) ?? NO_ACCOUNTS
    );
  }

  async function commit(postId: string, changes: ScheduledPostChanges) {
    running.current = true;
    setBusy(true);
    try {
      await dispatch(updateScheduledPost(postId, changes));
      setPicking(null);
      setDone(true);
    } catch (error) {
      setPicking(null);
      if (error instanceof PostLockedError) onProblem(error.message);
      else if (error instanceof ScheduledPostNotFoundError) onProblem(updatePostTexts.notFound);
      else {
        console.error(
          'The post could not be updated:',
          error instanceof Error ? error.message : error,
        );
        onProblem(scheduleMessages.failed);
      }
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  async function save(postId: string, edit: PostEdit) {
    if (running.current) return;
    const post = selectScheduledPostById(store.getState(), postId);
    if (!post) return onProblem(updatePostTexts.notFound);
    const result = postChanges(post, edit, { timeZone, now: new Date(), optimal: pickOptimal });
    if ('problem' in result) return onProblem(result.problem);
    const { changes } = result;
    // Pages chosen at scheduling stay; only a platform added now may need a choice.
    const added = edit.platforms.filter((p) => !post.platforms.includes(p));
    if (!added.some((p) => p === 'facebook' || p === 'linkedin')) return commit(postId, changes);
    running.current = true;
    setBusy(true);
    let plan: AccountPlan;
    try {
      plan = planAccounts(added, await accountsNow());
    } finally {
      running.current = false;
      setBusy(false);
    }
    const next = { ...changes, accountIds: [...post.accountIds, ...plan.accountIds] };
    if (plan.choices.length > 0) setPicking({ postId, changes: next, plan });
    else await commit(postId, next);
  }

  // Made again only when what they show changes: typing in the form around them skips them.
  const cancelPicking = useHandler(() => setPicking(null));
  const confirmPicking = useHandler((ids: string[]) => {
    if (picking && !running.current)
      void commit(picking.postId, {
        ...picking.changes,
        accountIds: [...(picking.changes.accountIds ?? []), ...ids],
      });
  });
  const goToCalendar = useHandler(() => navigate('/calendar'));
  const dialogs = useMemo(
    () => (
      <>
        <PagePickerDialog
          open={picking !== null}
          choices={picking?.plan.choices ?? []}
          manual={picking?.plan.manual ?? []}
          busy={busy}
          onCancel={cancelPicking}
          onConfirm={confirmPicking}
        />
        <DoneDialog
          open={done}
          title={updatePostTexts.title}
          text={updatePostTexts.updated}
          okLabel={updatePostTexts.ok}
          onOk={goToCalendar}
        />
      </>
    ),
    [picking, done, busy, cancelPicking, confirmPicking, goToCalendar],
  );

  return { save, busy, dialogs };
}
