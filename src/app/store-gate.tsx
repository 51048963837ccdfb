import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { LoadingScreen } from '../components/loading-screen';
import { useStoreStatus } from './store-status';

/** Pages below need the real store: they wait for it (see DeferredProviders). */
export function StoreGate() {
  const { status, load } = useStoreStatus();
  useEffect(load, [load]);
  if (status === 'ready') return <Outlet />;
  if (status === 'loading') return <LoadingScreen fullPage />;
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography>Postbloom could not finish loading. Check your connection and reload.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
