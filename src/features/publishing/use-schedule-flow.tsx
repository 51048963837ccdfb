import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import type { DraftPlatform, PublishMode } from '../../lib/db';
import { useHandler } from '../../lib/use-handler';
import { reviewAiPost } from '../ai-posts';
import { useTimeZone } from '../appearance';
import { selectCurrentUser } from '../auth';
import { markDraftScheduled } from '../drafts';
import { readAccounts, rememberedAccounts, useSocialAccounts } from '../social';
import { PagePickerDialog } from './page-picker-on-demand';
import { loadPublishing, PostLockedError, schedulePost } from './publishing-repository';
import { selectPublishingUserId } from './publishing-slice';
import { ScheduledDialog } from './scheduled-dialog';
import {
  manualNote,
  planAccounts,
  resolvePublishTime,
  scheduleMessages,
  validateScheduling,
  type AccountPlan,
  type AccountsByPlatform,
} from './schedule-request';
import type { OptimalTime } from './optimal-time';

/** What is being scheduled, and when (as the user chose it). */
export interface ScheduleRequest {
  content: string;
  platforms: DraftPlatform[];
  mode: PublishMode;
  date: string;
  time: string;
  /** The draft it comes from: it keeps the draft's id and marks the draft scheduled. */
  draftId?: string | null;
  /** The approved AI generated post it comes from: marked scheduled. */
  aiPostId?: string | null;
}

interface Pending {
  request: ScheduleRequest;
  scheduledFor: string;
  timeRule: string | null;
  plan: AccountPlan;
}

const NO_ACCOUNTS: AccountsByPlatform = { facebook: [], linkedin: [] };
/** How long scheduling waits for the account list before using the one on the device. */
const ACCOUNTS_WAIT_MS = 4000;

export interface ScheduleFlow {
  /** Checks the request, asks for pages when needed, schedules, then confirms. */
  start: (request: ScheduleRequest) => Promise<void>;
  busy: boolean;
  /** The page picker or the confirmation is showing. */
  engaged: boolean;
  /** The picker and confirmation dialogs, rendered by the screen. */
  dialogs: ReactNode;
}

/**
 * Scheduling, shared by /create, a draft's Schedule and an approved AI post's Schedule. Works
 * offline: the post is queued with the outbox, and the pages come from the list last read on the
 * device. `onProblem` shows why a request cannot be scheduled.
 */
export function useScheduleFlow({
  onProblem,
  pickOptimal,
  onScheduled,
}: {
  onProblem: (message: string) => void;
  /** The AI optimal time, worked out at the moment of scheduling. */
  pickOptimal: () => OptimalTime;
  onScheduled?: () => void;
}): ScheduleFlow {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const social = useSocialAccounts(userId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  // A second press while the first is being scheduled must not schedule the post twice.
  const running = useRef(false);
  const [done, setDone] = useState<{ note: string | null } | null>(null);

  async function accountsNow(): Promise<AccountsByPlatform> {
    if (social.loaded || !userId) return social.accounts;
    // The first read has not answered yet: wait a little for it, then take what the device knows.
    const remembered = () => rememberedAccounts(userId).catch(() => null);
    const fresh = readAccounts(userId);
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), ACCOUNTS_WAIT_MS));
    return (await Promise.race([fresh, late])) ?? (await remembered()) ?? NO_ACCOUNTS;
  }

  async function commit(p: Pending, accountIds: string[]) {
    if (!userId) return;
    running.current = true;
    setBusy(true);
    try {
      if (selectPublishingUserId(store.getState()) !== userId)
        await dispatch(loadPublishing(userId));
      const { request } = p;
      const scheduledFor = p.scheduledFor;
      const scheduled = await dispatch(
        schedulePost({
          content: request.content,
          platforms: request.platforms,
          accountIds: [...p.plan.accountIds, ...accountIds],
          scheduledFor,
          publishMode: request.mode,
          timeRule: p.timeRule,
          draftId: request.draftId ?? null,
        }),
      );
      if (request.draftId) await dispatch(markDraftScheduled(request.draftId, scheduledFor));
      // The AI post is tied to the post it became. The post is scheduled even if this fails.
      if (request.aiPostId)
        await dispatch(
          reviewAiPost(request.aiPostId, { status: 'scheduled', scheduledPostId: scheduled.id }),
        ).catch((error: unknown) => console.error('The AI post could not be marked:', error));
      setPending(null);
      setDone({ note: manualNote(p.plan.manual) });
      onScheduled?.();
    } catch (error) {
      setPending(null);
      if (error instanceof PostLockedError) onProblem(error.message);
      else {
        console.error(
          'The post could not be scheduled:',
          error instanceof Error ? error.message : error,
        );
        onProblem(scheduleMessages.failed);
      }
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  async function start(request: ScheduleRequest) {
    if (running.current) return;
    const problem = validateScheduling(request.content, request.platforms);
    if (problem) return onProblem(problem);
    const when = resolvePublishTime({
      mode: request.mode,
      date: request.date,
      time: request.time,
      timeZone,
      now: new Date(),
      optimal: request.mode === 'optimal' ? pickOptimal() : null,
    });
    if (!when.ok) return onProblem(when.message);
    running.current = true;
    setBusy(true);
    try {
      const plan = planAccounts(request.platforms, await accountsNow());
      const next: Pending = {
        request,
        scheduledFor: when.scheduledFor,
        timeRule: when.timeRule,
        plan,
      };
      if (plan.choices.length > 0) setPending(next);
      else await commit(next, []);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  // Made again only when what they show changes: typing in the form around them skips them.
  const cancelPicking = useHandler(() => setPending(null));
  const confirmPicking = useHandler((ids: string[]) => {
    if (pending && !running.current) void commit(pending, ids);
  });
  const goToCalendar = useHandler(() => navigate('/calendar'));
  const dialogs = useMemo(
    () => (
      <>
        <PagePickerDialog
          open={pending !== null}
          choices={pending?.plan.choices ?? []}
          manual={pending?.plan.manual ?? []}
          busy={busy}
          onCancel={cancelPicking}
          onConfirm={confirmPicking}
        />
        <ScheduledDialog open={done !== null} note={done?.note} onOk={goToCalendar} />
      </>
    ),
    [pending, done, busy, cancelPicking, confirmPicking, goToCalendar],
  );

  return { start, busy, engaged: pending !== null || done !== null, dialogs };
}
