export {
  FACEBOOK_OAUTH_STATE_KEY,
  LINKEDIN_OAUTH_STATE_KEY,
  readOAuthCallback,
  type OAuthCallbackMessage,
  type OAuthProvider,
} from './oauth-callback';
export type { SocialCredential, ValidationStatus } from './credentials-api';
export {
  credentialsReducer,
  deleteCredentials,
  initialCredentialsState,
  loadCredentials,
  saveCredentials,
  selectCredential,
  selectCredentialsStatus,
  type CredentialsState,
  type SaveCredentialsOutcome,
} from './credentials-slice';
export {
  CREDENTIAL_LABELS,
  SOCIAL_PLATFORMS,
  credentialsMessages,
  socialTexts,
  type SocialPlatform,
} from './social-texts';
export type { SocialAccount } from './social-accounts';
export { readAccounts, useSocialAccounts, type AccountsByPlatform } from './use-social-accounts';
export { rememberAccounts, rememberedAccounts } from './remembered-accounts';
export { useSocialConnect, type ConnectNotice } from './use-social-connect';
