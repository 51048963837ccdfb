import { useState, type ChangeEvent } from 'react';
import {
  FormControl,
  FormControlLabel,
  FormLabel,
  ListItemText,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { timeZoneOptions, zoneCity } from '../../lib/intl/time-zones';
import { selectAppearance, useFormatters } from '../appearance';
import {
  isLanguageTag,
  LANGUAGE_TAGS,
  savePreferences,
  type LanguageTag,
  type Preferences,
} from '../preferences';
import { selectSyncOnline } from '../sync';
import { isThemeMode, selectThemeMode, themeModeChosen } from '../ui';

const THEME_OPTIONS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const;

/** The spec's language labels. */
export const LANGUAGE_LABELS: Record<LanguageTag, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
};

export const appearanceMessages = {
  saved: 'Appearance settings saved.',
  savedOffline:
    "Appearance settings saved. You're offline: they are kept on this device and will sync when you're back online.",
  saveFailed: "Oops! We couldn't save your changes right now. Please try again in a moment.",
} as const;

export function AppearanceSettings() {
  const dispatch = useAppDispatch();
  const themeMode = useAppSelector(selectThemeMode);
  const { language } = useAppSelector(selectAppearance);
  const online = useAppSelector(selectSyncOnline);
  const format = useFormatters();
  const [notice, setNotice] = useState<Notice | null>(null);
  // The moment the language preview shows.
  const [now] = useState(() => Date.now());
  const zones = timeZoneOptions(format.timeZone);

  async function save(changes: Partial<Preferences>) {
    try {
      await dispatch(savePreferences(changes));
      setNotice(
        makeNotice('success', online ? appearanceMessages.saved : appearanceMessages.savedOffline),
      );
    } catch (error) {
      console.error('The appearance settings could not be saved:', error);
      setNotice(makeNotice('error', appearanceMessages.saveFailed));
    }
  }

  const chooseTheme = (event: ChangeEvent<HTMLInputElement>) => {
    const theme = event.target.value;
    if (!isThemeMode(theme)) return;
    // Applied at once on this device; the synced copy follows.
    dispatch(themeModeChosen(theme));
    void save({ theme });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 480 }}>
      <FormControl>
        <FormLabel id="theme-mode-label">Theme</FormLabel>
        <RadioGroup row aria-labelledby="theme-mode-label" value={themeMode} onChange={chooseTheme}>
          {THEME_OPTIONS.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              label={option.label}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        select
        label="Language"
        value={language}
        onChange={(event) => {
          if (isLanguageTag(event.target.value)) void save({ language: event.target.value });
        }}
        helperText={`Dates and numbers look like this: ${format.formatDateTime(now)} · ${format.formatNumber(1234.5)}`}
      >
        {LANGUAGE_TAGS.map((tag) => (
          <MenuItem key={tag} value={tag}>
            {LANGUAGE_LABELS[tag]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Timezone"
        value={format.timeZone}
        onChange={(event) => void save({ timeZone: event.target.value })}
        helperText={`Scheduled times are shown and entered in ${format.formatZoneName()} (${zoneCity(format.timeZone)}).`}
        slotProps={{
          select: {
            // The closed field shows the choice's label alone; the menu says which zone each is.
            renderValue: (value) =>
              zones.find((zone) => zone.timeZone === value)?.label ?? String(value),
          },
        }}
      >
        {zones.map((zone) => (
          // Wrapped, not cut: a zone's name can be long (German, on a phone).
          <MenuItem key={zone.timeZone} value={zone.timeZone} sx={{ whiteSpace: 'normal' }}>
            <ListItemText
              primary={zone.label}
              secondary={
                zone.label === zone.timeZone
                  ? format.formatZoneName(zone.timeZone)
                  : `${zoneCity(zone.timeZone)} · ${format.formatZoneName(zone.timeZone)}`
              }
            />
          </MenuItem>
        ))}
      </TextField>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
