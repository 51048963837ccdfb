import { Box, Typography } from '@mui/material';
import { Spinner } from './spinner';

interface LoadingScreenProps {
  /** Fill the viewport (nothing else on screen yet) or only the content area. */
  fullPage?: boolean;
}

export function LoadingScreen({ fullPage = false }: LoadingScreenProps) {
  return (
    <Box
      // What tells the prerendered frame that the app still shows only a loading screen.
      data-loading-screen
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullPage ? '100dvh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <Spinner />
      <Typography color="text.secondary">Loading...</Typography>
    </Box>
  );
}
