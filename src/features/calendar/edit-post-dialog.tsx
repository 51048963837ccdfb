import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { instantToWallTime, wallTimeToInstant } from '../../lib/intl/zoned-time';
import { useFormatters } from '../appearance';
import type { ScheduledPost, ScheduledPostChanges } from '../publishing';

export const editTexts = {
  title: 'Edit scheduled post',
  content: 'Content',
  date: 'Date',
  time: 'Time',
  save: 'Save',
  cancel: 'Cancel',
  noContent: 'Please add content before scheduling',
  past: 'Please choose a time in the future.',
};

/** What the form changed, or the message that says why it cannot be saved. */
export function editedChanges(
  post: Pick<ScheduledPost, 'content' | 'scheduledFor'>,
  form: { content: string; date: string; time: string },
  timeZone: string,
  now: number,
): { changes: ScheduledPostChanges } | { error: string } {
  if (form.content.trim() === '') return { error: editTexts.noContent };
  const instant = wallTimeToInstant(form.date, form.time, timeZone);
  if (!instant) return { error: editTexts.past };
  const changes: ScheduledPostChanges = {};
  if (form.content !== post.content) changes.content = form.content;
  if (Date.parse(instant) !== Date.parse(post.scheduledFor)) {
    if (Date.parse(instant) <= now) return { error: editTexts.past };
    // A time the user typed is theirs now, not the optimal-time rule's.
    Object.assign(changes, { scheduledFor: instant, publishMode: 'schedule', timeRule: null });
  }
  return { changes };
}

/** Content and time of a post that has not started publishing, in the user's zone. */
export function EditPostDialog({
  post,
  busy,
  onSave,
  onClose,
}: {
  post: ScheduledPost;
  busy: boolean;
  onSave: (changes: ScheduledPostChanges) => void;
  onClose: () => void;
}) {
  const { timeZone, formatZoneName } = useFormatters();
  const titleId = useId();
  const initial = instantToWallTime(post.scheduledFor, timeZone) ?? { date: '', time: '' };
  const [content, setContent] = useState(post.content);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = editedChanges(post, { content, date, time }, timeZone, Date.now());
    if ('error' in result) {
      setError(result.error);
      return;
    }
    if (Object.keys(result.changes).length === 0) onClose();
    else onSave(result.changes);
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{editTexts.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="warning" role="alert">
                {error}
              </Alert>
            )}
            <TextField
              label={editTexts.content}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              multiline
              minRows={3}
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label={editTexts.date}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                type="time"
                label={editTexts.time}
                value={time}
                onChange={(event) => setTime(event.target.value)}
                helperText={formatZoneName()}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {editTexts.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {editTexts.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
