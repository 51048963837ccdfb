import { useId, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Typography } from '@mui/material';
import { FallbackPanel } from '../../components/fallback-panel';
import { openedOnDemand } from '../../lib/on-demand';
import type { SyncIndicatorState } from './sync-slice';

type CalmState = Exclude<SyncIndicatorState, { kind: 'error' }>;

/** What the state means for the user's work, in words. */
export function syncExplanation(state: CalmState): string {
  switch (state.kind) {
    case 'offline':
      return state.waiting > 0
        ? 'You are offline. Your changes are saved on this device and will sync when you are back online.'
        : 'You are offline. What you save now stays on this device and syncs when you are back online.';
    case 'waiting':
      return 'Your changes are saved on this device and are being sent to the server.';
    case 'synced':
      return 'Everything you saved is on the server.';
  }
}

/**
 * The top bar's sync state when nothing needs the user: the words beside the icon where there is
 * room, the waiting count on the icon on a phone, and the state in words on a tap everywhere.
 */
export function SyncStatusButton({
  state,
  text,
  icon,
}: {
  state: CalmState;
  text: string;
  icon: ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const titleId = useId();
  const open = anchor !== null;
  const waiting = state.kind === 'synced' ? 0 : state.waiting;

  return (
    <Box role="status" aria-live="polite" aria-label={text} sx={{ display: 'inline-flex' }}>
      <Button
        size="small"
        color="inherit"
        aria-label={text}
        aria-haspopup="dialog"
        aria-controls={open ? popoverId : undefined}
        aria-expanded={open}
        onPointerEnter={SyncPopover.preload}
        onPointerDown={SyncPopover.preload}
        onFocus={SyncPopover.preload}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{
          minWidth: 0,
          gap: 0.75,
          px: 1,
          color: state.kind === 'synced' ? 'text.secondary' : 'text.primary',
          whiteSpace: 'nowrap',
          textTransform: 'none',
          fontWeight: 400,
        }}
      >
        <Badge
          badgeContent={waiting}
          color="primary"
          max={99}
          sx={{ display: 'inline-flex', '& .MuiBadge-badge': { display: { sm: 'none' } } }}
        >
          {icon}
        </Badge>
        <Typography component="span" variant="body2" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {text}
        </Typography>
      </Button>
      <SyncPopover
        id={popoverId}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        label={{ 'aria-labelledby': titleId }}
        maxWidth={320}
      >
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {text}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {syncExplanation(state)}
        </Typography>
      </SyncPopover>
    </Box>
  );
}

export interface SyncPopoverProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  label: { 'aria-label': string } | { 'aria-labelledby': string };
  maxWidth: number;
  children: ReactNode;
}

/** Shown should the popover fail to load: the same content in a plain panel under the top bar. */
function PlainSyncPopover({ id, onClose, label, maxWidth, children }: SyncPopoverProps) {
  return (
    <FallbackPanel
      side="right"
      width={maxWidth}
      id={id}
      role="dialog"
      label={label}
      onClose={onClose}
    >
      {children}
    </FallbackPanel>
  );
}

/**
 * A dialog under a top-bar sync button, right edges aligned; open while `anchor` is set. MUI's
 * Popover is fetched the first time one opens (or its button is pointed at), not with the page.
 */
export const SyncPopover = openedOnDemand<SyncPopoverProps>(
  'The sync details',
  () => import('./sync-popover-view'),
  (props) => props.anchor !== null,
  PlainSyncPopover,
);
