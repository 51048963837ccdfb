import { OAuthCallbackPage } from './oauth-callback-page';

export default function FacebookCallbackPage() {
  return <OAuthCallbackPage provider="facebook" />;
}
