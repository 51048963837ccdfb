import { useState } from 'react';
import { Link, Typography } from '@mui/material';
import { useAppSelector } from '../../app/hooks';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import { selectAuthStatus } from './auth-state';
import { SecondFactorForm } from './second-factor-form';
import type { AuthMode } from './validation';

/** Shown in place of a protected page to a visitor. */
export default function AuthScreen() {
  const [mode, setMode] = useState<AuthMode>('signIn');
  const secondFactor = useAppSelector(selectAuthStatus) === 'secondFactor';
  const signingUp = mode === 'signUp';

  if (secondFactor) {
    return (
      <AuthLayout
        title="Two-factor authentication"
        subtitle="Enter the code from your authenticator app to finish signing in"
      >
        <SecondFactorForm />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={signingUp ? 'Create your account' : 'Sign in to your account'}
      subtitle={signingUp ? undefined : 'Welcome back! Please sign in to continue'}
    >
      <AuthForm key={mode} mode={mode} />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {signingUp ? 'Already have an account? ' : "Don't have an account? "}
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setMode(signingUp ? 'signIn' : 'signUp')}
          sx={{ verticalAlign: 'baseline' }}
        >
          {signingUp ? 'Sign in' : 'Sign up'}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
