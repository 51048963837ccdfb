import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { NoticeSnackbar } from '../../components/notice-snackbar';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { useHandler } from '../../lib/use-handler';
import { useStagedReveal } from '../../lib/use-staged-reveal';
import { extractHashtags } from '../ai';
import { displayName, selectCurrentUser } from '../auth';
import {
  POST_LOCKED_MESSAGE,
  scheduleMessages,
  selectScheduledPostById,
  selectTargetsByPost,
  useOptimalTime,
  useScheduleFlow,
} from '../publishing';
import { selectParkedEntries } from '../sync';
import { ComposeHeader, type ComposeSubject } from './compose-header';
import { scheduledPostLocked, type ComposeInitial } from './compose-initial';
import { composeMessages, validateSchedule } from './compose-validation';
import { GeneratePanel } from './generate-panel';
import { PlatformsSection } from './platforms-section';
import type { PostExtrasProps } from './post-extras';
import { PostContentSection } from './post-content-section';
import { PublishTimeSection } from './publish-time-section';
import { ReviewModal } from './review-modal-on-demand';
import { useComposeNotice } from './use-compose-notice';
import { useComposeState, type ComposeState } from './use-compose-state';
import { useComposeUrlSync } from './use-compose-url-sync';
import { useGeneratePost } from './use-generate-post';
import { useSaveDraft } from './use-save-draft';
import { useScheduleZone } from './use-schedule-zone';
import { useSuggestHashtags } from './use-suggest-hashtags';
import { useUpdatePost } from './use-update-post';

// The options card comes after the post's text and the AI card (useStagedReveal below): its code
// loads beside the form's first commits rather than with the page.
const postExtras = lazyWithPreload<PostExtrasProps>(() =>
  import('./post-extras').then((module) => ({ default: module.PostExtras })),
);
const PostExtras = postExtras.Component;
/** Fetches the options card's code: the form then reveals its cards without waiting for it. */
export const preloadPostExtras = postExtras.preload;

/**
 * Whether the scheduled post on the form has started publishing, as this device now knows it, or
 * the server refused a change of it for that reason.
 */
function usePostLocked(postId: string | null, lockedAtOpen: boolean): boolean {
  const post = useAppSelector((state) =>
    postId ? selectScheduledPostById(state, postId) : undefined,
  );
  // This post's targets only: the rest of the device's posts do not render the form again.
  const targets = useAppSelector((state) =>
    postId ? selectTargetsByPost(state)[postId] : undefined,
  );
  const refused = useAppSelector(selectParkedEntries).some(
    (entry) =>
      entry.entity === 'scheduled_posts' &&
      entry.entityId === postId &&
      entry.error.message === POST_LOCKED_MESSAGE,
  );
  if (!postId) return false;
  return lockedAtOpen || refused || (post ? scheduledPostLocked(post, targets ?? []) : false);
}

/** The /create form; it starts from `initial` and then owns its state. */
export function ComposeForm({ initial }: { initial: ComposeInitial }) {
  const navigate = useNavigate();
  const authorName = displayName(useAppSelector(selectCurrentUser));
  const { form, edit, settleTyping, choose, aiPost, promptText } = useComposeState(initial);
  const { content, platforms } = form;
  const { notice, notify, clear: clearNotice } = useComposeNotice({ content, platforms });
  const generation = useGeneratePost(form, promptText, edit);
  const hashtagSuggestion = useSuggestHashtags(content, form.provider, edit, settleTyping);
  const showDraftInAddress = useComposeUrlSync();
  const { saving, save } = useSaveDraft(form, {
    promptText,
    notify,
    onCreated: (draftId) => {
      // Later saves update this draft instead of adding copies; the address says so too.
      edit({ type: 'draftCreated', draftId });
      showDraftInAddress(draftId);
    },
  });
  const [reviewOpen, setReviewOpen] = useState(initial.openReview);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { zoneLabel } = useScheduleZone(form.date, form.time, choose);
  const { optimal, pick } = useOptimalTime();
  // The post's text comes first, then the type tabs above it in the room kept for them (see
  // PostContentSection); the cards under it follow one commit each, in the order a phone stacks
  // them, so none pushes down what is already on screen (see useStagedReveal). The cards start
  // once the options card's code is in, which would otherwise push down those after it.
  const [extras, setExtras] = useState<'loading' | 'loaded' | 'failed'>(() =>
    postExtras.isLoaded() ? 'loaded' : 'loading',
  );
  useEffect(() => {
    if (postExtras.isLoaded()) return;
    let mounted = true;
    const load = () =>
      postExtras.preload().then(
        () => mounted && setExtras('loaded'),
        // Offline on a first visit, before the service worker holds the app: the form goes on
        // without the card, which comes once the device is back online.
        () => mounted && setExtras('failed'),
      );
    void load();
    window.addEventListener('online', load);
    return () => {
      mounted = false;
      window.removeEventListener('online', load);
    };
  }, []);
  const typeTabs = useStagedReveal(1) === 1;
  const shown = useStagedReveal(4, typeTabs && extras !== 'loading');
  const locked = usePostLocked(form.postId, initial.locked);
  const subject: ComposeSubject = form.postId ? 'scheduled' : form.draftId ? 'draft' : 'new';
  // A missing text or platform closes once fixed; a time in the past stays until replaced.
  const onScheduleProblem = (problem: string) =>
    validateSchedule({ content, platforms }) === problem
      ? notify('warning', problem, 'schedule')
      : notify(problem === scheduleMessages.failed ? 'error' : 'warning', problem);
  const updating = useUpdatePost({ onProblem: onScheduleProblem, pickOptimal: pick });
  const scheduling = useScheduleFlow({
    onProblem: onScheduleProblem,
    pickOptimal: pick,
    // An older notice would sit under the announcement and contradict it.
    onScheduled: clearNotice,
  });

  // Typing shows in the field at once; the form follows once typing pauses, in a render that
  // gives way to the next keystroke (useComposeState), and so do the previews and hashtags after
  // a change of the text that did not come from typing. The other cards get handlers that keep
  // their identity and values typing does not change, so they skip typing's renders.
  const deferredContent = useDeferredValue(content);
  // The same list while the text's tags stay the same (a tag is `#\w+`, never a line break), so
  // the Extras card skips the renders of keystrokes that change none.
  const hashtagLines = useMemo(
    () => extractHashtags(deferredContent).join('\n'),
    [deferredContent],
  );
  const hashtags = useMemo(() => (hashtagLines ? hashtagLines.split('\n') : []), [hashtagLines]);
  // Handlers that only reach `choose` and `edit` (which never change) are made once...
  const set = useMemo(
    () => ({
      postType: (postType: ComposeState['postType']) => choose({ postType }),
      content: (text: string) => edit({ type: 'contentEdited', content: text }),
      removeHashtag: (tag: string) => edit({ type: 'hashtagRemoved', tag }),
      approval: (approval: ComposeState['approval']) => choose({ approval }),
      firstComment: (firstComment: boolean) => choose({ firstComment }),
      autoRespond: (autoRespond: boolean) => choose({ autoRespond }),
      platforms: (platforms: ComposeState['platforms']) => choose({ platforms }),
      mode: (publishMode: ComposeState['publishMode']) => choose({ publishMode }),
      date: (date: string) => choose({ date }),
      time: (time: string) => choose({ time }),
      keepEditing: () => setConfirmCancel(false),
    }),
    [choose, edit],
  );
  // ...those that read the form as it is now always run their latest version (useHandler), and
  // those that read its text first bring in what was just typed (settleTyping).
  const on = {
    cancel: useHandler(() => (locked ? navigate('/calendar') : setConfirmCancel(true))),
    save: useHandler(save, settleTyping),
    schedule: useHandler(handleSchedule, settleTyping),
    reviewOpen: useHandler(() => setReviewOpen(true), settleTyping),
    providerChange: useHandler((provider: ComposeState['provider']) => {
      choose({ provider });
      generation.clearError();
    }),
    promptChange: useHandler((promptId: string) => {
      choose({ promptId });
      generation.clearError();
    }),
    generate: useHandler(generation.generate),
    confirmCancel: useHandler(() => navigate(form.postId ? '/calendar' : '/dashboard')),
  };

  function handleSchedule() {
    if (form.postId) {
      if (locked) return;
      void updating.save(form.postId, {
        content,
        platforms,
        mode: form.publishMode,
        date: form.date,
        time: form.time,
      });
      return;
    }
    void scheduling.start({
      content,
      platforms,
      mode: form.publishMode,
      date: form.date,
      time: form.time,
      draftId: form.draftId,
      aiPostId: form.aiPostId,
    });
  }

  return (
    <Box>
      <ComposeHeader
        subject={subject}
        readOnly={locked}
        saving={form.postId ? updating.busy : saving}
        // A locked post has nothing to lose: straight back to where posts are listed.
        onCancel={on.cancel}
        onSave={on.save}
        onSchedule={on.schedule}
      />

      {initial.warning && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {initial.warning}
        </Alert>
      )}
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {POST_LOCKED_MESSAGE}
        </Alert>
      )}

      <Box
        // A disabled fieldset disables every control in it, as the browser and assistive
        // technology both understand; the parts that only make sense while writing are left out.
        component="fieldset"
        disabled={locked}
        sx={{
          border: 0,
          m: 0,
          p: 0,
          minWidth: 0,
          '&:disabled': { opacity: 0.7 },
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <PostContentSection
            postType={form.postType}
            onPostTypeChange={set.postType}
            content={content}
            contentRevision={form.contentRevision}
            onContentChange={set.content}
            typeTabs={typeTabs}
          />

          {!locked && shown >= 1 && (
            <GeneratePanel
              provider={form.provider}
              // The dashboard keeps its own choice: trying Perplexity here must not switch it.
              onProviderChange={on.providerChange}
              promptId={form.promptId}
              customPrompt={initial.customPrompt}
              onPromptChange={on.promptChange}
              generating={generation.generating}
              error={generation.error}
              prediction={form.prediction}
              onGenerate={on.generate}
              reviewDisabled={!content.trim()}
              onReview={on.reviewOpen}
            />
          )}

          {!locked && shown >= 2 && extras === 'loaded' && (
            <PostExtras
              hashtags={hashtags}
              onRemoveHashtag={set.removeHashtag}
              suggestion={hashtagSuggestion}
              approval={form.approval}
              onApprovalChange={set.approval}
              firstComment={form.firstComment}
              onFirstCommentChange={set.firstComment}
              autoRespond={form.autoRespond}
              onAutoRespondChange={set.autoRespond}
            />
          )}
        </Stack>

        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {shown >= 3 && (
            <PlatformsSection
              platforms={platforms}
              onPlatformsChange={set.platforms}
              content={deferredContent}
              authorName={authorName}
            />
          )}

          {shown >= 4 && (
            <PublishTimeSection
              mode={form.publishMode}
              onModeChange={set.mode}
              date={form.date}
              time={form.time}
              onDateChange={set.date}
              onTimeChange={set.time}
              zoneLabel={zoneLabel}
              optimal={optimal}
            />
          )}
        </Stack>
      </Box>

      <ReviewModal
        open={reviewOpen}
        prompt={aiPost?.prompt ?? promptText}
        content={content}
        platforms={platforms}
        authorName={authorName}
        aiPost={aiPost ?? null}
        onClose={() => setReviewOpen(false)}
        onApproved={(reviewed) => {
          edit({ type: 'reviewApproved', content: reviewed });
          notify('success', composeMessages.approved);
        }}
        provider={form.provider}
        onRevised={(revised) =>
          edit({ type: 'reviewRevised', content: revised, provider: form.provider })
        }
      />

      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this post?"
        message={composeMessages.cancelConfirm}
        confirmLabel="Yes, Cancel"
        cancelLabel="Keep Editing"
        destructive
        onCancel={set.keepEditing}
        onConfirm={on.confirmCancel}
      />

      {scheduling.dialogs}
      {updating.dialogs}

      <NoticeSnackbar notice={notice} onClose={clearNotice} />
    </Box>
  );
}
