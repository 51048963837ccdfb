import { Box, Popover } from '@mui/material';
import type { SyncPopoverProps } from './sync-status-button';

/** A dialog under a top-bar sync button, right edges aligned; open while `anchor` is set. */
export default function SyncPopoverView({
  id,
  anchor,
  onClose,
  label,
  maxWidth,
  children,
}: SyncPopoverProps) {
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', ...label } }}
    >
      <Box sx={{ p: 2, maxWidth }}>{children}</Box>
    </Popover>
  );
}
