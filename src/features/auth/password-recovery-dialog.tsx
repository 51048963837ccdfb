import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useAppDispatch } from '../../app/hooks';
import { PasswordField } from '../../components/password-field';
import { authMessages } from './auth-errors';
import { passwordRecoveryClosed } from './auth-slice';
import { updatePassword } from './auth-thunks';
import { validatePassword } from './validation';

/** Opened after a password reset link signed the user in: choose the new password here. */
export default function PasswordRecoveryDialog() {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const close = () => dispatch(passwordRecoveryClosed());

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validatePassword(password);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await dispatch(updatePassword(password)).unwrap();
      setDone(true);
    } catch (rejection) {
      setError(typeof rejection === 'string' ? rejection : authMessages.passwordResetFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={titleId}>Set a new password</DialogTitle>
        <DialogContent>
          {done ? (
            <Alert severity="success">Your password has been updated.</Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <DialogContentText>Choose a new password for your account.</DialogContentText>
              {error && <Alert severity="error">{error}</Alert>}
              <PasswordField
                label="New Password"
                autoComplete="new-password"
                autoFocus
                fullWidth
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {done ? (
            <Button onClick={close} variant="contained">
              Done
            </Button>
          ) : (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={saving}>
                Update Password
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
