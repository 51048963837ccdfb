export {
  CALENDAR_STATUS_LABELS,
  CALENDAR_STATUSES,
  selectCalendarItems,
  useCalendarItems,
  type CalendarItem,
  type CalendarItemKind,
  type CalendarStatus,
} from './calendar-items';
