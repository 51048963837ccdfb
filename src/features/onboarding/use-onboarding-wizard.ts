import { useCallback, useEffect, useRef, useState } from 'react';
import {
  canContinue,
  minutesRemaining,
  progressPercent,
  STEP_TITLES,
  TOTAL_STEPS,
  type OnboardingForm,
} from './onboarding-form';
import type { Patch } from './onboarding-inputs';

const SAVE_DELAY_MS = 500;

export interface OnboardingWizardOptions {
  initialForm: OnboardingForm;
  initialStep: number;
  /** The slice gets the answers per step and, debounced, while typing. */
  onSave: (form: OnboardingForm, step: number) => void;
  onComplete: (form: OnboardingForm) => Promise<void>;
  /** Opened by a button press: focus goes to the first field, not back to the page top. */
  focusFirstField?: boolean;
}

/**
 * The wizard's answers and step: moving between steps, whether the step may be left, and handing
 * what was typed to the slice (debounced, and at once when the page is hidden or the wizard goes).
 */
export function useOnboardingWizard({
  initialForm,
  initialStep,
  onSave,
  onComplete,
  focusFirstField = false,
}: OnboardingWizardOptions) {
  const [form, setForm] = useState(initialForm);
  const [step, setStep] = useState(Math.min(Math.max(initialStep, 1), TOTAL_STEPS));
  const onSaveRef = useRef(onSave);
  useEffect(() => {
    onSaveRef.current = onSave;
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusFirstField) fieldsRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    // Once, when the wizard opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What was typed but not yet handed to the slice (the save is debounced).
  const unsaved = useRef<{ form: OnboardingForm; step: number } | null>(null);
  const saveNow = useCallback(() => {
    const pending = unsaved.current;
    unsaved.current = null;
    if (pending) onSaveRef.current(pending.form, pending.step);
  }, []);

  useEffect(() => {
    unsaved.current = { form, step };
    const timer = setTimeout(saveNow, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, step, saveNow]);

  // A reload, a closed tab or leaving the page keeps what was just typed. Capture listeners run
  // before the store's own (flushOnHide), so the persisted state it writes includes this save.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', saveNow, { capture: true });
    document.addEventListener('visibilitychange', onVisibility, { capture: true });
    return () => {
      window.removeEventListener('pagehide', saveNow, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility, { capture: true });
      saveNow();
    };
  }, [saveNow]);

  const patch: Patch = (change) => setForm((f) => ({ ...f, ...change }));
  const go = (next: number) => {
    setStep(next);
    onSave(form, next);
    headingRef.current?.focus();
  };
  const complete = () => {
    onSave(form, step);
    void onComplete(form);
  };

  return {
    form,
    step,
    patch,
    back: () => go(step - 1),
    next: () => go(step + 1),
    complete,
    headingRef,
    fieldsRef,
    title: STEP_TITLES[step - 1] ?? '',
    percent: progressPercent(step),
    canContinue: canContinue(step, form),
    minutes: minutesRemaining(step),
  };
}
