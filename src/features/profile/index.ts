export { profileFromUser } from './profile-record';
export { userProfilesEntity } from './profile-sync';
export {
  PROFILE_NOTICE_MS,
  PROFILE_TEXTS,
  changedFields,
  formFromProfile,
  profileFormError,
  recordFromForm,
  type ProfileForm,
  type ProfileFormField,
  type ProfileUser,
} from './profile-form';
export {
  initialProfileState,
  profileReducer,
  selectProfileOf,
  selectProfileStatus,
  type ProfileState,
} from './profile-slice';
export { loadProfile, saveProfile } from './profile-repository';
export { useDeviceProfile } from './use-device-profile';
export { requestEmailChange, type EmailChangeOutcome } from './profile-email';
