import type { ReactNode } from 'react';
import { Box, Button, Chip, Link, Stack, Typography, type ChipProps } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { platformLabels } from '../../lib/platforms';
import { useFormatters } from '../appearance';
import type { PublishTarget, TargetStatus } from '../publishing';
import { MarkPostedDialog } from './calendar-parts';

export const targetTexts = {
  published: 'Published',
  viewPost: 'View post',
  retry: 'Retry',
  publishAgain: 'Publish again',
  markPosted: 'Mark as posted',
  copyText: 'Copy text',
  checkPage: 'Check your page before posting again',
  publishYourself: 'Publish it yourself',
  failedFallback: 'The post could not be published.',
  publishAgainTitle: 'Publish again?',
  publishAgainMessage:
    'Check your page first: if the post is already there, publishing again posts it twice.',
  queuedAgain: 'The post will be published again in a moment.',
  markedPosted: 'Marked as posted.',
};

/** A target's state in words, wherever the calendar shows one. */
export const TARGET_STATE: Record<TargetStatus, { label: string; color: ChipProps['color'] }> = {
  scheduled: { label: 'Scheduled', color: 'default' },
  publishing: { label: 'Publishing', color: 'info' },
  published: { label: 'Published', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  needs_attention: { label: 'Needs attention', color: 'warning' },
  cancelled: { label: 'Cancelled', color: 'default' },
  reminder: { label: 'Time to post', color: 'warning' },
  posted: { label: 'Posted', color: 'success' },
};

const isWebLink = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

export interface TargetRowProps {
  target: PublishTarget;
  /** The server actions are off (one is running, or the device is offline); copying stays on. */
  disabled: boolean;
  /** Says "Published" before the publish time (the detail dialog); the list shows the time alone. */
  labelPublished?: boolean;
  onCopy: () => void;
  onRetry: () => void;
  onPublishAgain: () => void;
  onMarkPosted: () => void;
}

/**
 * One place a post goes: platform and account, its state, how it went (time and link, or the
 * error) and what the user can do about it. Shared by the Scheduled posts list and the detail
 * dialog, so both always offer the same actions.
 */
export function TargetRow({
  target,
  disabled,
  labelPublished = false,
  onCopy,
  onRetry,
  onPublishAgain,
  onMarkPosted,
}: TargetRowProps) {
  const { formatDateTime } = useFormatters();
  const name = platformLabels[target.platform];
  const state = TARGET_STATE[target.status];
  const small = { variant: 'outlined', size: 'small', disabled } as const;
  const markPosted = (
    <Button key="posted" {...small} onClick={onMarkPosted}>
      {targetTexts.markPosted}
    </Button>
  );
  const buttons: ReactNode[] = [];
  let detail: ReactNode = null;

  switch (target.status) {
    case 'published':
    case 'posted':
      detail = target.publishedAt && (
        <>
          {labelPublished && `${targetTexts.published} `}
          <time dateTime={target.publishedAt}>{formatDateTime(target.publishedAt)}</time>
        </>
      );
      if (isWebLink(target.permalink))
        buttons.push(
          <Link
            key="view"
            href={target.permalink}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            {targetTexts.viewPost}
            <OpenInNew fontSize="inherit" aria-hidden />
          </Link>,
        );
      break;
    case 'failed':
      detail = target.errorMessage ?? targetTexts.failedFallback;
      buttons.push(
        target.kind === 'auto' ? (
          <Button key="retry" {...small} onClick={onRetry}>
            {targetTexts.retry}
          </Button>
        ) : (
          markPosted
        ),
      );
      break;
    case 'needs_attention':
      detail = (
        <>
          <Box component="strong" sx={{ display: 'block' }}>
            {targetTexts.checkPage}
          </Box>
          {target.errorMessage}
        </>
      );
      buttons.push(
        <Button key="again" {...small} onClick={onPublishAgain}>
          {targetTexts.publishAgain}
        </Button>,
        markPosted,
      );
      break;
    case 'reminder':
      buttons.push(
        // Copying needs no connection.
        <Button key="copy" variant="outlined" size="small" onClick={onCopy}>
          {targetTexts.copyText}
        </Button>,
        markPosted,
      );
      break;
    default:
      break;
  }

  return (
    <Box
      component="li"
      sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {target.accountName ? `${name} · ${target.accountName}` : name}
        </Typography>
        <Chip size="small" variant="outlined" label={state.label} color={state.color} />
        {target.kind === 'manual' && (
          <Chip size="small" label={targetTexts.publishYourself} color="secondary" />
        )}
      </Stack>
      {detail && (
        <Typography
          variant="body2"
          color={target.status === 'failed' ? 'error' : 'text.secondary'}
          component="div"
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {detail}
        </Typography>
      )}
      {buttons.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          {buttons}
        </Stack>
      )}
    </Box>
  );
}

/** A target action waiting for the user's confirmation. */
export type TargetConfirm =
  { kind: 'again'; target: PublishTarget } | { kind: 'posted'; target: PublishTarget };

/** The confirmations of Publish again and Mark as posted, for the list and the detail dialog. */
export function TargetConfirmDialogs({
  confirm,
  busy,
  onPublishAgain,
  onMarkPosted,
  onClose,
}: {
  confirm: TargetConfirm | null;
  /** The id of what is being saved, if anything. */
  busy: string | null;
  onPublishAgain: (target: PublishTarget) => void;
  onMarkPosted: (target: PublishTarget, permalink: string | null) => void;
  onClose: () => void;
}) {
  return (
    <>
      <ConfirmDialog
        open={confirm?.kind === 'again'}
        title={targetTexts.publishAgainTitle}
        message={targetTexts.publishAgainMessage}
        confirmLabel={targetTexts.publishAgain}
        busy={busy !== null}
        onConfirm={() => confirm?.kind === 'again' && onPublishAgain(confirm.target)}
        onCancel={onClose}
      />
      {confirm?.kind === 'posted' && (
        <MarkPostedDialog
          busy={busy === confirm.target.id}
          onConfirm={(permalink) => onMarkPosted(confirm.target, permalink)}
          onClose={onClose}
        />
      )}
    </>
  );
}
