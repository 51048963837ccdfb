import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useAppDispatch } from '../../app/hooks';
import { AuthenticationCodeField } from './authentication-code-field';
import { signOut, verifySecondFactor } from './auth-thunks';

function messageOf(rejection: unknown, fallback: string): string {
  return typeof rejection === 'string' && rejection ? rejection : fallback;
}

/** The sign-in's code step, for an account with two-factor authentication on. */
export function SecondFactorForm() {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await dispatch(verifySecondFactor(code)).unwrap();
    } catch (rejection) {
      setError(messageOf(rejection, 'Verification failed'));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  async function handleCancel() {
    setError(null);
    setBusy(true);
    try {
      await dispatch(signOut()).unwrap();
    } catch (rejection) {
      setError(messageOf(rejection, 'Sign out failed'));
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <Stack spacing={2}>
        <AuthenticationCodeField
          value={code}
          onChange={setCode}
          autoFocus
          helperText="The 6-digit code from your authenticator app"
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          Verify
        </Button>
        <Button type="button" variant="text" fullWidth disabled={busy} onClick={handleCancel}>
          Cancel and sign out
        </Button>
      </Stack>
    </Box>
  );
}
