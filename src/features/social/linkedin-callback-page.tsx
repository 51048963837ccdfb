import { OAuthCallbackPage } from './oauth-callback-page';

export default function LinkedInCallbackPage() {
  return <OAuthCallbackPage provider="linkedin" />;
}
