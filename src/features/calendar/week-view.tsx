import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../appearance';
import type { CalendarItem } from './calendar-items';
import { gridTexts } from './calendar-texts';
import { DraggableEntry, useDayDrop } from './calendar-dnd';
import { dayLabel, shortDayLabel, weekOf, type DayKey } from './month-grid';

/** The selected day's week, a column a day (stacked on a phone); a day's button selects it. */
export function WeekView({
  selected,
  today,
  itemsByDay,
  onSelect,
}: {
  selected: DayKey;
  today: DayKey;
  itemsByDay: Map<DayKey, CalendarItem[]>;
  onSelect: (day: DayKey) => void;
}) {
  const days = weekOf(selected);
  const empty = days.every((d) => (itemsByDay.get(d)?.length ?? 0) === 0);
  return (
    <>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(7, minmax(0, 1fr))' },
        }}
      >
        {days.map((day) => (
          <WeekDay
            key={day}
            day={day}
            items={itemsByDay.get(day) ?? []}
            today={day === today}
            selected={day === selected}
            onSelect={() => onSelect(day)}
          />
        ))}
      </Box>
      {empty && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {gridTexts.noPostsWeek}
        </Typography>
      )}
    </>
  );
}

function WeekDay({
  day,
  items,
  today,
  selected,
  onSelect,
}: {
  day: DayKey;
  items: CalendarItem[];
  today: boolean;
  selected: boolean;
  onSelect: () => void;
}) {
  const { locale, formatTime } = useFormatters();
  const { setNodeRef, isOver } = useDayDrop(day);
  return (
    <Box
      component="li"
      ref={setNodeRef}
      sx={{
        minWidth: 0,
        border: 1,
        borderRadius: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.selected' : 'background.paper',
        p: 0.5,
        minHeight: { md: 160 },
      }}
    >
      <ButtonBase
        onClick={onSelect}
        aria-pressed={selected}
        aria-current={today ? 'date' : undefined}
        aria-label={
          items.length > 0
            ? `${dayLabel(day, locale)}, ${gridTexts.postsCount(items.length)}`
            : dayLabel(day, locale)
        }
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          px: 0.5,
          py: 0.5,
          borderRadius: 1,
          typography: 'subtitle2',
          fontWeight: today ? 700 : 500,
          color: today ? 'primary.main' : 'text.primary',
          '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        }}
      >
        {shortDayLabel(day, locale)}
      </ButtonBase>
      {items.map((item) => (
        <DraggableEntry
          key={item.key}
          id={`week:${item.key}`}
          item={item}
          sx={{
            mt: 0.5,
            px: 0.5,
            py: 0.25,
            borderRadius: 0.5,
            bgcolor: 'action.hover',
            typography: 'caption',
            overflowWrap: 'anywhere',
          }}
        >
          <Box
            component="time"
            dateTime={item.at}
            sx={{ color: 'text.secondary', display: 'block' }}
          >
            {formatTime(item.at)}
          </Box>
          {item.title}
        </DraggableEntry>
      ))}
    </Box>
  );
}
