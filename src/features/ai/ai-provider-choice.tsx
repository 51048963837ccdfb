import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { AI_PROVIDERS, aiProviderLabels, isAiProvider, type AiProviderId } from './ai-slice';

export interface AiProviderChoiceProps {
  /** The radio group's form name, distinct per screen. */
  name: string;
  value: AiProviderId;
  onChange: (provider: AiProviderId) => void;
  /** Spacing of the group and of the note under it where the parent does not space them. */
  sx?: SxProps<Theme>;
}

/** The "AI provider" radio buttons, and the note that only ChatGPT writes posts for now. */
export function AiProviderChoice({ name, value, onChange, sx }: AiProviderChoiceProps) {
  const labelId = useId();
  return (
    <>
      <FormControl sx={sx}>
        <FormLabel id={labelId}>AI provider</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          name={name}
          value={value}
          onChange={(event) => {
            if (isAiProvider(event.target.value)) onChange(event.target.value);
          }}
        >
          {AI_PROVIDERS.map((id) => (
            <FormControlLabel
              key={id}
              value={id}
              control={<Radio />}
              label={aiProviderLabels[id]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {value !== 'chatgpt' && (
        <Typography variant="body2" color="text.secondary" sx={sx}>
          Perplexity is not available yet. Choose ChatGPT to generate posts.
        </Typography>
      )}
    </>
  );
}
