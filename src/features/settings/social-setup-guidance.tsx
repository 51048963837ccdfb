import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { rememberFrameHint } from '../../lib/frame-hints';
import { useDeviceProfile } from '../profile';

export const guidanceTexts = {
  guidance:
    'Connect Facebook Pages and LinkedIn to publish from Postbloom: start by saving your app credentials.',
  button: 'Set Up Social Credentials',
} as const;

/**
 * Settings' first-run guidance: shown until the profile says social setup is complete (the server
 * sets the flag once credentials are saved and an account is connected).
 */
/** The setup guidance's look: what the page shows, and what the settings frame carries. */
export function SocialSetupGuidanceNote({ onOpen }: { onOpen?: () => void }) {
  return (
    // The button sits under the text rather than beside it, so a phone does not squeeze the text.
    // A standing suggestion, not an event: a note, so screen readers do not announce it as an alert.
    <Alert severity="info" role="note" sx={{ mb: 3 }}>
      {guidanceTexts.guidance}
      {onOpen && (
        <Box sx={{ mt: 1 }}>
          <Button variant="outlined" color="inherit" size="small" onClick={onOpen}>
            {guidanceTexts.button}
          </Button>
        </Box>
      )}
    </Alert>
  );
}

export function SocialSetupGuidance({ onOpen }: { onOpen?: () => void }) {
  const { userId, row, status } = useDeviceProfile();
  const shown =
    Boolean(userId) && status === 'loaded' && row?.socialCredentialsWizardCompleted !== true;
  // What the settings page's prerendered frame shows before the app next loads.
  useEffect(() => {
    if (userId && status === 'loaded') rememberFrameHint(userId, 'social-setup-guidance', shown);
  }, [userId, status, shown]);
  return shown ? <SocialSetupGuidanceNote onOpen={onOpen} /> : null;
}
