export {
  LINKEDIN_OAUTH_STATE_KEY,
  readOAuthCallback,
  type OAuthCallbackMessage,
  type OAuthProvider,
} from './oauth-callback';
