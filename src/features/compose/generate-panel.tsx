import { memo, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import RateReview from '@mui/icons-material/RateReview';
import { OutlinedSelectField } from '../../components/outlined-select-field';
import { SectionCard } from '../../components/section-card';
import { AiProviderChoice, aiProviderLabels, SettingsLinkedText, type AiProviderId } from '../ai';
import { useFormatters } from '../appearance';
import { CUSTOM_PROMPT_ID } from './compose-initial';
import { PROMPT_PRESETS } from './prompt-presets';
import { Spinner } from '../../components/spinner';

export interface GeneratePanelProps {
  provider: AiProviderId;
  onProviderChange: (provider: AiProviderId) => void;
  promptId: string;
  customPrompt: string | null;
  onPromptChange: (promptId: string) => void;
  generating: boolean;
  error: string | null;
  prediction: number | null;
  onGenerate: () => void;
  reviewDisabled: boolean;
  onReview: () => void;
}

export const GeneratePanel = memo(function GeneratePanel({
  provider,
  onProviderChange,
  promptId,
  customPrompt,
  onPromptChange,
  generating,
  error,
  prediction,
  onGenerate,
  reviewDisabled,
  onReview,
}: GeneratePanelProps) {
  const errorRef = useRef<HTMLDivElement>(null);
  const { formatPercent } = useFormatters();

  // On a phone the red box appears below the Generate button, out of sight: bring it in.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [error]);

  return (
    <SectionCard title="AI Assistant">
      <Stack spacing={2} sx={{ mt: 1 }}>
        <AiProviderChoice name="compose-ai-provider" value={provider} onChange={onProviderChange} />
        <OutlinedSelectField
          label="Content prompt"
          value={promptId}
          onChange={(event) => onPromptChange(event.target.value)}
          fullWidth
          shrinkLabel
          helperText="What should the post be about?"
        >
          <option value="" disabled>
            Choose a prompt
          </option>
          {customPrompt && <option value={CUSTOM_PROMPT_ID}>{customPrompt}</option>}
          {PROMPT_PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
        </OutlinedSelectField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="contained"
            onClick={onGenerate}
            disabled={!promptId || generating}
            startIcon={generating ? <Spinner size={16} color="inherit" /> : <AutoAwesome />}
          >
            {generating ? 'Generating...' : `Generate with ${aiProviderLabels[provider]}`}
          </Button>
          <Button
            variant="outlined"
            onClick={onReview}
            disabled={reviewDisabled}
            startIcon={<RateReview />}
          >
            Review & Edit
          </Button>
        </Stack>
        <Box aria-live="polite">
          {error && (
            <Alert severity="error" ref={errorRef}>
              <SettingsLinkedText text={error} />
            </Alert>
          )}
          {!error && prediction !== null && (
            <Typography variant="body2" color="text.secondary">
              {`Predicted engagement: ${formatPercent(prediction / 100)}`}
            </Typography>
          )}
        </Box>
      </Stack>
    </SectionCard>
  );
});
