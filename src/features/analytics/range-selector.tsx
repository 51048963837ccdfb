import { useId } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { analyticsTexts } from './analytics-texts';
import { RANGE_KEYS, RANGE_LABELS } from './period';
import type { Period, RangeKey } from './types';

/** The Date range select and, for a custom range, its From and To days. */
export function RangeSelector({
  range,
  custom,
  error,
  onRangeChange,
  onCustomChange,
}: {
  range: RangeKey;
  custom: Period;
  /** Why the custom days were refused, shown under them. */
  error: string | null;
  onRangeChange: (range: RangeKey) => void;
  onCustomChange: (period: Period) => void;
}) {
  const errorId = useId();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label={analyticsTexts.rangeLabel}
        value={range}
        onChange={(event) => onRangeChange(event.target.value as RangeKey)}
        sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        {RANGE_KEYS.map((key) => (
          <MenuItem key={key} value={key}>
            {RANGE_LABELS[key]}
          </MenuItem>
        ))}
      </TextField>
      {range === 'custom' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, flex: '1 1 auto' }}>
          <TextField
            type="date"
            size="small"
            label={analyticsTexts.from}
            value={custom.from}
            error={Boolean(error)}
            onChange={(event) => onCustomChange({ ...custom, from: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'aria-describedby': error ? errorId : undefined, max: custom.to },
            }}
            sx={{ flex: '1 1 140px', minWidth: 0 }}
          />
          <TextField
            type="date"
            size="small"
            label={analyticsTexts.to}
            value={custom.to}
            error={Boolean(error)}
            onChange={(event) => onCustomChange({ ...custom, to: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'aria-describedby': error ? errorId : undefined, min: custom.from },
            }}
            sx={{ flex: '1 1 140px', minWidth: 0 }}
          />
          {error && (
            <FormHelperText id={errorId} error role="alert" sx={{ flexBasis: '100%', mt: -1 }}>
              {error}
            </FormHelperText>
          )}
        </Box>
      )}
    </Box>
  );
}
