import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth';
import { fetchOnboardingRow } from './onboarding-api';
import { emptyForm, type OnboardingForm } from './onboarding-form';
import {
  answersForWizard,
  pickSummary,
  summaryFromRecord,
  type LocalOnboardingView,
  type ProfileSummaryRow,
} from './onboarding-record';
import { loadLocalOnboarding } from './onboarding-repository';
import {
  answersSaved,
  selectLocalOnboarding,
  selectOnboarding,
  selectOnboardingRehydrated,
  selectRefusedProfileSave,
  selectRefusedSave,
} from './onboarding-slice';

/** decide: both rows are read, the summary shows if there is one, else the welcome. */
type Mode = 'loading' | 'decide' | 'wizard';
export type Shown = 'loading' | 'summary' | 'welcome' | 'wizard';

/**
 * What the onboarding page shows: the saved profile, the welcome or the wizard (and with which
 * answers and step it opens), from the server's row, this device's row and answers in progress.
 */
export function useOnboardingPage() {
  const user = useAppSelector(selectCurrentUser);
  const onboarding = useAppSelector(selectOnboarding);
  const rehydrated = useAppSelector(selectOnboardingRehydrated);
  const dispatch = useAppDispatch();
  const userId = user?.id ?? '';
  const local = onboarding.userId === userId ? onboarding : null;
  const inProgress = local !== null && !local.completed && local.answers !== null;
  const localRow = useAppSelector((s) => selectLocalOnboarding(s, userId));
  const refused = useAppSelector((s) => selectRefusedSave(s, userId));
  const profileRefused = useAppSelector((s) => selectRefusedProfileSave(s, userId));
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
  const [wizardOpenedByUser, setWizardOpenedByUser] = useState(false);

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

  const refresh = () => {
    setMode('loading');
    void load().then((server) => {
      setServerRow(server);
      setMode('decide');
    });
  };

  const saveAnswers = (answers: OnboardingForm, step: number) => {
    if (userId) dispatch(answersSaved({ userId, answers, step }));
  };

  return {
    rehydrated,
    refused,
    profileRefused,
    shown,
    summaryRow,
    wizardStart,
    wizardOpenedByUser,
    openWizard,
    refresh,
    saveAnswers,
  };
}
