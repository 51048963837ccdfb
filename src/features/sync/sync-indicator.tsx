import { useId, useState } from 'react';
import { Button, Divider, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudSync from '@mui/icons-material/CloudSync';
import SyncProblem from '@mui/icons-material/SyncProblem';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ParkedEntry } from '../../lib/sync/outbox';
import { useFormatters } from '../appearance';
import { REPLAY_EXPIRED } from '../../lib/sync/replay';
import {
  selectParkedEntries,
  selectSyncIndicator,
  syncDiscardRequested,
  syncRetryRequested,
  type SyncIndicatorState,
} from './sync-slice';
import { SyncPopover, SyncStatusButton } from './sync-status-button';

type NumberFormat = (n: number) => string;

export function waitingText(n: number, formatNumber: NumberFormat = String): string {
  return n === 1 ? '1 change waiting' : `${formatNumber(n)} changes waiting`;
}

/** The state in words; counts written by `formatNumber` (the user's language). */
export function indicatorText(s: SyncIndicatorState, formatNumber: NumberFormat = String): string {
  switch (s.kind) {
    case 'offline':
      return s.waiting > 0 ? `Offline, ${waitingText(s.waiting, formatNumber)}` : 'Offline';
    case 'error':
      return 'Sync error';
    case 'waiting':
      return waitingText(s.waiting, formatNumber);
    case 'synced':
      return 'All changes synced';
  }
}

const ENTITY_LABELS: Record<string, string> = {
  post_drafts: 'Draft',
  onboarding_data: 'Onboarding answers',
  user_profiles: 'Profile',
};

function describe(entry: ParkedEntry): { title: string; reason: string } {
  const what = ENTITY_LABELS[entry.entity] ?? 'Change';
  const title = entry.op === 'delete' ? `${what} deletion` : `${what} change`;
  const { code, status } = entry.error;
  let reason = `The server refused it (${code}).`;
  if (code.startsWith('23') || code.startsWith('22'))
    reason = 'The server found invalid data in it.';
  else if (code === 'PGRST413' || status === 413) reason = 'It is too large to upload.';
  else if (code === '42501' || status === 403) reason = 'You are not allowed to make this change.';
  else if (code === 'P0002') reason = 'It no longer exists on the server.';
  else if (code === REPLAY_EXPIRED)
    reason = 'It was sent over 30 days ago without an answer, so the server may already have it.';
  return { title, reason };
}

const ICONS = {
  offline: CloudOff,
  error: SyncProblem,
  waiting: CloudSync,
  synced: CloudDone,
} as const;

/** The top bar's sync status: offline, changes waiting, synced, or refused changes to handle. */
export function SyncIndicator() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectSyncIndicator);
  const parked = useAppSelector(selectParkedEntries);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const { formatNumber } = useFormatters();
  const text = indicatorText(state, (n) => formatNumber(n));
  const Icon = ICONS[state.kind];
  const open = anchor !== null && state.kind === 'error';

  return (
    <>
      {state.kind === 'error' ? (
        <Button
          color="error"
          size="small"
          startIcon={<Icon />}
          onPointerEnter={SyncPopover.preload}
          onPointerDown={SyncPopover.preload}
          onFocus={SyncPopover.preload}
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-haspopup="dialog"
          aria-controls={open ? popoverId : undefined}
          aria-expanded={open}
          sx={{ whiteSpace: 'nowrap' }}
        >
          <span role="status" aria-live="polite">
            {text}
          </span>
        </Button>
      ) : (
        <SyncStatusButton state={state} text={text} icon={<Icon fontSize="small" aria-hidden />} />
      )}
      <SyncPopover
        id={popoverId}
        anchor={open ? anchor : null}
        onClose={() => setAnchor(null)}
        label={{ 'aria-label': 'Changes the server refused' }}
        maxWidth={360}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Changes the server refused
        </Typography>
        <Typography variant="body2" color="text.secondary">
          They are kept on this device. Retry them, or discard them to get the server&apos;s version
          back.
        </Typography>
        <List dense>
          {parked.map((entry) => {
            const { title, reason } = describe(entry);
            return (
              <ListItem key={entry.seq} disableGutters sx={{ display: 'block' }}>
                <ListItemText primary={title} secondary={reason} />
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    onClick={() => dispatch(syncRetryRequested({ seqs: [entry.seq] }))}
                  >
                    Retry
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => dispatch(syncDiscardRequested({ seqs: [entry.seq] }))}
                  >
                    Discard
                  </Button>
                </Stack>
              </ListItem>
            );
          })}
        </List>
        {parked.length > 1 && (
          <>
            <Divider sx={{ mb: 1 }} />
            <Button
              size="small"
              variant="contained"
              onClick={() => dispatch(syncRetryRequested({}))}
            >
              Retry all
            </Button>
          </>
        )}
      </SyncPopover>
    </>
  );
}
