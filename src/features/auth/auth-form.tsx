import { Alert, Box, Button, Link } from '@mui/material';
import { OutlinedField } from '../../components/outlined-field';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useAppSelector, useStoreReady } from '../../app/hooks';
import type { AppStore } from '../../app/store-types';
import { PasswordField } from '../../components/password-field';
import { usePrerenderedForm } from '../../lib/prerendered-form';
import { selectAuthError } from './auth-state';
import { normaliseEmail, validateAuthForm, type AuthFormValues, type AuthMode } from './validation';

interface AuthFormProps {
  mode: AuthMode;
  onSuccess?: () => void;
}

const EMPTY: AuthFormValues = { firstName: '', lastName: '', email: '', password: '' };
const FIELDS = Object.keys(EMPTY) as (keyof AuthFormValues)[];

function messageOf(rejection: unknown, fallback: string): string {
  return typeof rejection === 'string' && rejection ? rejection : fallback;
}

/**
 * The form paints before the store (the sign-up page renders against the boot store): what it
 * sends goes through the real store, fetched with the auth thunks when they are first needed.
 */
async function authActions(storeReady: () => Promise<AppStore>) {
  const [store, thunks] = await Promise.all([storeReady(), import('./auth-thunks')]);
  return { dispatch: store.dispatch, ...thunks };
}

export function AuthForm({ mode, onSuccess }: AuthFormProps) {
  const storeReady = useStoreReady();
  const sessionError = useAppSelector(selectAuthError);
  const [values, setValues] = useState<AuthFormValues>(EMPTY);
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed into the prerendered sign-up form before the script ran is kept (and sent, if
  // it was sent).
  usePrerenderedForm(formRef, FIELDS, (carried) =>
    setValues((current) => ({ ...current, ...carried })),
  );
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signingUp = mode === 'signUp';

  // Fetched as soon as the user turns to the form (not with the page, whose first paint and first
  // idle moments stay free of it), so they are usually in by the time it is sent.
  const prepare = () => void authActions(storeReady).catch(() => {});

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
      const { dispatch, signIn, signUp } = await authActions(storeReady);
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
      const { dispatch, passwordResetRedirect, requestPasswordReset } =
        await authActions(storeReady);
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
    <Box
      component="form"
      ref={formRef}
      // Never a GET: a form sent before the script runs must not put a password in an address.
      method="post"
      noValidate
      onSubmit={handleSubmit}
      onFocusCapture={prepare}
      onPointerDownCapture={prepare}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {signingUp && (
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
            <OutlinedField
              label="First Name"
              autoComplete="given-name"
              fullWidth
              {...field('firstName')}
            />
            <OutlinedField
              label="Last Name"
              autoComplete="family-name"
              fullWidth
              {...field('lastName')}
            />
          </Box>
        )}
        <OutlinedField
          label="Email"
          type="email"
          autoComplete="email"
          fullWidth
          {...field('email')}
        />
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
      </Box>
    </Box>
  );
}
