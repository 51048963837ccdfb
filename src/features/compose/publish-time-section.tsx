import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import Schedule from '@mui/icons-material/Schedule';
import { SectionCard } from '../../components/section-card';
import { useFormatters } from '../appearance';
import type { PublishMode } from './compose-initial';
import { nextWeekdayAt } from './schedule-dates';

/** Sample data, no timing model exists yet: Tuesday 10:30 AM, written in the user's language. */
export const SAMPLE_AI_RECOMMENDATION = { weekday: 2, time: '10:30' } as const;

const TITLE = 'Publish time';

const MODES: { id: PublishMode; label: string }[] = [
  { id: 'now', label: 'Publish now' },
  { id: 'schedule', label: 'Schedule for later' },
  { id: 'optimal', label: 'AI optimal time' },
];

export interface PublishTimeSectionProps {
  mode: PublishMode;
  onModeChange: (mode: PublishMode) => void;
  date: string;
  time: string;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  /** The zone the date and time are in (the user's), e.g. Eastern Time (New York). */
  zoneLabel?: string;
}

export function PublishTimeSection({
  mode,
  onModeChange,
  date,
  time,
  onDateChange,
  onTimeChange,
  zoneLabel,
}: PublishTimeSectionProps) {
  const format = useFormatters();
  const [now] = useState(() => new Date());
  const { weekday, time: recommendedTime } = SAMPLE_AI_RECOMMENDATION;
  const recommendation = format.formatWeekdayTime(
    nextWeekdayAt(now, format.timeZone, weekday, recommendedTime) ?? '',
  );
  return (
    <SectionCard title={TITLE}>
      <RadioGroup
        // The section's title: SectionCard does not share its heading's id.
        aria-label={TITLE}
        name="publish-time"
        value={mode}
        onChange={(event) => onModeChange(event.target.value as PublishMode)}
      >
        {MODES.map((m) => (
          <FormControlLabel key={m.id} value={m.id} control={<Radio />} label={m.label} />
        ))}
      </RadioGroup>
      {mode === 'schedule' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <TextField
            type="date"
            label="Date"
            value={date}
            onChange={(event) => onDateChange(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <TextField
            type="time"
            label="Time"
            value={time}
            onChange={(event) => onTimeChange(event.target.value)}
            helperText={zoneLabel}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Stack>
      )}
      <Box
        sx={{
          mt: 2,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'flex',
          gap: 1,
          alignItems: 'center',
        }}
      >
        <Schedule color="primary" aria-hidden />
        <Typography variant="body2">
          AI recommendation: <strong>{recommendation}</strong>
          <Typography component="span" variant="caption" color="text.secondary">
            {' '}
            (sample)
          </Typography>
        </Typography>
      </Box>
    </SectionCard>
  );
}
