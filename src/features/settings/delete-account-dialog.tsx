import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { DELETE_CONFIRMATION_WORD, isDeleteConfirmed } from './account-deletion';

interface DeleteAccountDialogProps {
  open: boolean;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/** Asks for the confirmation word before the Delete button does anything. */
export function DeleteAccountDialog({
  open,
  busy,
  error,
  onCancel,
  onConfirm,
}: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const confirmed = isDeleteConfirmed(typed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !busy) onConfirm();
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-description"
      slotProps={{ transition: { onExited: () => setTyped('') } }}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="delete-account-title">Delete account?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-account-description" sx={{ mb: 2 }}>
            This permanently deletes your account and everything in it: profile, onboarding answers,
            drafts, AI generated posts, preferences and connected accounts, on the server and on
            this device. It cannot be undone.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
            disabled={busy}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={!confirmed || busy}>
            Delete account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
