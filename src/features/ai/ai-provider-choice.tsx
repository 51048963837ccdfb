import { useEffect, useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { keyMissingMessage } from './ai-errors';
import {
  loadAiServerProviders,
  readDeviceProviders,
  selectProviderConfigured,
  selectServerProvidersStatus,
} from './ai-slice';
import { AI_PROVIDERS, aiProviderLabels, isAiProvider, type AiProviderId } from './providers';
import { SettingsLinkedText } from './settings-link-text';

export interface AiProviderChoiceProps {
  /** The radio group's form name, distinct per screen. */
  name: string;
  value: AiProviderId;
  onChange: (provider: AiProviderId) => void;
  /** Spacing of the group and of the note under it where the parent does not space them. */
  sx?: SxProps<Theme>;
}

/**
 * The "AI provider" radio buttons (they wrap onto a second line on a phone), and a note with a
 * link to Settings when the chosen one is not set up for this user.
 */
export function AiProviderChoice({ name, value, onChange, sx }: AiProviderChoiceProps) {
  const dispatch = useAppDispatch();
  const labelId = useId();
  const configured = useAppSelector((state) => selectProviderConfigured(state, value));
  const serverStatus = useAppSelector(selectServerProvidersStatus);

  // A key may be kept on the server only (saved on another device): ask once per page.
  useEffect(() => {
    void dispatch(readDeviceProviders());
    void dispatch(loadAiServerProviders());
  }, [dispatch]);

  // While the server's answer is on its way the provider may yet turn out to be set up.
  const unconfigured = !configured && serverStatus !== 'loading' && serverStatus !== 'idle';
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
      {unconfigured && (
        <Typography variant="body2" color="text.secondary" sx={sx}>
          <SettingsLinkedText text={keyMissingMessage(value)} />
        </Typography>
      )}
    </>
  );
}
