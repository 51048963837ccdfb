import { memo, useEffect, useId, useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { RememberedPart } from '../../components/frame-part';
import { rememberFrameHint, rememberedFrameHints } from '../../lib/frame-hints';
import { selectCurrentUser } from '../auth';
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
/** The frame hint of the note that `provider`'s key is missing (src/lib/frame-hints.ts). */
const keyMissingHint = (provider: AiProviderId) => `ai-key-missing:${provider}` as const;

/**
 * The radio buttons alone, rendered again only when their props change: not when the server's
 * answer about the keys comes in, which changes only the note.
 */
const ProviderRadios = memo(function ProviderRadios({
  name,
  value,
  onChange,
  sx,
}: AiProviderChoiceProps) {
  const labelId = useId();
  return (
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
          <FormControlLabel key={id} value={id} control={<Radio />} label={aiProviderLabels[id]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
});

export function AiProviderChoice({ name, value, onChange, sx }: AiProviderChoiceProps) {
  const dispatch = useAppDispatch();
  const configured = useAppSelector((state) => selectProviderConfigured(state, value));
  const serverStatus = useAppSelector(selectServerProvidersStatus);
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;

  // A key may be kept on the server only (saved on another device): ask once per page.
  useEffect(() => {
    void dispatch(readDeviceProviders());
    void dispatch(loadAiServerProviders());
  }, [dispatch]);

  // While the server's answer is on its way the provider may yet turn out to be set up: the note
  // shows as this device last showed it (as the dashboard's prerendered frame does), then as the
  // answer says.
  const hint = keyMissingHint(value);
  const answered = serverStatus !== 'loading' && serverStatus !== 'idle';
  const [shownBefore] = useState(() => (userId ? rememberedFrameHints(userId) : []));
  const unconfigured = !configured && (answered || shownBefore.includes(hint));
  useEffect(() => {
    if (userId && answered) rememberFrameHint(userId, hint, !configured);
  }, [userId, answered, hint, configured]);
  const note = (
    <Typography variant="body2" color="text.secondary" sx={sx}>
      <SettingsLinkedText text={keyMissingMessage(value)} />
    </Typography>
  );
  return (
    <>
      <ProviderRadios name={name} value={value} onChange={onChange} sx={sx} />
      {unconfigured && note}
      <RememberedPart hint={hint}>{note}</RememberedPart>
    </>
  );
}
