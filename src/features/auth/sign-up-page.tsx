import { Link as RouterLink, useNavigate } from 'react-router';
import { Link, Typography } from '@mui/material';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';

export function SignUpPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Create your account">
      <AuthForm mode="signUp" onSuccess={() => navigate('/dashboard')} />
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
