import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PasswordField } from '../../components/password-field';
import { SectionCard } from '../../components/section-card';
import { aiMessages, settingsTestMessage, UNREACHABLE_HINTS } from './ai-errors';
import { readAiSettingsForm, type AiSettingsErrors, type AiSettingsForm } from './ai-settings';
import {
  connectionStatusLabels,
  saveAndTestAiSettings,
  selectConnectionStatus,
  selectSettingsFailure,
  selectSettingsTest,
  type AiConnectionStatus,
} from './ai-slice';

const statusColors: Record<AiConnectionStatus, 'success' | 'error' | 'default'> = {
  connected: 'success',
  error: 'error',
  unknown: 'default',
};

export const CONNECTION_HINTS = [
  'Make sure your API key is correct and still active.',
  'Check that your OpenAI account has enough credits.',
  'Check that the key has the permissions needed for chat completions.',
] as const;

const OTHER_PROVIDERS = [
  { name: 'Perplexity', maker: 'Perplexity AI' },
  { name: 'Grok', maker: 'xAI' },
  { name: 'Gemini', maker: 'Google' },
] as const;

function ChatGptCard() {
  const dispatch = useAppDispatch();
  const testState = useAppSelector(selectSettingsTest);
  const failure = useAppSelector(selectSettingsFailure);
  const unreachable = failure?.kind === 'unreachable';
  const status = useAppSelector((state) => selectConnectionStatus(state, 'chatgpt'));
  const [form, setForm] = useState<AiSettingsForm>(() => readAiSettingsForm());
  const [errors, setErrors] = useState<AiSettingsErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const baseUrlRef = useRef<HTMLInputElement>(null);

  const testing = testState === 'testing';
  const keyBlank = form.apiKey.trim() === '';

  function update(field: keyof AiSettingsForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (field === 'apiKey' || field === 'baseURL') {
      setErrors((current) => ({ ...current, [field]: undefined }));
    }
    if (field === 'apiKey' && value.trim() === '') {
      setErrors((current) => ({ ...current, apiKey: aiMessages.keyRequired }));
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const action = await dispatch(saveAndTestAiSettings(form));
    if (saveAndTestAiSettings.rejected.match(action)) {
      if (action.payload) {
        setErrors(action.payload);
        (action.payload.apiKey ? keyRef : baseUrlRef).current?.focus();
      } else {
        setSaveError(action.error.message ?? aiMessages.settingsTestFailed);
      }
    }
  }

  return (
    <SectionCard
      title="ChatGPT"
      level={3}
      subtitle="OpenAI"
      action={
        <Chip label={connectionStatusLabels[status]} color={statusColors[status]} size="small" />
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <PasswordField
            label="OpenAI API Key"
            revealLabel="API key"
            required
            fullWidth
            autoComplete="off"
            value={form.apiKey}
            inputRef={keyRef}
            onChange={(event) => update('apiKey', event.target.value)}
            error={Boolean(errors.apiKey)}
            helperText={
              errors.apiKey ??
              'Your key stays on this device and is sent only to the API address below.'
            }
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <TextField
            label="Organization ID (optional)"
            fullWidth
            autoComplete="off"
            value={form.organization}
            onChange={(event) => update('organization', event.target.value)}
          />
          <TextField
            label="API Base URL (optional)"
            fullWidth
            type="url"
            autoComplete="off"
            placeholder="https://api.openai.com/v1"
            value={form.baseURL}
            inputRef={baseUrlRef}
            onChange={(event) => update('baseURL', event.target.value)}
            error={Boolean(errors.baseURL)}
            helperText={
              errors.baseURL ??
              'Leave blank for OpenAI. Any OpenAI-compatible endpoint works, such as Azure OpenAI, OpenRouter or a local model server.'
            }
          />
          <TextField
            label="Model"
            fullWidth
            autoComplete="off"
            value={form.model}
            onChange={(event) => update('model', event.target.value)}
            helperText="For example gpt-4 or gpt-4o, or the model name your endpoint serves."
          />
        </Stack>
        <Box aria-live="polite" sx={{ mt: 2 }}>
          {testState === 'success' && <Alert severity="success">{settingsTestMessage(true)}</Alert>}
          {testState === 'error' && (
            <Alert severity="error">
              <AlertTitle>{settingsTestMessage(false, failure?.kind, failure?.address)}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {(unreachable ? UNREACHABLE_HINTS : CONNECTION_HINTS).map((hint) => (
                  <li key={hint}>{hint}</li>
                ))}
              </Box>
            </Alert>
          )}
          {saveError && <Alert severity="error">{saveError}</Alert>}
        </Box>
        <Box sx={{ mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={keyBlank || testing}
            startIcon={testing ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {testing ? 'Testing Connection...' : 'Save & Test Connection'}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}

function UnavailableProviderCard({ name, maker }: { name: string; maker: string }) {
  return (
    <SectionCard title={name} level={3} subtitle={maker}>
      <Typography variant="body2">Support for {name} is coming soon.</Typography>
      <Button variant="outlined" disabled sx={{ mt: 2 }}>
        Not connected
      </Button>
    </SectionCard>
  );
}

/** Settings › Integrations › AI Assistants. */
export function AiAssistantsPanel() {
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h2">
          AI Assistants
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Connect the AI assistant that writes your posts.
        </Typography>
      </Box>
      <ChatGptCard />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {OTHER_PROVIDERS.map((provider) => (
          <UnavailableProviderCard key={provider.name} {...provider} />
        ))}
      </Box>
    </Stack>
  );
}

export default AiAssistantsPanel;
