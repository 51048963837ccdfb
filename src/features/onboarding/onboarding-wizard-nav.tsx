import { Box, Button } from '@mui/material';
import { TOTAL_STEPS } from './onboarding-form';

interface WizardNavProps {
  step: number;
  canContinue: boolean;
  saving: boolean;
  onBack: () => void;
  onNext: () => void;
  onComplete: () => void;
}

/** Back (from step 2 on) and Continue, or Complete Setup on the last step. */
export function OnboardingWizardNav({
  step,
  canContinue,
  saving,
  onBack,
  onNext,
  onComplete,
}: WizardNavProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
      {step > 1 ? (
        <Button variant="outlined" onClick={onBack} disabled={saving}>
          Back
        </Button>
      ) : (
        <span />
      )}
      {step < TOTAL_STEPS ? (
        <Button variant="contained" disabled={!canContinue} onClick={onNext}>
          Continue
        </Button>
      ) : (
        <Button variant="contained" disabled={!canContinue || saving} onClick={onComplete}>
          {saving ? 'Completing Setup...' : 'Complete Setup'}
        </Button>
      )}
    </Box>
  );
}
