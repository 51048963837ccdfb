import type { ComponentType } from 'react';
import { Chip, Paper, Stack, Typography } from '@mui/material';
import type { StepProps } from './onboarding-inputs';
import { OnboardingProgress } from './onboarding-progress';
import {
  BrandIdentityStep,
  BusinessBasicsStep,
  ProductsStep,
  TargetAudienceStep,
} from './onboarding-steps-business';
import {
  CompetitorsStep,
  ComplianceStep,
  ContentPreferencesStep,
  SchedulingStep,
  VisualAssetsStep,
} from './onboarding-steps-content';
import { OnboardingWizardNav } from './onboarding-wizard-nav';
import { useOnboardingWizard, type OnboardingWizardOptions } from './use-onboarding-wizard';

/** The fields of steps 1 to 9, in order (the titles are STEP_TITLES). */
const STEP_FIELDS: ComponentType<StepProps>[] = [
  BusinessBasicsStep,
  BrandIdentityStep,
  TargetAudienceStep,
  ProductsStep,
  ContentPreferencesStep,
  VisualAssetsStep,
  CompetitorsStep,
  ComplianceStep,
  SchedulingStep,
];

interface WizardProps extends OnboardingWizardOptions {
  saving: boolean;
}

export function OnboardingWizard({ saving, ...options }: WizardProps) {
  const { step, form, patch, headingRef, fieldsRef, ...wizard } = useOnboardingWizard(options);
  const StepFields = STEP_FIELDS[step - 1] ?? SchedulingStep;

  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760, mx: 'auto' }}>
      <OnboardingProgress step={step} percent={wizard.percent} minutes={wizard.minutes} />
      <Chip color="primary" label={`Step ${step}`} sx={{ mb: 1 }} />
      <Typography variant="h5" component="h2" tabIndex={-1} ref={headingRef} sx={{ mb: 3 }}>
        {wizard.title}
      </Typography>
      <Stack spacing={3} ref={fieldsRef}>
        <StepFields form={form} patch={patch} />
      </Stack>
      <OnboardingWizardNav
        step={step}
        canContinue={wizard.canContinue}
        saving={saving}
        onBack={wizard.back}
        onNext={wizard.next}
        onComplete={wizard.complete}
      />
    </Paper>
  );
}
