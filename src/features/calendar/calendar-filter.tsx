import Button from '@mui/material/Button';
import FilterList from '@mui/icons-material/FilterList';
import type { DraftPlatform } from '../../lib/platforms';
import type { CalendarItem, CalendarStatus } from './calendar-items';
import { CalendarFilterPanel } from './calendar-parts';
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

/** The Filter button; while it is open, the platform and status choices (calendar-filter-panel.tsx). */
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
      onPointerEnter={CalendarFilterPanel.preload}
      onFocus={CalendarFilterPanel.preload}
    >
      {gridTexts.filter}
    </Button>
  );
}
