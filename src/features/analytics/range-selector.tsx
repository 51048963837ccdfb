import { useId } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { OutlinedField } from '../../components/outlined-field';
import { OutlinedSelectField } from '../../components/outlined-select-field';
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
      <Box sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
        <OutlinedSelectField
          size="small"
          label={analyticsTexts.rangeLabel}
          value={range}
          onChange={(event) => onRangeChange(event.target.value as RangeKey)}
          shrinkLabel
          fullWidth
        >
          {RANGE_KEYS.map((key) => (
            <option key={key} value={key}>
              {RANGE_LABELS[key]}
            </option>
          ))}
        </OutlinedSelectField>
      </Box>
      {range === 'custom' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, flex: '1 1 auto' }}>
          <Box sx={{ flex: '1 1 140px', minWidth: 0 }}>
            <OutlinedField
              type="date"
              size="small"
              label={analyticsTexts.from}
              value={custom.from}
              error={Boolean(error)}
              onChange={(event) => onCustomChange({ ...custom, from: event.target.value })}
              shrinkLabel
              inputProps={{ 'aria-describedby': error ? errorId : undefined, max: custom.to }}
              fullWidth
            />
          </Box>
          <Box sx={{ flex: '1 1 140px', minWidth: 0 }}>
            <OutlinedField
              type="date"
              size="small"
              label={analyticsTexts.to}
              value={custom.to}
              error={Boolean(error)}
              onChange={(event) => onCustomChange({ ...custom, to: event.target.value })}
              shrinkLabel
              inputProps={{ 'aria-describedby': error ? errorId : undefined, min: custom.from }}
              fullWidth
            />
          </Box>
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
