import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { TOTAL_STEPS } from './onboarding-form';

/** Where the user is in the wizard: the step, the share done and the time still needed. */
export function OnboardingProgress({
  step,
  percent,
  minutes,
}: {
  step: number;
  percent: number;
  minutes: number;
}) {
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography>
          Step {step} of {TOTAL_STEPS}
        </Typography>
        <Typography color="text.secondary">{percent}% complete</Typography>
      </Box>
      <LinearProgress variant="determinate" value={percent} aria-label="Onboarding progress" />
      <Typography variant="body2" color="text.secondary">
        Estimated time remaining: {minutes} {minutes === 1 ? 'minute' : 'minutes'}
      </Typography>
    </Stack>
  );
}
