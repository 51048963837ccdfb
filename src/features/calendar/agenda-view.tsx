import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../appearance';
import type { CalendarItem } from './calendar-items';
import { gridTexts } from './calendar-texts';
import { ItemList, type ItemActions } from './day-list';
import { dayLabel, monthOfDay, type DayKey, type Month } from './month-grid';

/** The month's posts as a list, day by day: the phone's calendar. */
export function AgendaView({
  month,
  today,
  itemsByDay,
  filtering,
  actions,
}: {
  month: Month;
  today: DayKey;
  itemsByDay: Map<DayKey, CalendarItem[]>;
  filtering: boolean;
  actions: ItemActions;
}) {
  const days = [...itemsByDay.keys()]
    .filter((day) => {
      const m = monthOfDay(day);
      return m.year === month.year && m.month === month.month;
    })
    .sort();
  if (days.length === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {filtering ? gridTexts.filteredOut : gridTexts.noPostsMonth}
      </Typography>
    );
  return (
    <Box>
      {days.map((day) => (
        <AgendaDay
          key={day}
          day={day}
          today={day === today}
          items={itemsByDay.get(day)!}
          actions={actions}
        />
      ))}
    </Box>
  );
}

function AgendaDay({
  day,
  today,
  items,
  actions,
}: {
  day: DayKey;
  today: boolean;
  items: CalendarItem[];
  actions: ItemActions;
}) {
  const { locale } = useFormatters();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2, minWidth: 0 }}>
      <Typography
        id={headingId}
        variant="subtitle1"
        component="h3"
        aria-current={today ? 'date' : undefined}
        sx={{ fontWeight: 600, borderBottom: 1, borderColor: 'divider', pb: 0.5 }}
      >
        {dayLabel(day, locale)}
      </Typography>
      <ItemList items={items} actions={actions} level={4} />
    </Box>
  );
}
