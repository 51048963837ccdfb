import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { SectionCard } from '../../components/section-card';
import type { ConnectionTestResult } from './ai-client';
import { connectionErrorMessage, connectionSucceededMessage } from './ai-errors';
import { AiProviderChoice } from './ai-provider-choice';
import {
  connectionStatusLabels,
  providerChosen,
  selectAiProvider,
  selectConnectionStatus,
  testAiConnection,
  type AiConnectionStatus,
} from './ai-slice';
import { Spinner } from '../../components/spinner';

const statusColors: Record<AiConnectionStatus, 'success' | 'error' | 'default'> = {
  connected: 'success',
  error: 'error',
  unknown: 'default',
};

function outcomeContext(outcome: ConnectionTestResult): { address?: string; model?: string } {
  if (outcome.ok) return {};
  return {
    ...(outcome.address ? { address: outcome.address } : {}),
    ...(outcome.model ? { model: outcome.model } : {}),
  };
}

/** Dashboard: which AI writes the posts, whether it answers, and a way to start a post. */
export function AiProviderPanel() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const provider = useAppSelector(selectAiProvider);
  const status = useAppSelector((state) => selectConnectionStatus(state, provider));
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<ConnectionTestResult | null>(null);

  async function handleTest() {
    setTesting(true);
    setOutcome(null);
    try {
      setOutcome(await dispatch(testAiConnection({ source: 'dashboard', provider })).unwrap());
    } catch {
      setOutcome({ ok: false, kind: 'failed' });
    } finally {
      setTesting(false);
    }
  }

  return (
    <SectionCard
      title="AI Provider"
      action={
        <Chip label={connectionStatusLabels[status]} color={statusColors[status]} size="small" />
      }
    >
      <AiProviderChoice
        name="ai-provider"
        value={provider}
        onChange={(next) => {
          dispatch(providerChosen(next));
          setOutcome(null);
        }}
        sx={{ mt: 1 }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          onClick={handleTest}
          disabled={testing}
          startIcon={testing ? <Spinner size={16} color="inherit" /> : undefined}
        >
          {testing ? 'Testing...' : 'Test Connection'}
        </Button>
        <Button variant="contained" onClick={() => navigate('/create')}>
          Generate Post
        </Button>
      </Stack>
      <Box aria-live="polite" sx={{ mt: outcome ? 2 : 0 }}>
        {outcome && (
          <Alert
            severity={outcome.ok ? 'success' : 'error'}
            onClose={() => setOutcome(null)}
            action={
              !outcome.ok && outcome.kind !== 'failed' && outcome.kind !== 'empty-reply' ? (
                <Button
                  color="inherit"
                  size="small"
                  component={RouterLink}
                  to="/settings"
                  state={{ tab: 'integrations' }}
                >
                  Open Settings
                </Button>
              ) : undefined
            }
          >
            {outcome.ok
              ? connectionSucceededMessage(provider)
              : connectionErrorMessage(outcome.kind, { provider, ...outcomeContext(outcome) })}
          </Alert>
        )}
      </Box>
    </SectionCard>
  );
}
