import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Paper, Stack, Typography, type ChipProps } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { platformLabels } from '../../lib/platforms';
import { useFormatters } from '../appearance';
import {
  cancelScheduledPost,
  isPostLocked,
  POST_LOCKED_MESSAGE,
  selectPublishingLoaded,
  selectScheduledPosts,
  selectTargetsByPost,
  updateScheduledPost,
  type PublishTarget,
  type ScheduledPost,
  type ScheduledPostChanges,
  type ScheduledPostStatus,
} from '../publishing';
import { selectParkedEntries, selectSyncOnline, pullRequested } from '../sync';
import { EditPostDialog } from './calendar-parts';
import { postStatus } from './post-status';
import { TargetConfirmDialogs, TargetRow, targetTexts, type TargetConfirm } from './target-row';
import {
  markTargetPosted,
  OFFLINE_ACTION_MESSAGE,
  publishTargetAgain,
  type TargetActionOutcome,
} from './target-actions';
import { Spinner } from '../../components/spinner';

export const calendarTexts = {
  section: 'Scheduled posts',
  upcoming: 'Upcoming',
  recent: 'Recent',
  empty: 'No scheduled posts yet.',
  createPost: 'Create Post',
  loading: 'Loading scheduled posts',
  edit: 'Edit',
  cancelPost: 'Cancel post',
  cancelTitle: 'Cancel this post?',
  cancelMessage: 'It will not be published. This cannot be undone.',
  keepPost: 'Keep post',
  cancelled: 'Post cancelled.',
  saved: 'Post updated.',
  locked: POST_LOCKED_MESSAGE,
  viewPost: targetTexts.viewPost,
  retry: targetTexts.retry,
  publishAgain: targetTexts.publishAgain,
  publishAgainTitle: targetTexts.publishAgainTitle,
  publishAgainMessage: targetTexts.publishAgainMessage,
  markPosted: targetTexts.markPosted,
  copyText: targetTexts.copyText,
  copied: 'Text copied.',
  copyFailed: 'Could not copy the text. Select it and copy it yourself.',
  checkPage: targetTexts.checkPage,
  publishYourself: targetTexts.publishYourself,
  queuedAgain: targetTexts.queuedAgain,
  markedPosted: targetTexts.markedPosted,
  failedFallback: targetTexts.failedFallback,
  zone: (zone: string) => `Times are in ${zone}.`,
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  showMore: (n: number) => `Show ${n} more`,
  notSaved: (reason: string) => `Your change was not saved: ${reason}`,
};

const POST_STATUS: Record<ScheduledPostStatus, { label: string; color: ChipProps['color'] }> = {
  scheduled: { label: 'Scheduled', color: 'default' },
  publishing: { label: 'Publishing', color: 'info' },
  published: { label: 'Published', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  needs_attention: { label: 'Needs attention', color: 'warning' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

const UPCOMING: readonly ScheduledPostStatus[] = ['scheduled', 'publishing'];
/** Posts a group shows at first, and how many more each Show more adds. */
export const POSTS_PAGE = 10;

export { postStatus };

/** Upcoming posts soonest first, then the rest most recent first. */
export function arrangePosts(
  posts: readonly ScheduledPost[],
  targetsByPost: Record<string, readonly PublishTarget[]> = {},
) {
  const time = (p: ScheduledPost) => Date.parse(p.scheduledFor);
  const isUpcoming = (p: ScheduledPost) =>
    UPCOMING.includes(postStatus(p, targetsByPost[p.id] ?? []));
  const upcoming = posts.filter(isUpcoming);
  const recent = posts.filter((p) => !isUpcoming(p));
  upcoming.sort((a, b) => time(a) - time(b) || a.id.localeCompare(b.id));
  recent.sort((a, b) => time(b) - time(a) || a.id.localeCompare(b.id));
  return { upcoming, recent };
}

type Dialog =
  { kind: 'edit'; post: ScheduledPost } | { kind: 'cancel'; post: ScheduledPost } | TargetConfirm;

/** The calendar's list of the user's scheduled posts, each with where it goes and how it went. */
export function ScheduledPosts() {
  const dispatch = useAppDispatch();
  const { formatZoneName } = useFormatters();
  const loaded = useAppSelector(selectPublishingLoaded);
  const posts = useAppSelector(selectScheduledPosts);
  const targetsByPost = useAppSelector(selectTargetsByPost);
  const online = useAppSelector(selectSyncOnline);
  const parked = useAppSelector(selectParkedEntries);
  const { upcoming, recent } = useMemo(
    () => arrangePosts(posts, targetsByPost),
    [posts, targetsByPost],
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingId = useId();

  const say = (severity: Notice['severity'], text: string) => setNotice(makeNotice(severity, text));

  const afterTargetAction = (outcome: TargetActionOutcome, success: string) => {
    if (outcome.kind === 'done') {
      say('success', success);
      // The server changed the target: fetch it now instead of at the next pull.
      dispatch(pullRequested());
    } else if (outcome.kind === 'offline') say('warning', OFFLINE_ACTION_MESSAGE);
    else say('error', outcome.message);
  };

  const runTarget = async (
    target: PublishTarget,
    action: () => Promise<TargetActionOutcome>,
    success: string,
  ) => {
    setBusy(target.id);
    try {
      afterTargetAction(await action(), success);
    } finally {
      setBusy(null);
      setDialog(null);
    }
  };

  const savePost = async (post: ScheduledPost, changes: ScheduledPostChanges) => {
    setBusy(post.id);
    try {
      await dispatch(updateScheduledPost(post.id, changes));
      say('success', calendarTexts.saved);
    } catch (error) {
      say('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
      setDialog(null);
    }
  };

  const cancelPost = async (post: ScheduledPost) => {
    setBusy(post.id);
    try {
      await dispatch(cancelScheduledPost(post.id));
      say('success', calendarTexts.cancelled);
    } catch (error) {
      say('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
      setDialog(null);
    }
  };

  const copyText = async (post: ScheduledPost) => {
    try {
      await navigator.clipboard.writeText(post.content);
      say('success', calendarTexts.copied);
    } catch {
      say('error', calendarTexts.copyFailed);
    }
  };

  const actions: PostActions = {
    online,
    busy,
    refusal: (post) =>
      parked.find((e) => e.entity === 'scheduled_posts' && e.entityId === post.id)?.error.message ??
      null,
    edit: (post) => setDialog({ kind: 'edit', post }),
    cancel: (post) => setDialog({ kind: 'cancel', post }),
    retry: (target) =>
      void runTarget(target, () => publishTargetAgain(target.id), calendarTexts.queuedAgain),
    publishAgain: (target) => setDialog({ kind: 'again', target }),
    markPosted: (target) => setDialog({ kind: 'posted', target }),
    copyText: (post) => void copyText(post),
  };

  const needsNetwork = [...upcoming, ...recent].some((p) =>
    (targetsByPost[p.id] ?? []).some((t) =>
      ['failed', 'needs_attention', 'reminder'].includes(t.status),
    ),
  );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h5" component="h2">
        {calendarTexts.section}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {calendarTexts.zone(formatZoneName())}
      </Typography>
      {!online && needsNetwork && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {OFFLINE_ACTION_MESSAGE}
        </Alert>
      )}
      {!loaded ? (
        <Spinner size={28} label={calendarTexts.loading} />
      ) : posts.length === 0 ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{calendarTexts.empty}</Typography>
          <Button component={RouterLink} to="/create" variant="contained">
            {calendarTexts.createPost}
          </Button>
        </Stack>
      ) : (
        <>
          <PostGroup
            title={calendarTexts.upcoming}
            posts={upcoming}
            targetsByPost={targetsByPost}
            actions={actions}
          />
          <PostGroup
            title={calendarTexts.recent}
            posts={recent}
            targetsByPost={targetsByPost}
            actions={actions}
          />
        </>
      )}

      {dialog?.kind === 'edit' && (
        <EditPostDialog
          post={dialog.post}
          busy={busy === dialog.post.id}
          onSave={(changes) => void savePost(dialog.post, changes)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'cancel'}
        title={calendarTexts.cancelTitle}
        message={calendarTexts.cancelMessage}
        confirmLabel={calendarTexts.cancelPost}
        cancelLabel={calendarTexts.keepPost}
        destructive
        busy={busy !== null}
        onConfirm={() => dialog?.kind === 'cancel' && void cancelPost(dialog.post)}
        onCancel={() => setDialog(null)}
      />
      <TargetConfirmDialogs
        confirm={dialog?.kind === 'again' || dialog?.kind === 'posted' ? dialog : null}
        busy={busy}
        onPublishAgain={(target) =>
          void runTarget(target, () => publishTargetAgain(target.id), calendarTexts.queuedAgain)
        }
        onMarkPosted={(target, permalink) =>
          void runTarget(
            target,
            () => markTargetPosted(target.id, permalink),
            calendarTexts.markedPosted,
          )
        }
        onClose={() => setDialog(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}

interface PostActions {
  online: boolean;
  busy: string | null;
  /** Why the server refused this device's last change of the post, while it is parked. */
  refusal(post: ScheduledPost): string | null;
  edit(post: ScheduledPost): void;
  cancel(post: ScheduledPost): void;
  retry(target: PublishTarget): void;
  publishAgain(target: PublishTarget): void;
  markPosted(target: PublishTarget): void;
  copyText(post: ScheduledPost): void;
}

function PostGroup({
  title,
  posts,
  targetsByPost,
  actions,
}: {
  title: string;
  posts: ScheduledPost[];
  targetsByPost: Record<string, PublishTarget[]>;
  actions: PostActions;
}) {
  const headingId = useId();
  // A busy calendar holds hundreds of posts: they come a page at a time, not all at once.
  const [shown, setShown] = useState(POSTS_PAGE);
  if (posts.length === 0) return null;
  const visible = posts.slice(0, shown);
  const left = posts.length - visible.length;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {visible.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            targets={targetsByPost[post.id] ?? []}
            actions={actions}
          />
        ))}
      </Stack>
      {left > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button variant="outlined" onClick={() => setShown((n) => n + POSTS_PAGE)}>
            {calendarTexts.showMore(Math.min(POSTS_PAGE, left))}
          </Button>
          <Typography variant="body2" color="text.secondary" role="status">
            {calendarTexts.showing(visible.length, posts.length)}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

function StatusChip({ status }: { status: ScheduledPostStatus }) {
  const s = POST_STATUS[status];
  return <Chip size="small" label={s.label} color={s.color} variant="outlined" />;
}

function PostCard({
  post,
  targets,
  actions,
}: {
  post: ScheduledPost;
  targets: PublishTarget[];
  actions: PostActions;
}) {
  const { formatDateTime } = useFormatters();
  const headingId = useId();
  const locked = isPostLocked(targets);
  const status = postStatus(post, targets);
  const editable = !locked && status === 'scheduled';
  const busy = actions.busy === post.id;
  const refusal = actions.refusal(post);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <time dateTime={post.scheduledFor}>{formatDateTime(post.scheduledFor)}</time>
        </Typography>
        <StatusChip status={status} />
      </Stack>
      {refusal && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {calendarTexts.notSaved(refusal)}
        </Alert>
      )}
      {post.timeRule && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {post.timeRule}
        </Typography>
      )}
      <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {post.content}
      </Typography>

      {targets.length === 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {post.platforms.map((p) => (
            <Chip key={p} size="small" label={platformLabels[p]} />
          ))}
        </Stack>
      ) : (
        <Box
          component="ul"
          aria-label="Where it goes"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
        >
          {targets.map((target) => (
            <TargetRow
              key={target.id}
              target={target}
              disabled={actions.busy === target.id || !actions.online}
              onCopy={() => actions.copyText(post)}
              onRetry={() => actions.retry(target)}
              onPublishAgain={() => actions.publishAgain(target)}
              onMarkPosted={() => actions.markPosted(target)}
            />
          ))}
        </Box>
      )}

      {editable ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => actions.edit(post)}
            disabled={busy}
          >
            {calendarTexts.edit}
          </Button>
          <Button
            variant="outlined"
            size="small"
            color="error"
            onClick={() => actions.cancel(post)}
            disabled={busy}
          >
            {calendarTexts.cancelPost}
          </Button>
        </Stack>
      ) : (
        locked &&
        UPCOMING.includes(status) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {calendarTexts.locked}
          </Typography>
        )
      )}
    </Paper>
  );
}
