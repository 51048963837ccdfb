import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  type ChipProps,
} from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { platformLabels, type DraftPlatform } from '../../lib/platforms';
import { useFormatters } from '../appearance';
import { selectScheduledPostById, selectTargetsOfPost, type PublishTarget } from '../publishing';
import { pullRequested, selectSyncOnline } from '../sync';
import { CALENDAR_STATUS_LABELS, type CalendarItem, type CalendarStatus } from './calendar-items';
import { TargetConfirmDialogs, TargetRow, targetTexts, type TargetConfirm } from './target-row';
import {
  markTargetPosted,
  OFFLINE_ACTION_MESSAGE,
  publishTargetAgain,
  type TargetActionOutcome,
} from './target-actions';

export const postDetailTexts = {
  close: 'Close',
  untitled: 'Post',
  status: 'Status',
  planned: 'Planned for',
  suggested: 'Suggested for',
  platforms: 'Platforms',
  targets: 'Where it goes',
  published: targetTexts.published,
  viewPost: targetTexts.viewPost,
  publishYourself: targetTexts.publishYourself,
  checkPage: targetTexts.checkPage,
  failedFallback: targetTexts.failedFallback,
  copyText: targetTexts.copyText,
  copied: 'Text copied.',
  copyFailed: 'Could not copy the text. Select it and copy it yourself.',
  markPosted: targetTexts.markPosted,
  markedPosted: targetTexts.markedPosted,
  retry: targetTexts.retry,
  publishAgain: targetTexts.publishAgain,
  publishAgainTitle: targetTexts.publishAgainTitle,
  publishAgainMessage: targetTexts.publishAgainMessage,
  queuedAgain: targetTexts.queuedAgain,
  notOnDevice: 'This post is no longer on this device.',
};

const STATUS_COLORS: Record<CalendarStatus, ChipProps['color']> = {
  scheduled: 'info',
  publishing: 'info',
  published: 'success',
  failed: 'error',
  'needs-attention': 'warning',
  draft: 'default',
  'in-review': 'secondary',
};

/**
 * A calendar entry in full: its text, when it is planned, its status and, for a scheduled post,
 * each place it goes with how it went and what the user can do about it.
 */
export function PostDetailDialog({
  item,
  onClose,
}: {
  item: CalendarItem | null;
  onClose: () => void;
}) {
  const titleId = useId();
  // The dialog keeps showing the entry while it fades out.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {shown && <DetailBody item={shown} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function DetailBody({
  item,
  titleId,
  onClose,
}: {
  item: CalendarItem;
  titleId: string;
  onClose: () => void;
}) {
  const { formatDateTime } = useFormatters();
  const isPost = item.kind === 'scheduled-post';
  // The store's copy: the text or time may have changed since the calendar listed it.
  const post = useAppSelector((state) =>
    isPost ? selectScheduledPostById(state, item.sourceId) : undefined,
  );
  const targets = useAppSelector(selectTargetsOfPost(item.sourceId));
  const content = post?.content ?? item.content;
  const at = post?.scheduledFor ?? item.at;
  const platforms = post?.platforms ?? item.platforms;

  return (
    <>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {item.title || postDetailTexts.untitled}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Chip
              size="small"
              variant="outlined"
              label={CALENDAR_STATUS_LABELS[item.status]}
              color={STATUS_COLORS[item.status]}
              aria-label={`${postDetailTexts.status}: ${CALENDAR_STATUS_LABELS[item.status]}`}
            />
            <Typography variant="body2" color="text.secondary">
              {item.kind === 'ai-post' ? postDetailTexts.suggested : postDetailTexts.planned}{' '}
              <time dateTime={at}>{formatDateTime(at)}</time>
            </Typography>
          </Stack>
          {post?.timeRule && (
            <Typography variant="caption" color="text.secondary">
              {post.timeRule}
            </Typography>
          )}
          {isPost && !post && <Alert severity="info">{postDetailTexts.notOnDevice}</Alert>}
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {content}
          </Typography>
          {isPost && targets.length > 0 ? (
            <Targets content={content} targets={targets} />
          ) : (
            <PlatformChips platforms={platforms} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{postDetailTexts.close}</Button>
      </DialogActions>
    </>
  );
}

function PlatformChips({ platforms }: { platforms: readonly DraftPlatform[] }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      aria-label={postDetailTexts.platforms}
    >
      {platforms.map((p) => (
        <Chip key={p} size="small" label={platformLabels[p]} />
      ))}
    </Stack>
  );
}

/** Each target with its state and the actions the calendar offers for it. */
function Targets({ content, targets }: { content: string; targets: readonly PublishTarget[] }) {
  const dispatch = useAppDispatch();
  const online = useAppSelector(selectSyncOnline);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<TargetConfirm | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = (severity: Notice['severity'], text: string) => setNotice(makeNotice(severity, text));

  const run = async (
    target: PublishTarget,
    action: () => Promise<TargetActionOutcome>,
    success: string,
  ) => {
    setBusy(target.id);
    try {
      const outcome = await action();
      if (outcome.kind === 'done') {
        say('success', success);
        // The server changed the target: fetch it now instead of at the next pull.
        dispatch(pullRequested());
      } else if (outcome.kind === 'offline') say('warning', OFFLINE_ACTION_MESSAGE);
      else say('error', outcome.message);
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  };

  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(content);
      say('success', postDetailTexts.copied);
    } catch {
      say('error', postDetailTexts.copyFailed);
    }
  };

  const needsNetwork = targets.some((t) =>
    ['failed', 'needs_attention', 'reminder'].includes(t.status),
  );

  return (
    <>
      {!online && needsNetwork && <Alert severity="info">{OFFLINE_ACTION_MESSAGE}</Alert>}
      <Box
        component="ul"
        aria-label={postDetailTexts.targets}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {targets.map((target) => (
          <TargetRow
            key={target.id}
            target={target}
            disabled={busy === target.id || !online}
            labelPublished
            onCopy={() => void copyText()}
            onRetry={() =>
              void run(target, () => publishTargetAgain(target.id), postDetailTexts.queuedAgain)
            }
            onPublishAgain={() => setConfirm({ kind: 'again', target })}
            onMarkPosted={() => setConfirm({ kind: 'posted', target })}
          />
        ))}
      </Box>
      <TargetConfirmDialogs
        confirm={confirm}
        busy={busy}
        onPublishAgain={(target) =>
          void run(target, () => publishTargetAgain(target.id), postDetailTexts.queuedAgain)
        }
        onMarkPosted={(target, permalink) =>
          void run(
            target,
            () => markTargetPosted(target.id, permalink),
            postDetailTexts.markedPosted,
          )
        }
        onClose={() => setConfirm(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
