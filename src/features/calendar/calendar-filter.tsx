import { useId } from 'react';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import FilterList from '@mui/icons-material/FilterList';
import { PLATFORMS, platformLabels, type DraftPlatform } from '../../lib/platforms';
import {
  CALENDAR_STATUS_LABELS,
  CALENDAR_STATUSES,
  type CalendarItem,
  type CalendarStatus,
} from './calendar-items';
import { gridTexts } from './calendar-texts';

export interface CalendarFilter {
  platform: DraftPlatform | 'all';
  status: CalendarStatus | 'all';
}

export const NO_FILTER: CalendarFilter = { platform: 'all', status: 'all' };

export function isFiltering(filter: CalendarFilter): boolean {
  return filter.platform !== 'all' || filter.status !== 'all';
}

export function applyFilter(
  items: readonly CalendarItem[],
  filter: CalendarFilter,
): CalendarItem[] {
  return items.filter(
    (item) =>
      (filter.platform === 'all' || item.platforms.includes(filter.platform)) &&
      (filter.status === 'all' || item.status === filter.status),
  );
}

/** The Filter button and, while it is open, the platform and status choices. */
export function CalendarFilterButton({
  open,
  onToggle,
  panelId,
}: {
  open: boolean;
  onToggle: () => void;
  panelId: string;
}) {
  return (
    <Button
      variant="outlined"
      startIcon={<FilterList />}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      {gridTexts.filter}
    </Button>
  );
}

export function CalendarFilterPanel({
  open,
  panelId,
  filter,
  onChange,
}: {
  open: boolean;
  panelId: string;
  filter: CalendarFilter;
  onChange: (filter: CalendarFilter) => void;
}) {
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
