import { useId } from 'react';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PLATFORMS, platformLabels } from '../../lib/platforms';
import { isFiltering, NO_FILTER, type CalendarFilter } from './calendar-filter';
import { CALENDAR_STATUS_LABELS, CALENDAR_STATUSES } from './calendar-items';
import { gridTexts } from './calendar-texts';

export interface CalendarFilterPanelProps {
  open: boolean;
  panelId: string;
  filter: CalendarFilter;
  onChange: (filter: CalendarFilter) => void;
}

/** The platform and status choices under the Filter button, while it is open. */
export function CalendarFilterPanel({ open, panelId, filter, onChange }: CalendarFilterPanelProps) {
  const platformId = useId();
  const statusId = useId();
  return (
    <Collapse in={open} id={panelId} role="group" aria-label={gridTexts.filters} unmountOnExit>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, py: 1 }}
      >
        <TextField
          select
          id={platformId}
          label={gridTexts.platform}
          value={filter.platform}
          onChange={(e) =>
            onChange({ ...filter, platform: e.target.value as CalendarFilter['platform'] })
          }
          size="small"
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{gridTexts.allPlatforms}</MenuItem>
          {PLATFORMS.map((p) => (
            <MenuItem key={p} value={p}>
              {platformLabels[p]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id={statusId}
          label={gridTexts.status}
          value={filter.status}
          onChange={(e) =>
            onChange({ ...filter, status: e.target.value as CalendarFilter['status'] })
          }
          size="small"
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{gridTexts.allStatuses}</MenuItem>
          {CALENDAR_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {CALENDAR_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        {isFiltering(filter) && (
          <Button onClick={() => onChange(NO_FILTER)} sx={{ alignSelf: { xs: 'flex-start' } }}>
            {gridTexts.clearFilters}
          </Button>
        )}
      </Stack>
    </Collapse>
  );
}
