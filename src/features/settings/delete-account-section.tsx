import { useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useAppDispatch } from '../../app/hooks';
import { deleteAccount } from './account-deletion';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The danger zone: deleting the account, after a typed confirmation. */
export function DeleteAccountSection() {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await dispatch(deleteAccount());
    // On success the session has ended and the sign-in screen has replaced this page.
    if (deleteAccount.rejected.match(result)) {
      setBusy(false);
      setError(result.payload ?? null);
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="danger-zone-heading"
      sx={{ p: 2, borderColor: 'error.main' }}
    >
      <Typography id="danger-zone-heading" variant="h6" component="h3" color="error" sx={{ mb: 1 }}>
        Danger zone
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Deleting your account removes all of your data for good.
      </Typography>
      <Box>
        <Button
          color="error"
          variant="outlined"
          onClick={() => {
            setError(null);
            setOpen(true);
          }}
        >
          Delete account
        </Button>
      </Box>
      <DeleteAccountDialog
        open={open}
        busy={busy}
        error={error}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </Paper>
  );
}
