import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { platformLabels } from '../../lib/platforms';
import { OAUTH_STATE_KEYS, readOAuthCallback, type OAuthProvider } from './oauth-callback';

const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  facebook: platformLabels.facebook,
  linkedin: platformLabels.linkedin,
};

function readStoredState(provider: OAuthProvider): string | null {
  try {
    return localStorage.getItem(OAUTH_STATE_KEYS[provider]);
  } catch {
    return null;
  }
}

/** The popup lands here after the provider's consent screen, reports back and closes. */
export function OAuthCallbackPage({ provider }: { provider: OAuthProvider }) {
  const [message] = useState(() =>
    readOAuthCallback(provider, window.location.search, readStoredState(provider)),
  );
  const [hasOpener] = useState(() => Boolean(window.opener && !window.opener.closed));
  const reported = useRef(false);

  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    // A state value is good for one redirect only.
    try {
      localStorage.removeItem(OAUTH_STATE_KEYS[provider]);
    } catch {
      // blocked storage: nothing was stored either
    }
    if (!hasOpener) return;
    (window.opener as Window).postMessage(message, window.location.origin);
    window.close();
  }, [provider, message, hasOpener]);

  const name = PROVIDER_NAMES[provider];
  return (
    <Box component="main" sx={{ maxWidth: 480, mx: 'auto', px: 2, py: 6 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {name} connection
      </Typography>
      {hasOpener ? (
        <Typography>Finishing the connection…</Typography>
      ) : 'code' in message ? (
        <Alert severity="info">
          This page completes a {name} connection started from Postbloom&apos;s settings. You can
          close this window.
        </Alert>
      ) : (
        <Alert severity="error">
          {name} connection failed: {message.error}
        </Alert>
      )}
    </Box>
  );
}
