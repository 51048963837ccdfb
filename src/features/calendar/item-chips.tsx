import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { platformLabels } from '../../lib/platforms';
import { CALENDAR_STATUS_LABELS, type CalendarItem, type CalendarStatus } from './calendar-items';

const STATUS_COLORS: Record<CalendarStatus, ChipProps['color']> = {
  scheduled: 'info',
  publishing: 'info',
  published: 'success',
  failed: 'error',
  'needs-attention': 'warning',
  draft: 'default',
  'in-review': 'secondary',
};

/** Shown beside a post whose manual target waits for the user to post it. */
export const REMINDER_LABEL = 'Time to post';

export function CalendarStatusChip({ status }: { status: CalendarStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={CALENDAR_STATUS_LABELS[status]}
    />
  );
}

/** An item's platforms and status (and a waiting reminder) as chips. */
export function ItemBadges({
  item,
}: {
  item: Pick<CalendarItem, 'platforms' | 'status' | 'reminder'>;
}) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      {item.platforms.map((p) => (
        <Chip key={p} size="small" label={platformLabels[p]} />
      ))}
      <CalendarStatusChip status={item.status} />
      {item.reminder && <Chip size="small" color="warning" label={REMINDER_LABEL} />}
    </Stack>
  );
}
