import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Schedule from '@mui/icons-material/Schedule';
import { OutlinedField } from '../../components/outlined-field';
import type { PublishMode } from '../../lib/db';
import { useFormatters } from '../appearance';
import type { OptimalTime } from './optimal-time';

export const PUBLISH_MODES: { id: PublishMode; label: string }[] = [
  { id: 'now', label: 'Publish now' },
  { id: 'schedule', label: 'Schedule for later' },
  { id: 'optimal', label: 'AI optimal time' },
];

export interface PublishTimeFieldsProps {
  /** Names the radio group (the section's or dialog's title). */
  label: string;
  mode: PublishMode;
  onModeChange: (mode: PublishMode) => void;
  date: string;
  time: string;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  /** The zone the date and time are in (the user's), e.g. Eastern Time (New York). */
  zoneLabel?: string;
  /** The AI optimal time and the rule that picked it. */
  optimal: OptimalTime;
}

/** The three publish-time choices, the date and time inputs, and the AI recommendation. */
export function PublishTimeFields({
  label,
  mode,
  onModeChange,
  date,
  time,
  onDateChange,
  onTimeChange,
  zoneLabel,
  optimal,
}: PublishTimeFieldsProps) {
  const format = useFormatters();
  return (
    <>
      <RadioGroup
        aria-label={label}
        name="publish-time"
        value={mode}
        onChange={(event) => onModeChange(event.target.value as PublishMode)}
      >
        {PUBLISH_MODES.map((m) => (
          <FormControlLabel key={m.id} value={m.id} control={<Radio />} label={m.label} />
        ))}
      </RadioGroup>
      {mode === 'schedule' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <OutlinedField
            type="date"
            label="Date"
            value={date}
            onChange={(event) => onDateChange(event.target.value)}
            shrinkLabel
            fullWidth
          />
          <OutlinedField
            type="time"
            label="Time"
            value={time}
            onChange={(event) => onTimeChange(event.target.value)}
            helperText={zoneLabel}
            shrinkLabel
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
          alignItems: 'flex-start',
        }}
      >
        <Schedule color="primary" aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">
            AI recommendation: <strong>{format.formatWeekdayTime(optimal.scheduledFor)}</strong>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {optimal.rule}
          </Typography>
        </Box>
      </Box>
    </>
  );
}
