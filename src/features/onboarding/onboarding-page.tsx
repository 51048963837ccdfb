import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Snackbar,
  Stack,
  Typography,
} from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth';
import { fetchOnboardingRow } from './onboarding-api';
import {
  emptyForm,
  finalSaveError,
  ONBOARDING_FAILURE,
  rowIsValid,
  toOnboardingRow,
  type OnboardingForm,
} from './onboarding-form';
import {
  CONTENT_TYPES,
  INDUSTRIES,
  labelOf,
  MAIN_AUDIENCES,
  POSTING_FREQUENCIES,
  PRIMARY_GOALS,
} from './onboarding-options';
import {
  answersForWizard,
  pickSummary,
  summaryFromRecord,
  type LocalOnboardingView,
  type ProfileSummaryRow,
} from './onboarding-record';
import { OnboardingRefusedNotice } from './onboarding-refused-notice';
import { completeOnboarding, loadLocalOnboarding } from './onboarding-repository';
import { OnboardingWizard } from './onboarding-wizard';
import {
  answersSaved,
  selectLocalOnboarding,
  selectOnboarding,
  selectOnboardingRehydrated,
  selectRefusedSave,
} from './onboarding-slice';
import { PageTitle } from '../../components/page-title';

/** decide: both rows are read, the summary shows if there is one, else the welcome. */
type Mode = 'loading' | 'decide' | 'wizard';
type Shown = 'loading' | 'summary' | 'welcome' | 'wizard';

function LoadingInformation() {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 8 }}>
      <CircularProgress aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 2 }}>
        Loading your information...
      </Typography>
      <Typography color="text.secondary">
        We&apos;re retrieving your previously saved business details.
      </Typography>
    </Box>
  );
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

function ProfileSummary({
  row,
  onRefresh,
  onUpdate,
}: {
  row: ProfileSummaryRow;
  onRefresh: () => void;
  onUpdate: () => void;
}) {
  const completed = row.completed_at ? new Date(row.completed_at).toLocaleDateString() : '—';
  const prefs = row.content_preferences.map((c) => labelOf(CONTENT_TYPES, c)).join(', ');
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
        Business Profile
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 3 }}
      >
        <SummaryItem label="Business Name" value={row.business_name} />
        <SummaryItem label="Business Type" value={labelOf(INDUSTRIES, row.business_type)} />
        <SummaryItem label="Location" value={row.location} />
        <SummaryItem label="Completed" value={completed} />
        <SummaryItem label="Primary Goal" value={labelOf(PRIMARY_GOALS, row.primary_goal)} />
        <SummaryItem label="Target Audience" value={labelOf(MAIN_AUDIENCES, row.target_audience)} />
        <SummaryItem
          label="Posting Frequency"
          value={labelOf(POSTING_FREQUENCIES, row.posting_frequency)}
        />
        <SummaryItem label="Content Preferences" value={prefs || 'None selected'} />
      </Box>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={onRefresh}>
          Refresh
        </Button>
        <Button variant="contained" onClick={onUpdate}>
          Update Profile
        </Button>
      </Stack>
    </Paper>
  );
}

export default function OnboardingPage() {
  const user = useAppSelector(selectCurrentUser);
  const onboarding = useAppSelector(selectOnboarding);
  const rehydrated = useAppSelector(selectOnboardingRehydrated);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userId = user?.id ?? '';
  const local = onboarding.userId === userId ? onboarding : null;
  const inProgress = local !== null && !local.completed && local.answers !== null;
  const localRow = useAppSelector((s) => selectLocalOnboarding(s, userId));
  const refused = useAppSelector((s) => selectRefusedSave(s, userId));
  // Decided when the page opens: a refusal arriving later shows the notice over what is open.
  const [refusedAtStart] = useState(() => refused !== null);

  const [chosenMode, setMode] = useState<Mode | null>(null);
  const [serverRow, setServerRow] = useState<ProfileSummaryRow | null>(null);
  const [chosenStart, setWizardStart] = useState<{ form: OnboardingForm; step: number } | null>(
    null,
  );
  // A save the server refused reopens the wizard with those answers; answers in progress on this
  // device reopen it where the user left it.
  const refusedForm = refusedAtStart
    ? (answersForWizard(
        localRow?.row ? summaryFromRecord(localRow.row) : null,
        local?.answers ?? null,
      ) ?? emptyForm())
    : null;
  const mode: Mode = chosenMode ?? (refusedForm || inProgress ? 'wizard' : 'loading');
  const wizardStart =
    chosenStart ??
    (refusedForm
      ? { form: refusedForm, step: 1 }
      : inProgress && local.answers
        ? { form: local.answers, step: local.step }
        : null);
  const [saving, setSaving] = useState(false);
  const [wizardOpenedByUser, setWizardOpenedByUser] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** The server's row (REST) and this device's row (Dexie), read again. */
  const load = useCallback(async () => {
    const [server] = await Promise.all([
      fetchOnboardingRow(userId).catch((e: unknown) => {
        console.error('Failed to load onboarding data', e);
        return null;
      }),
      dispatch(loadLocalOnboarding(userId)).catch((e: unknown) => {
        console.error('Failed to read the onboarding answers on this device', e);
        return null;
      }),
    ]);
    return server;
  }, [userId, dispatch]);

  useEffect(() => {
    if (!userId || !rehydrated || inProgress || refusedAtStart) return;
    void load().then((server) => {
      setServerRow(server);
      setMode('decide');
    });
    // Decided once per visit: later slice updates come from this page itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, rehydrated]);

  const localView: LocalOnboardingView | null = localRow
    ? { row: localRow.row, waiting: localRow.waiting, refused: refused !== null }
    : null;
  const summaryRow = pickSummary(serverRow, localView);
  const shown: Shown = mode === 'decide' ? (summaryRow ? 'summary' : 'welcome') : mode;

  const openWizard = () => {
    const saved = answersForWizard(summaryRow, null) ?? local?.answers ?? emptyForm();
    setWizardStart({ form: saved, step: 1 });
    setMode('wizard');
    setWizardOpenedByUser(true);
  };

  const complete = async (form: OnboardingForm) => {
    if (!user) return;
    const invalid = finalSaveError(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    if (!rowIsValid(toOnboardingRow(form, new Date().toISOString()))) {
      setError(ONBOARDING_FAILURE);
      return;
    }
    setSaving(true);
    try {
      // Online or offline alike: saved here and queued; the sync engine takes it to the server.
      await dispatch(completeOnboarding(user, form));
      void navigate('/dashboard');
    } catch (e) {
      console.error('Failed to save onboarding data', e);
      setError(e instanceof Error && e.message ? e.message : ONBOARDING_FAILURE);
      setSaving(false);
    }
  };

  return (
    <Box>
      <PageTitle>Onboarding Wizard</PageTitle>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Onboarding Wizard
      </Typography>
      {refused && (
        <OnboardingRefusedNotice
          detail={refused.message}
          onReview={shown === 'wizard' ? undefined : openWizard}
        />
      )}
      {(shown === 'loading' || !rehydrated) && <LoadingInformation />}
      {shown === 'summary' && summaryRow && (
        <ProfileSummary
          row={summaryRow}
          onRefresh={() => {
            setMode('loading');
            void load().then((server) => {
              setServerRow(server);
              setMode('decide');
            });
          }}
          onUpdate={openWizard}
        />
      )}
      {shown === 'welcome' && (
        <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760, mx: 'auto', textAlign: 'center' }}>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            Welcome to Postbloom
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Tell us about your business so we can tailor your content.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'center' }}
          >
            <Button variant="contained" onClick={openWizard}>
              Start Onboarding Wizard
            </Button>
            <Button variant="outlined" onClick={() => void navigate('/')}>
              Skip for Now
            </Button>
          </Stack>
        </Paper>
      )}
      {shown === 'wizard' && wizardStart && (
        <OnboardingWizard
          initialForm={wizardStart.form}
          initialStep={wizardStart.step}
          saving={saving}
          focusFirstField={wizardOpenedByUser}
          onSave={(answers, step) => {
            if (userId) dispatch(answersSaved({ userId, answers, step }));
          }}
          onComplete={complete}
        />
      )}
      <Snackbar
        open={error !== null}
        onClose={() => setError(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="error" onClose={() => setError(null)} sx={{ width: '100%' }}>
          {error}
        </Alert>
      </Snackbar>
    </Box>
  );
}
