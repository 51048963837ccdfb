import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PasswordField } from '../../components/password-field';
import { SectionCard } from '../../components/section-card';
import { aiMessages, connectionHints, keyRequiredMessage, settingsTestMessage } from './ai-errors';
import {
  readProviderSettings,
  readProviderSettingsForm,
  type KeyLocation,
  type ProviderSettingsErrors,
  type ProviderSettingsForm,
} from './ai-settings';
import {
  connectionStatusLabels,
  loadAiServerProviders,
  readDeviceProviders,
  removeAiProvider,
  saveAndTestProvider,
  selectConnectionStatus,
  selectProviderConfigured,
  selectServerProvider,
  selectSettingsFailure,
  selectSettingsTest,
  type AiConnectionStatus,
  type ServerProviderRow,
} from './ai-slice';
import { AI_PROVIDERS, aiProviders, type AiProviderId } from './providers';
import { Spinner } from '../../components/spinner';

export const statusColors: Record<AiConnectionStatus, 'success' | 'error' | 'default'> = {
  connected: 'success',
  error: 'error',
  unknown: 'default',
};

export const cardTexts = {
  keyLocation: 'Where your key is kept',
  onDevice: 'On this device',
  onServer: 'Keep my key on the server',
  serverKeyKept: 'A key is kept on the server; leave blank to keep it',
  remove: 'Remove',
  removeFailed: 'Could not remove these settings. Please try again.',
} as const;

/** The one sentence under the key location choice. */
export function keyLocationHelp(provider: AiProviderId): string {
  return `On this device, your key stays in this browser and ${aiProviders[provider].label} is called from here; on the server, it is stored encrypted where no one can read it back and calls go through our server, which also reaches services that refuse calls from a browser.`;
}

function cardTitle(provider: AiProviderId): string {
  return provider === 'custom' ? 'Custom (OpenAI-compatible)' : aiProviders[provider].label;
}

function cardSubtitle(provider: AiProviderId): string {
  return provider === 'custom'
    ? 'Ollama, LM Studio, OpenRouter or any other server that speaks the OpenAI API'
    : aiProviders[provider].maker;
}

function baseUrlHelp(provider: AiProviderId): string {
  if (provider === 'custom') {
    return 'Your model server’s address: Ollama listens on http://localhost:11434/v1, LM Studio on http://localhost:1234/v1.';
  }
  if (provider === 'chatgpt') {
    return 'OpenAI’s address is filled in. Any OpenAI-compatible endpoint works, such as Azure OpenAI or OpenRouter.';
  }
  return `${aiProviders[provider].label}’s address is filled in; change it only if you call it through another address.`;
}

function keyHelp(provider: AiProviderId): string {
  const { keyUrl } = aiProviders[provider];
  return keyUrl
    ? `Get a key at ${keyUrl}.`
    : 'Only if your server asks for one: a local model usually needs none.';
}

/** One provider's settings: key, address, model, where the key is kept, save and test, remove. */
export function ProviderCard({ provider }: { provider: AiProviderId }) {
  const dispatch = useAppDispatch();
  const info = aiProviders[provider];
  const ids = useId();
  const testState = useAppSelector((state) => selectSettingsTest(state, provider));
  const failure = useAppSelector((state) => selectSettingsFailure(state, provider));
  const status = useAppSelector((state) => selectConnectionStatus(state, provider));
  const configured = useAppSelector((state) => selectProviderConfigured(state, provider));
  const serverRow = useAppSelector((state) => selectServerProvider(state, provider));
  const [form, setForm] = useState<ProviderSettingsForm>(() => readProviderSettingsForm(provider));
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<ProviderSettingsErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const keyRef = useRef<HTMLInputElement>(null);
  const baseUrlRef = useRef<HTMLInputElement>(null);
  const modelRef = useRef<HTMLInputElement>(null);

  // Saved from another device, the settings are only on the server: show them as they are there.
  // Adjusted while rendering when the server's row arrives or changes (not in an effect).
  const [shownServerRow, setShownServerRow] = useState<ServerProviderRow | null>(null);
  if (serverRow !== shownServerRow) {
    setShownServerRow(serverRow);
    if (
      serverRow &&
      !touched &&
      (form.keyLocation === 'server' || readProviderSettings(provider) === null)
    ) {
      setForm({
        ...form,
        apiKey: '',
        keyLocation: 'server',
        baseURL: serverRow.baseURL,
        model: serverRow.model,
      });
    }
  }

  const busy = saving || testState === 'testing';
  const serverKeyKept = form.keyLocation === 'server' && serverRow?.hasKey === true;
  const keyRequired = info.keyRequired && !serverKeyKept;
  const keyBlank = form.apiKey.trim() === '';

  function update(field: keyof ProviderSettingsForm, value: string) {
    setTouched(true);
    setForm((current) => ({ ...current, [field]: value }));
    if (field === 'apiKey' || field === 'baseURL' || field === 'model') {
      setErrors((current) => ({ ...current, [field]: undefined }));
    }
    if (field === 'apiKey' && value.trim() === '' && keyRequired) {
      setErrors((current) => ({ ...current, apiKey: keyRequiredMessage(provider) }));
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSaveError(null);
    setSaving(true);
    const action = await dispatch(saveAndTestProvider({ provider, form }));
    setSaving(false);
    if (saveAndTestProvider.rejected.match(action)) {
      if (action.payload) {
        setErrors(action.payload);
        const first = action.payload.apiKey
          ? keyRef
          : action.payload.baseURL
            ? baseUrlRef
            : modelRef;
        first.current?.focus();
      } else {
        setSaveError(action.error.message ?? aiMessages.settingsTestFailed);
      }
      return;
    }
    // A key sent to the server is not kept in the form either.
    if (form.keyLocation === 'server') setForm((current) => ({ ...current, apiKey: '' }));
  }

  async function handleRemove() {
    setRemoving(true);
    setSaveError(null);
    try {
      await dispatch(removeAiProvider({ provider })).unwrap();
      setConfirmRemove(false);
      setTouched(false);
      setErrors({});
      setForm(readProviderSettingsForm(provider));
    } catch (error) {
      setConfirmRemove(false);
      setSaveError(
        error instanceof Error && error.message ? error.message : cardTexts.removeFailed,
      );
    } finally {
      setRemoving(false);
    }
  }

  const hints = failure ? connectionHints(provider, failure.kind, failure.address) : [];
  const context = { provider, ...failure };

  return (
    <SectionCard
      title={cardTitle(provider)}
      level={3}
      subtitle={cardSubtitle(provider)}
      action={
        <Chip label={connectionStatusLabels[status]} color={statusColors[status]} size="small" />
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <PasswordField
            label={info.keyLabel}
            revealLabel="API key"
            required={keyRequired}
            fullWidth
            autoComplete="off"
            value={form.apiKey}
            inputRef={keyRef}
            onChange={(event) => update('apiKey', event.target.value)}
            error={Boolean(errors.apiKey)}
            helperText={
              errors.apiKey ?? (serverKeyKept ? cardTexts.serverKeyKept : keyHelp(provider))
            }
            inputProps={{ spellCheck: false }}
          />
          {provider === 'chatgpt' && (
            <TextField
              label="Organization ID (optional)"
              fullWidth
              autoComplete="off"
              value={form.organization}
              onChange={(event) => update('organization', event.target.value)}
            />
          )}
          <TextField
            label="API Base URL"
            fullWidth
            type="url"
            autoComplete="off"
            value={form.baseURL}
            inputRef={baseUrlRef}
            onChange={(event) => update('baseURL', event.target.value)}
            error={Boolean(errors.baseURL)}
            helperText={errors.baseURL ?? baseUrlHelp(provider)}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <TextField
            label="Model"
            fullWidth
            autoComplete="off"
            value={form.model}
            inputRef={modelRef}
            onChange={(event) => update('model', event.target.value)}
            error={Boolean(errors.model)}
            helperText={errors.model ?? info.modelExamples}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <FormControl>
            <FormLabel id={`${ids}-location`}>{cardTexts.keyLocation}</FormLabel>
            <RadioGroup
              aria-labelledby={`${ids}-location`}
              aria-describedby={`${ids}-location-help`}
              name={`ai-key-location-${provider}`}
              value={form.keyLocation}
              onChange={(event) => update('keyLocation', event.target.value as KeyLocation)}
            >
              <FormControlLabel value="device" control={<Radio />} label={cardTexts.onDevice} />
              <FormControlLabel value="server" control={<Radio />} label={cardTexts.onServer} />
            </RadioGroup>
            <FormHelperText id={`${ids}-location-help`} sx={{ mx: 0 }}>
              {keyLocationHelp(provider)}
            </FormHelperText>
          </FormControl>
        </Stack>
        <Box aria-live="polite" sx={{ mt: 2 }}>
          {testState === 'success' && (
            <Alert severity="success">{settingsTestMessage(true, undefined, { provider })}</Alert>
          )}
          {testState === 'error' && failure && (
            <Alert severity="error">
              <AlertTitle>{settingsTestMessage(false, failure.kind, context)}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {hints.map((hint) => (
                  <li key={hint}>{hint}</li>
                ))}
              </Box>
            </Alert>
          )}
          {saveError && <Alert severity="error">{saveError}</Alert>}
        </Box>
        <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={(keyRequired && keyBlank) || busy}
            startIcon={busy ? <Spinner size={16} color="inherit" /> : undefined}
          >
            {busy ? 'Testing Connection...' : 'Save & Test Connection'}
          </Button>
          {configured && (
            <Button
              variant="outlined"
              color="error"
              onClick={() => setConfirmRemove(true)}
              disabled={busy || removing}
              aria-label={`${cardTexts.remove} ${cardTitle(provider)} settings`}
            >
              {cardTexts.remove}
            </Button>
          )}
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirmRemove}
        title={`Remove ${cardTitle(provider)}?`}
        message={`Your ${info.label} settings and key are removed from this device${serverRow ? ' and from the server' : ''}. Posts already written stay as they are.`}
        confirmLabel={cardTexts.remove}
        destructive
        busy={removing}
        onConfirm={() => void handleRemove()}
        onCancel={() => setConfirmRemove(false)}
      />
    </SectionCard>
  );
}

/** Settings › Integrations › AI Assistants. */
export function AiAssistantsPanel() {
  const dispatch = useAppDispatch();

  // What is configured may have changed since the store was built (another tab, another device).
  useEffect(() => {
    void dispatch(readDeviceProviders());
    void dispatch(loadAiServerProviders({ force: true }));
  }, [dispatch]);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h2">
          AI Assistants
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Connect the AI assistants that write your posts. Choose which one writes on the dashboard
          or when you create a post.
        </Typography>
      </Box>
      {AI_PROVIDERS.map((provider) => (
        <ProviderCard key={provider} provider={provider} />
      ))}
    </Stack>
  );
}

export default AiAssistantsPanel;
