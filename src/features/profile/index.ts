export { profileFromUser } from './profile-record';
export { userProfilesEntity } from './profile-sync';
