import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Spinner } from '../../components/spinner';

export function LoadingInformation() {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 8 }}>
      <Spinner />
      <Typography variant="h6" component="p" sx={{ mt: 2 }}>
        Loading your information...
      </Typography>
      <Typography color="text.secondary">
        We&apos;re retrieving your previously saved business details.
      </Typography>
    </Box>
  );
}

/** Shown when there is no profile yet: start the wizard or leave it for later. */
export function OnboardingWelcome({
  onStart,
  onSkip,
}: {
  onStart: () => void;
  onSkip: () => void;
}) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Welcome to Postbloom
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Tell us about your business so we can tailor your content.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={onStart}>
          Start Onboarding Wizard
        </Button>
        <Button variant="outlined" onClick={onSkip}>
          Skip for Now
        </Button>
      </Stack>
    </Paper>
  );
}
