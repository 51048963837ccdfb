import { useNavigate } from 'react-router';
import { Alert, Box, Snackbar, Typography } from '@mui/material';
import { PageTitle } from '../../components/page-title';
import { LoadingInformation, OnboardingWelcome } from './onboarding-page-panels';
import { ProfileSummary } from './onboarding-profile-summary';
import { OnboardingRefusedNotice, ProfileRefusedNotice } from './onboarding-refused-notice';
import { OnboardingWizard } from './onboarding-wizard';
import { useCompleteOnboarding } from './use-complete-onboarding';
import { useOnboardingPage } from './use-onboarding-page';

export default function OnboardingPage() {
  const navigate = useNavigate();
  const page = useOnboardingPage();
  const { shown, summaryRow, wizardStart, refused } = page;
  const { complete, saving, error, clearError } = useCompleteOnboarding();

  return (
    <Box>
      <PageTitle>Onboarding Wizard</PageTitle>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Onboarding Wizard
      </Typography>
      {refused && (
        <OnboardingRefusedNotice
          detail={refused.message}
          onReview={shown === 'wizard' ? undefined : page.openWizard}
        />
      )}
      {page.profileRefused && (
        <ProfileRefusedNotice
          detail={page.profileRefused.message}
          onEdit={() => void navigate('/settings', { state: { tab: 'profile' } })}
        />
      )}
      {(shown === 'loading' || !page.rehydrated) && <LoadingInformation />}
      {shown === 'summary' && summaryRow && (
        <ProfileSummary row={summaryRow} onRefresh={page.refresh} onUpdate={page.openWizard} />
      )}
      {shown === 'welcome' && (
        <OnboardingWelcome onStart={page.openWizard} onSkip={() => void navigate('/')} />
      )}
      {shown === 'wizard' && wizardStart && (
        <OnboardingWizard
          initialForm={wizardStart.form}
          initialStep={wizardStart.step}
          saving={saving}
          focusFirstField={page.wizardOpenedByUser}
          onSave={page.saveAnswers}
          onComplete={complete}
        />
      )}
      <Snackbar
        open={error !== null}
        onClose={clearError}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="error" onClose={clearError} sx={{ width: '100%' }}>
          {error}
        </Alert>
      </Snackbar>
    </Box>
  );
}
