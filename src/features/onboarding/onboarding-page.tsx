import { Typography } from '@mui/material';

export default function OnboardingPage() {
  return (
    <Typography variant="h4" component="h1">
      Onboarding Wizard
    </Typography>
  );
}
