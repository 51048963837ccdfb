import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';

/**
 * What a menu, popover or drawer shows should its look fail to load (`openedOnDemand`): its
 * content in a plain panel fixed over the page, under the top bar on the right or along the left
 * edge, with a Close button.
 */
export function FallbackPanel({
  side,
  width,
  id,
  label,
  role,
  onClose,
  children,
}: {
  side: 'right' | 'left';
  width: number;
  id?: string;
  label?: { 'aria-label': string } | { 'aria-labelledby': string };
  role?: 'dialog' | 'group';
  onClose: () => void;
  children: ReactNode;
}) {
  const placed =
    side === 'right'
      ? { top: 64, right: 8, p: 2, maxWidth: width }
      : { top: 0, bottom: 0, left: 0, width };
  return (
    <Paper
      id={id}
      role={role}
      {...label}
      elevation={side === 'right' ? 8 : 16}
      sx={{ position: 'fixed', zIndex: 'modal', overflowY: 'auto', ...placed }}
    >
      {children}
      <Box sx={{ textAlign: 'right', mt: 1, p: side === 'left' ? 2 : 0 }}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      </Box>
    </Paper>
  );
}
