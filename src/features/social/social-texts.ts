import { platformLabels } from '../../lib/platforms';

/** The platforms a user keeps app credentials for and connects accounts of. */
export type SocialPlatform = 'facebook' | 'linkedin';

export const SOCIAL_PLATFORMS: readonly SocialPlatform[] = ['facebook', 'linkedin'];

/** The App ID / Client ID field's label, and its secret's. */
export const CREDENTIAL_LABELS: Record<SocialPlatform, { id: string; secret: string }> = {
  facebook: { id: 'App ID', secret: 'App Secret' },
  linkedin: { id: 'Client ID', secret: 'Client Secret' },
};

/** What one connected account is called on each platform. */
const ACCOUNT_NOUN: Record<SocialPlatform, string> = { facebook: 'page', linkedin: 'account' };

/** The spec's texts (§5 "Social credentials", §8 Facebook, LinkedIn, Credentials service, Settings UI). */
export function socialTexts(platform: SocialPlatform) {
  const name = platformLabels[platform];
  const idLabel = CREDENTIAL_LABELS[platform].id;
  const noun = ACCOUNT_NOUN[platform];
  return {
    name,
    fillIn: `Please fill in all ${name} credentials`,
    saved: `${name} credentials saved successfully!`,
    saveFailed: `Failed to save ${name} credentials`,
    deleted: `${name} credentials deleted successfully`,
    configureFirst: `Please configure your ${name} API credentials in Settings first.`,
    notFound: `${name} credentials not found. Please configure them in Settings.`,
    idMissing: `${name} ${idLabel} not configured. Please check your credentials in Settings.`,
    popupBlocked: 'Popup blocked. Please allow popups for this site.',
    providerFailed: (message: string) => `${name} connection failed: ${message}`,
    connectFailed: `Failed to connect ${name}`,
    connectFailedWith: (message: string) => `Failed to connect ${name}: ${message}`,
    connected: (count: number) =>
      platform === 'facebook'
        ? `Successfully connected ${count} Facebook page(s)!`
        : 'Successfully connected LinkedIn account!',
    disconnectConfirm: `Are you sure you want to disconnect this ${name} ${noun}?`,
    disconnected: `${name} ${noun} disconnected successfully.`,
    disconnectFailed: `Failed to disconnect ${name} ${noun}. Please try again.`,
  };
}

export const credentialsMessages = {
  loadFailed: 'Failed to load credentials',
  deleteFailed: 'Failed to delete credentials',
  unknown: 'Unknown error occurred.',
  notAuthenticated: 'Not authenticated',
  configured: 'Configured',
  notConfigured: 'Not Configured',
  ready: 'Ready',
  setupRequired: 'Setup Required',
} as const;
