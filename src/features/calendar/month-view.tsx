import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../appearance';
import type { CalendarItem } from './calendar-items';
import { gridTexts } from './calendar-texts';
import { DraggableEntry, useDayDrop } from './calendar-dnd';
import {
  addDays,
  addMonths,
  dayLabel,
  monthGrid,
  monthOfDay,
  sameDayIn,
  weekday,
  weekdayNames,
  type DayKey,
  type GridDay,
  type Month,
} from './month-grid';

/** Titles a day cell shows before "+N more". */
export const TITLES_PER_DAY = 2;

const sameMonth = (a: Month, b: Month) => a.year === b.year && a.month === b.month;

/** Where an arrow (or Home, End, Page Up, Page Down) takes the focus from `key`. */
export function keyTarget(key: DayKey, event: Pick<KeyboardEvent, 'key'>): DayKey | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(key, -1);
    case 'ArrowRight':
      return addDays(key, 1);
    case 'ArrowUp':
      return addDays(key, -7);
    case 'ArrowDown':
      return addDays(key, 7);
    case 'Home':
      return addDays(key, -weekday(key));
    case 'End':
      return addDays(key, 6 - weekday(key));
    case 'PageUp':
      return sameDayIn(key, addMonths(monthOfDay(key), -1));
    case 'PageDown':
      return sameDayIn(key, addMonths(monthOfDay(key), 1));
    default:
      return null;
  }
}

/**
 * The month as a grid, Sunday to Saturday. One day at a time takes the Tab focus; the arrows move
 * it (into the next or previous month too) and Enter or Space selects the day.
 */
export function MonthView({
  month,
  titleId,
  today,
  selected,
  itemsByDay,
  onSelect,
  onMonthChange,
}: {
  month: Month;
  /** The id of the month's title, which names the grid. */
  titleId: string;
  today: DayKey;
  selected: DayKey;
  itemsByDay: Map<DayKey, CalendarItem[]>;
  onSelect: (day: DayKey) => void;
  onMonthChange: (month: Month) => void;
}) {
  const { locale } = useFormatters();
  const weeks = useMemo(() => monthGrid(month), [month]);
  const names = useMemo(() => weekdayNames(locale), [locale]);
  const [focus, setFocus] = useState<DayKey | null>(null);
  const cells = useRef(new Map<DayKey, HTMLElement>());
  const moveFocus = useRef(false);

  const inGrid = (key: DayKey | null): key is DayKey =>
    key !== null && weeks.some((w) => w.some((d) => d.key === key));
  const focusKey = inGrid(focus)
    ? focus
    : inGrid(selected) && sameMonth(monthOfDay(selected), month)
      ? selected
      : weeks[0]!.find((d) => d.inMonth)!.key;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    cells.current.get(focusKey)?.focus();
  }, [focusKey]);

  const onKeyDown = (event: KeyboardEvent, key: DayKey) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(key);
      return;
    }
    const next = keyTarget(key, event);
    if (!next) return;
    event.preventDefault();
    moveFocus.current = true;
    const nextMonth = monthOfDay(next);
    if (!sameMonth(nextMonth, month)) onMonthChange(nextMonth);
    setFocus(next);
  };

  return (
    <Box role="grid" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <Box role="row" sx={rowSx}>
        {names.map((name) => (
          <Box
            key={name.long}
            role="columnheader"
            aria-label={name.long}
            sx={{ textAlign: 'center', py: 0.5, typography: 'caption', color: 'text.secondary' }}
          >
            {name.short}
          </Box>
        ))}
      </Box>
      {weeks.map((week) => (
        <Box role="row" key={week[0]!.key} sx={rowSx}>
          {week.map((day) => (
            <DayCell
              key={day.key}
              day={day}
              label={dayLabel(day.key, locale)}
              items={itemsByDay.get(day.key) ?? []}
              today={day.key === today}
              selected={day.key === selected}
              tabbable={day.key === focusKey}
              cellRef={(el) => {
                if (el) cells.current.set(day.key, el);
                else cells.current.delete(day.key);
              }}
              onSelect={() => {
                setFocus(day.key);
                onSelect(day.key);
              }}
              onKeyDown={(event) => onKeyDown(event, day.key)}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}

const rowSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
  gap: '2px',
  mb: '2px',
} as const;

function DayCell({
  day,
  label,
  items,
  today,
  selected,
  tabbable,
  cellRef,
  onSelect,
  onKeyDown,
}: {
  day: GridDay;
  label: string;
  items: CalendarItem[];
  today: boolean;
  selected: boolean;
  tabbable: boolean;
  cellRef: (el: HTMLElement | null) => void;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const { setNodeRef, isOver } = useDayDrop(day.key);
  const shown = items.slice(0, TITLES_PER_DAY);
  const more = items.length - shown.length;
  return (
    <Box
      ref={(el: HTMLElement | null) => {
        setNodeRef(el);
        cellRef(el);
      }}
      role="gridcell"
      tabIndex={tabbable ? 0 : -1}
      aria-selected={selected}
      aria-current={today ? 'date' : undefined}
      aria-label={items.length > 0 ? `${label}, ${gridTexts.postsCount(items.length)}` : label}
      data-day={day.key}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      sx={{
        minWidth: 0,
        minHeight: { xs: 64, sm: 96 },
        p: 0.5,
        cursor: 'pointer',
        borderRadius: 1,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.selected' : day.inMonth ? 'background.paper' : 'action.hover',
        color: day.inMonth ? 'text.primary' : 'text.secondary',
        outlineOffset: -2,
        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 26,
          height: 26,
          lineHeight: '26px',
          textAlign: 'center',
          borderRadius: '50%',
          typography: 'body2',
          fontWeight: today ? 700 : 400,
          ...(today && { bgcolor: 'primary.main', color: 'primary.contrastText' }),
        }}
      >
        {day.day}
      </Box>
      {shown.map((item) => (
        <DraggableEntry
          key={item.key}
          id={`month:${item.key}`}
          item={item}
          sx={{
            mt: 0.25,
            px: 0.5,
            borderRadius: 0.5,
            bgcolor: 'action.selected',
            typography: 'caption',
            lineHeight: 1.6,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {item.title}
        </DraggableEntry>
      ))}
      {more > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 0.5 }}>
          {gridTexts.more(more)}
        </Typography>
      )}
    </Box>
  );
}
