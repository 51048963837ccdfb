import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ConfirmButtons, type ConfirmDialogProps } from './confirm-dialog';

/** ConfirmDialog's look (see confirm-dialog.tsx). */
export default function ConfirmDialogView(props: ConfirmDialogProps) {
  const { open, title, message, busy, onCancel } = props;
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <ConfirmButtons {...props} focusCancel />
      </DialogActions>
    </Dialog>
  );
}
