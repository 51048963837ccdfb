import { useState, type ChangeEvent } from 'react';
import {
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isThemeMode, selectThemeMode, themeModeChosen } from '../ui';

const THEME_OPTIONS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const;

const LANGUAGES = ['English (US)', 'English (UK)', 'Spanish', 'French', 'German'];
const TIMEZONES = ['UTC-8', 'UTC-5', 'UTC+0', 'UTC+1'];

export function AppearanceSettings() {
  const dispatch = useAppDispatch();
  const themeMode = useAppSelector(selectThemeMode);
  // Language and timezone are shown but not applied anywhere yet (spec: non-functional).
  const [language, setLanguage] = useState(LANGUAGES[0]);
  const [timezone, setTimezone] = useState(TIMEZONES[0]);

  const chooseTheme = (event: ChangeEvent<HTMLInputElement>) => {
    if (isThemeMode(event.target.value)) dispatch(themeModeChosen(event.target.value));
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
        onChange={(event) => setLanguage(event.target.value)}
      >
        {LANGUAGES.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Timezone"
        value={timezone}
        onChange={(event) => setTimezone(event.target.value)}
      >
        {TIMEZONES.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
