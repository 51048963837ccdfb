import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PasswordField } from '../../components/password-field';
import { selectAuthError } from './auth-slice';
import { passwordResetRedirect, requestPasswordReset, signIn, signUp } from './auth-thunks';
import { normaliseEmail, validateAuthForm, type AuthFormValues, type AuthMode } from './validation';

interface AuthFormProps {
  mode: AuthMode;
  onSuccess?: () => void;
}

const EMPTY: AuthFormValues = { firstName: '', lastName: '', email: '', password: '' };

function messageOf(rejection: unknown, fallback: string): string {
  return typeof rejection === 'string' && rejection ? rejection : fallback;
}

export function AuthForm({ mode, onSuccess }: AuthFormProps) {
  const dispatch = useAppDispatch();
  const sessionError = useAppSelector(selectAuthError);
  const [values, setValues] = useState<AuthFormValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signingUp = mode === 'signUp';

  const field = (name: keyof AuthFormValues) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const invalid = validateAuthForm(mode, values);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (signingUp) await dispatch(signUp(values)).unwrap();
      else await dispatch(signIn({ email: values.email, password: values.password })).unwrap();
      onSuccess?.();
    } catch (rejection) {
      setError(messageOf(rejection, signingUp ? 'Sign up failed' : 'Sign in failed'));
    } finally {
      setBusy(false);
    }
  }

  async function handleForgotPassword() {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      await dispatch(
        requestPasswordReset({ email: values.email, redirectTo: passwordResetRedirect() }),
      ).unwrap();
      setNotice(
        `If an account exists for ${normaliseEmail(values.email)}, we have sent a link to reset your password.`,
      );
    } catch (rejection) {
      setError(messageOf(rejection, 'Password reset failed'));
    } finally {
      setBusy(false);
    }
  }

  const shownError = error ?? sessionError;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <Stack spacing={2}>
        {signingUp && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="First Name"
              autoComplete="given-name"
              fullWidth
              {...field('firstName')}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              fullWidth
              {...field('lastName')}
            />
          </Stack>
        )}
        <TextField label="Email" type="email" autoComplete="email" fullWidth {...field('email')} />
        <PasswordField
          label="Password"
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          fullWidth
          {...field('password')}
        />
        {!signingUp && (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={handleForgotPassword}
            disabled={busy}
            sx={{ alignSelf: 'flex-end' }}
          >
            Forgot password?
          </Link>
        )}
        {notice && <Alert severity="success">{notice}</Alert>}
        {shownError && <Alert severity="error">{shownError}</Alert>}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {signingUp ? 'Create Account' : 'Sign In'}
        </Button>
      </Stack>
    </Box>
  );
}
