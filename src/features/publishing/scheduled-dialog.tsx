import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { scheduleMessages } from './schedule-request';

export interface ScheduledDialogProps {
  open: boolean;
  onOk: () => void;
  /** What else the user should know: the platforms they get a reminder for. */
  note?: string | null;
}

/** The spec's confirmation after scheduling; OK is the only way on (to /calendar). */
export function ScheduledDialog({ open, onOk, note }: ScheduledDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Scheduled</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{scheduleMessages.scheduled}</DialogContentText>
        {note && <DialogContentText sx={{ mt: 2 }}>{note}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={onOk}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
