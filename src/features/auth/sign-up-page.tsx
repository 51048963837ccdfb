import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { Link, Typography } from '@mui/material';
import { useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../components/loading-screen';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import { selectAuthStatus } from './auth-state';
import { useIsSignedIn } from './use-is-signed-in';
import { PageTitle } from '../../components/page-title';

export function SignUpPage() {
  const navigate = useNavigate();
  const status = useAppSelector(selectAuthStatus);
  const signedIn = useIsSignedIn();
  // A signed-in user has an account already: their place is the dashboard, not this form.
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  if (signedIn) return <LoadingScreen fullPage />;
  return (
    <AuthLayout title="Create your account">
      <PageTitle>Sign up</PageTitle>
      {/* Replace: the Navigate above may have replaced /signup already, no second entry. */}
      <AuthForm mode="signUp" onSuccess={() => navigate('/dashboard', { replace: true })} />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/dashboard">
          Sign in
        </Link>
      </Typography>
      <Typography
        variant="caption"
        component="p"
        color="text.secondary"
        sx={{ mt: 2, textAlign: 'center' }}
      >
        By creating an account, you agree to our{' '}
        <Link component={RouterLink} to="/terms">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link component={RouterLink} to="/privacy">
          Privacy Policy
        </Link>
        .
      </Typography>
    </AuthLayout>
  );
}

export default SignUpPage;
