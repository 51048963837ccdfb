import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { composeMessages } from './compose-validation';

/** The spec's confirmation after Schedule Post; OK is the only way on. */
export function ScheduledDialog({ open, onOk }: { open: boolean; onOk: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Scheduled</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{composeMessages.scheduled}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={onOk}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
