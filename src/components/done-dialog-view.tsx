import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { DoneDialogProps } from './done-dialog';

/** The look of `DoneDialog` (done-dialog.tsx), fetched the first time one opens. */
export default function DoneDialogView({
  open,
  title,
  text,
  note,
  okLabel = 'OK',
  onOk,
}: DoneDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {note && <DialogContentText sx={{ mt: 2 }}>{note}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={onOk}>
          {okLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
