import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { CalendarItem } from './calendar-items';
import { gridTexts } from './calendar-texts';
import { isDayKey, type DayKey } from './month-grid';

/** The keyboard way to move a post: a date field, the time of day stays. */
export function MoveDialog({
  item,
  day,
  busy,
  onMove,
  onClose,
}: {
  item: CalendarItem;
  /** The day it is on now, in the user's zone. */
  day: DayKey;
  busy: boolean;
  onMove: (day: DayKey) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [value, setValue] = useState(day);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDayKey(value)) {
      setError(gridTexts.notADate);
      return;
    }
    onMove(value);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{gridTexts.moveTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {item.title} · {gridTexts.moveHint}
          </DialogContentText>
          <TextField
            type="date"
            label={gridTexts.newDate}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            fullWidth
            autoFocus
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{gridTexts.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {gridTexts.move}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
