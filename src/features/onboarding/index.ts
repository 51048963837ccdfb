export { RequireOnboarding, ONBOARDING_PATH } from './require-onboarding';
export {
  onboardingReducer,
  answersSaved,
  onboardingChecked,
  onboardingCompleted,
  initialOnboardingState,
  selectOnboardingStatus,
  selectRefusedSave,
  type OnboardingState,
} from './onboarding-slice';
export { onboardingDataEntity } from './onboarding-sync';
export { onboardingPersist } from './onboarding-persist';
export { completeOnboarding, readLocalOnboarding } from './onboarding-repository';
export { normaliseForm, type OnboardingForm } from './onboarding-form';
export { formFromRecord } from './onboarding-record';
