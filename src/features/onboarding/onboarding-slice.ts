import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OnboardingForm } from './onboarding-form';

export type OnboardingCheck = 'unknown' | 'complete' | 'incomplete';

export interface OnboardingState {
  /** Whose answers these are: another user on this device never sees them. */
  userId: string | null;
  answers: OnboardingForm | null;
  step: number;
  /** Completed on this device (counts at once, even before the server has the row). */
  completed: boolean;
  /** The final save still has to reach the server. */
  pendingSave: boolean;
  /** The server check of this session (not persisted). */
  check: OnboardingCheck;
  checkedUserId: string | null;
}

export const initialOnboardingState: OnboardingState = {
  userId: null,
  answers: null,
  step: 1,
  completed: false,
  pendingSave: false,
  check: 'unknown',
  checkedUserId: null,
};

function own(state: OnboardingState, userId: string) {
  if (state.userId !== userId) {
    state.userId = userId;
    state.answers = null;
    state.step = 1;
    state.completed = false;
    state.pendingSave = false;
  }
}

const slice = createSlice({
  name: 'onboarding',
  initialState: initialOnboardingState,
  reducers: {
    answersSaved(
      state,
      action: PayloadAction<{ userId: string; answers: OnboardingForm; step: number }>,
    ) {
      own(state, action.payload.userId);
      state.answers = action.payload.answers;
      state.step = action.payload.step;
    },
    onboardingCompleted(
      state,
      action: PayloadAction<{ userId: string; answers: OnboardingForm; pendingSave: boolean }>,
    ) {
      own(state, action.payload.userId);
      state.answers = action.payload.answers;
      state.step = 1;
      state.completed = true;
      state.pendingSave = action.payload.pendingSave;
      state.check = 'complete';
      state.checkedUserId = action.payload.userId;
    },
    onboardingSaveConfirmed(state, action: PayloadAction<{ userId: string }>) {
      if (state.userId === action.payload.userId) state.pendingSave = false;
    },
    onboardingChecked(state, action: PayloadAction<{ userId: string; complete: boolean }>) {
      state.checkedUserId = action.payload.userId;
      state.check = action.payload.complete ? 'complete' : 'incomplete';
    },
  },
});

export const { answersSaved, onboardingCompleted, onboardingSaveConfirmed, onboardingChecked } =
  slice.actions;
export const onboardingReducer = slice.reducer;

type WithOnboarding = { onboarding: OnboardingState & { _persist?: { rehydrated: boolean } } };

export const selectOnboarding = (s: WithOnboarding) => s.onboarding;
export const selectOnboardingRehydrated = (s: WithOnboarding) =>
  s.onboarding._persist?.rehydrated ?? true;

/** The gate's verdict for a user: complete, incomplete or still unknown. */
export function selectOnboardingStatus(s: WithOnboarding, userId: string): OnboardingCheck {
  const o = s.onboarding;
  if (o.userId === userId && o.completed) return 'complete';
  if (o.checkedUserId === userId) return o.check;
  return 'unknown';
}
