import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';

export const markPostedTexts = {
  title: 'Mark as posted',
  message:
    'Tell Postbloom you posted this yourself. A link to the post lets you open it from here.',
  link: 'Link to the post (optional)',
  badLink: 'Please enter a link starting with http:// or https://',
  confirm: 'Mark as posted',
  cancel: 'Cancel',
};

/** The optional link a user gives when marking a post as posted: null for none, false if bad. */
export function readPermalink(value: string): string | null | false {
  const link = value.trim();
  if (link === '') return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : false;
  } catch {
    return false;
  }
}

export function MarkPostedDialog({
  busy,
  onConfirm,
  onClose,
}: {
  busy: boolean;
  onConfirm: (permalink: string | null) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const permalink = readPermalink(link);
    if (permalink === false) setError(markPostedTexts.badLink);
    else onConfirm(permalink);
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{markPostedTexts.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{markPostedTexts.message}</DialogContentText>
          <TextField
            label={markPostedTexts.link}
            type="url"
            value={link}
            onChange={(event) => {
              setLink(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {markPostedTexts.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {markPostedTexts.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
