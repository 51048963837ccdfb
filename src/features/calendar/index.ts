export {
  CALENDAR_STATUS_LABELS,
  CALENDAR_STATUSES,
  selectCalendarItems,
  useCalendarItems,
  type CalendarItem,
  type CalendarItemKind,
  type CalendarStatus,
  upcomingItems,
} from './calendar-items';
export { CalendarStatusChip, ItemBadges } from './item-chips';
