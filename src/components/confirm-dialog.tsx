import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { openedOnDemand } from '../lib/on-demand';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** A confirm that destroys something is shown in the error colour. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question's two buttons: Cancel first, the confirm in the error colour if it destroys. */
export function ConfirmButtons({
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  focusCancel = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps & {
  /** Focus Cancel when shown (the dialog does; the plain version leaves the focus). */
  focusCancel?: boolean;
}) {
  return (
    <>
      <Button onClick={onCancel} disabled={busy} autoFocus={focusCancel}>
        {cancelLabel}
      </Button>
      <Button
        onClick={onConfirm}
        disabled={busy}
        variant="contained"
        color={destructive ? 'error' : 'primary'}
      >
        {confirmLabel}
      </Button>
    </>
  );
}

/**
 * Shown should the dialog's look fail to load: the same question and buttons, plainly laid out
 * over the page, so the action can still be confirmed or cancelled.
 */
function PlainConfirm(props: ConfirmDialogProps) {
  const { title, message } = props;
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 'modal',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(0, 0, 0, 0.5)',
        p: 2,
      }}
    >
      <Paper role="alertdialog" aria-label={title} sx={{ p: 3, maxWidth: 480 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography sx={{ my: 2 }}>{message}</Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <ConfirmButtons {...props} />
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * A yes/no question in a dialog, in place of the browser's own confirmation box. Its look (MUI's
 * Dialog, its modal and transitions) is fetched the first time one opens, not with the page.
 * Memoized: a closed one under a form skips the form's renders while its props stay the same.
 */
export const ConfirmDialog = openedOnDemand<ConfirmDialogProps>(
  'The confirmation dialog',
  () => import('./confirm-dialog-view'),
  (props) => props.open,
  PlainConfirm,
);
