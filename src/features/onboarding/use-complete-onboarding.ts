import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth';
import {
  finalSaveError,
  ONBOARDING_FAILURE,
  rowIsValid,
  toOnboardingRow,
  type OnboardingForm,
} from './onboarding-form';
import { completeOnboarding } from './onboarding-repository';

/** Completing the wizard: the answers are checked, saved on this device and queued, then on to
 * the dashboard; a problem is kept as the error to show. */
export function useCompleteOnboarding() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

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

  return { complete, saving, error, clearError: () => setError(null) };
}
