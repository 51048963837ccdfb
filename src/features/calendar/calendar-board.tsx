import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  DndContext,
  DragOverlay,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useAppDispatch } from '../../app/hooks';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { useFormatters } from '../appearance';
import { AgendaView } from './agenda-view';
import {
  applyFilter,
  CalendarFilterButton,
  isFiltering,
  NO_FILTER,
  type CalendarFilter,
} from './calendar-filter';
import { monthWindow, useCalendarItems, type CalendarItem } from './calendar-items';
import { gridTexts } from './calendar-texts';
import type { DragData, DropData } from './calendar-dnd';
import { DayPanel, type ItemActions } from './day-list';
import {
  addDays,
  addMonths,
  dayLabel,
  dayOfInstant,
  groupByDay,
  monthOfDay,
  monthTitle,
  sameDayIn,
  shortDayLabel,
  todayIn,
  weekOf,
  type DayKey,
  type Month,
} from './month-grid';
import { MonthView } from './month-view';
import { moveCalendarItem } from './move-item';
import { CalendarFilterPanel, MoveDialog, PostDetailDialog } from './calendar-parts';
import { WeekView } from './week-view';

export type CalendarViewKind = 'month' | 'week' | 'agenda';

type Dialog = { kind: 'view'; item: CalendarItem } | { kind: 'move'; item: CalendarItem };

/**
 * The calendar: a month grid, a week and an agenda list of the user's posts from this device's
 * data, filtered by platform and status. A selected day lists its posts; a post that has not
 * started publishing moves to another day by drag and drop or with Move to date.
 */
export function CalendarBoard() {
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { timeZone, locale } = useFormatters();
  const today = todayIn(timeZone);

  // Until the user picks, today and its month: the zone may still change as preferences load.
  const [pickedDay, setPickedDay] = useState<DayKey | null>(null);
  const [pickedMonth, setPickedMonth] = useState<Month | null>(null);
  const selected = pickedDay ?? today;
  const month = pickedMonth ?? monthOfDay(selected);
  // A phone starts on the agenda, which fits its width; the user's choice then stays.
  const [pickedView, setPickedView] = useState<CalendarViewKind | null>(null);
  const view = pickedView ?? (phone ? 'agenda' : 'month');

  const [filter, setFilter] = useState<CalendarFilter>(NO_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dragging, setDragging] = useState<CalendarItem | null>(null);
  const titleId = useId();
  const filterPanelId = useId();

  // The items of the month on screen (and of its weeks' days in the months beside it).
  const { year: shownYear, month: shownMonth } = month;
  const shownWindow = useMemo(
    () => monthWindow({ year: shownYear, month: shownMonth }),
    [shownYear, shownMonth],
  );
  const all = useCalendarItems(shownWindow);
  const items = useMemo(() => applyFilter(all, filter), [all, filter]);
  const itemsByDay = useMemo(() => groupByDay(items, timeZone), [items, timeZone]);

  const select = (day: DayKey) => {
    setPickedDay(day);
    setPickedMonth(monthOfDay(day));
  };
  const changeMonth = (next: Month) => {
    setPickedMonth(next);
    setPickedDay(sameDayIn(selected, next));
  };

  const say = (severity: Notice['severity'], text: string) => setNotice(makeNotice(severity, text));

  const move = async (item: CalendarItem, day: DayKey) => {
    setBusy(true);
    try {
      const outcome = await dispatch(moveCalendarItem(item, day, timeZone));
      if (outcome.kind === 'moved') {
        say('success', gridTexts.moved(shortDayLabel(day, locale)));
        select(day);
      } else if (outcome.kind === 'refused') {
        say(outcome.message === gridTexts.past ? 'warning' : 'error', outcome.message);
      }
    } finally {
      setBusy(false);
      setDialog(null);
    }
  };

  const actions: ItemActions = {
    view: (item) => setDialog({ kind: 'view', item }),
    move: (item) => setDialog({ kind: 'move', item }),
  };

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A short hold before a drag on touch screens, so a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
  );
  const itemOf = (data: unknown) => (data as DragData | undefined)?.item;
  const dayOf = (data: unknown) => (data as DropData | undefined)?.day;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${itemOf(active.data.current)?.title ?? ''}`,
    onDragOver: ({ over }) => {
      const day = dayOf(over?.data.current);
      return day ? dayLabel(day, locale) : undefined;
    },
    onDragEnd: ({ over }) => {
      const day = dayOf(over?.data.current);
      return day ? dayLabel(day, locale) : undefined;
    },
    onDragCancel: () => gridTexts.cancel,
  };
  const onDragStart = (event: DragStartEvent) =>
    setDragging(itemOf(event.active.data.current) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const item = itemOf(event.active.data.current);
    const day = dayOf(event.over?.data.current);
    if (item && day) void move(item, day);
  };

  const week = weekOf(selected);
  const title =
    view === 'week'
      ? `${shortDayLabel(week[0]!, locale)} – ${shortDayLabel(week[6]!, locale)}`
      : monthTitle(month, locale);
  const step = (direction: -1 | 1) =>
    view === 'week'
      ? select(addDays(selected, 7 * direction))
      : changeMonth(addMonths(month, direction));
  const selectedItems = itemsByDay.get(selected) ?? [];
  const filtering = isFiltering(filter);

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_, next: CalendarViewKind | null) => next && setPickedView(next)}
          aria-label={gridTexts.views}
        >
          <ToggleButton value="month">{gridTexts.month}</ToggleButton>
          <ToggleButton value="week">{gridTexts.week}</ToggleButton>
          <ToggleButton value="agenda">{gridTexts.agenda}</ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
          <CalendarFilterButton
            open={filterOpen}
            panelId={filterPanelId}
            onToggle={() => setFilterOpen((o) => !o)}
          />
          <Button component={RouterLink} to="/create" variant="contained">
            {gridTexts.createPost}
          </Button>
        </Stack>
      </Stack>
      <CalendarFilterPanel
        open={filterOpen}
        panelId={filterPanelId}
        filter={filter}
        onChange={setFilter}
      />

      <Paper variant="outlined" sx={{ mt: 2, p: { xs: 1, sm: 2 }, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
          <IconButton
            onClick={() => step(-1)}
            aria-label={view === 'week' ? gridTexts.previousWeek : gridTexts.previousMonth}
          >
            <ChevronLeft />
          </IconButton>
          <Typography
            id={titleId}
            variant="h6"
            component="h2"
            aria-live="polite"
            sx={{
              flex: 1,
              textAlign: 'center',
              minWidth: 0,
              fontSize: { xs: '1rem', sm: '1.25rem' },
            }}
          >
            {title}
          </Typography>
          <IconButton
            onClick={() => step(1)}
            aria-label={view === 'week' ? gridTexts.nextWeek : gridTexts.nextMonth}
          >
            <ChevronRight />
          </IconButton>
          <Button size="small" onClick={() => select(today)}>
            {gridTexts.today}
          </Button>
        </Stack>

        <DndContext
          sensors={sensors}
          accessibility={{ announcements }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
        >
          {view === 'month' && (
            <MonthView
              month={month}
              titleId={titleId}
              today={today}
              selected={selected}
              itemsByDay={itemsByDay}
              onSelect={select}
              onMonthChange={setPickedMonth}
            />
          )}
          {view === 'week' && (
            <WeekView selected={selected} today={today} itemsByDay={itemsByDay} onSelect={select} />
          )}
          <DragOverlay>
            {dragging && (
              <Box
                sx={{
                  px: 1,
                  py: 0.5,
                  borderRadius: 1,
                  bgcolor: 'background.paper',
                  boxShadow: 3,
                  typography: 'caption',
                  maxWidth: 240,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {dragging.title}
              </Box>
            )}
          </DragOverlay>
        </DndContext>
        {view === 'agenda' && (
          <AgendaView
            // Each month starts again from its first days.
            key={`${month.year}-${month.month}`}
            month={month}
            today={today}
            itemsByDay={itemsByDay}
            filtering={filtering}
            actions={actions}
          />
        )}
      </Paper>

      {view !== 'agenda' && (
        <DayPanel day={selected} items={selectedItems} filtering={filtering} actions={actions} />
      )}

      <PostDetailDialog
        item={dialog?.kind === 'view' ? dialog.item : null}
        onClose={() => setDialog(null)}
      />
      {dialog?.kind === 'move' && (
        <MoveDialog
          item={dialog.item}
          day={dayOfInstant(dialog.item.at, timeZone) ?? selected}
          busy={busy}
          onMove={(day) => void move(dialog.item, day)}
          onClose={() => setDialog(null)}
        />
      )}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}
