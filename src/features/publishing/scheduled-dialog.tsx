import { DoneDialog } from '../../components/done-dialog';
import { scheduleMessages } from './schedule-request';

export interface ScheduledDialogProps {
  open: boolean;
  onOk: () => void;
  /** What else the user should know: the platforms they get a reminder for. */
  note?: string | null;
}

/** The spec's confirmation after scheduling; OK is the only way on (to /calendar). */
export function ScheduledDialog({ open, onOk, note }: ScheduledDialogProps) {
  return (
    <DoneDialog
      open={open}
      title="Scheduled"
      text={scheduleMessages.scheduled}
      note={note}
      onOk={onOk}
    />
  );
}
