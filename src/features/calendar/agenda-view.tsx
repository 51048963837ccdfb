import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../appearance';
import type { CalendarItem } from './calendar-items';
import { gridTexts } from './calendar-texts';
import { ItemList, type ItemActions } from './day-list';
import { dayLabel, monthOfDay, type DayKey, type Month } from './month-grid';

/** Posts the agenda shows at first (whole days, at least one), and how many more each press adds. */
export const AGENDA_PAGE = 20;

/** How many of the days come first: whole days until they hold `budget` posts. */
function daysWithin(days: DayKey[], itemsByDay: Map<DayKey, CalendarItem[]>, budget: number) {
  let shown = 0;
  let posts = 0;
  while (shown < days.length && (shown === 0 || posts < budget)) {
    posts += itemsByDay.get(days[shown]!)!.length;
    shown += 1;
  }
  return shown;
}

/**
 * The month's posts as a list, day by day: the phone's calendar. A busy month comes a few days at a
 * time (Show more days), so a phone does not render hundreds of posts on opening the page.
 */
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
  const [budget, setBudget] = useState(AGENDA_PAGE);
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
  const shown = daysWithin(days, itemsByDay, budget);
  const left = days.length - shown;
  return (
    <Box>
      {days.slice(0, shown).map((day) => (
        <AgendaDay
          key={day}
          day={day}
          today={day === today}
          items={itemsByDay.get(day)!}
          actions={actions}
        />
      ))}
      {left > 0 && (
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setBudget((b) => b + AGENDA_PAGE)}>
          {gridTexts.moreDays(left)}
        </Button>
      )}
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
