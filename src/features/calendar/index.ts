export {
  CALENDAR_STATUS_LABELS,
  CALENDAR_STATUSES,
  selectCalendarItems,
  useCalendarItems,
  useUpcomingItems,
  type CalendarItem,
  type CalendarItemKind,
  type CalendarStatus,
} from './calendar-items';
export { CalendarStatusChip, ItemBadges } from './item-chips';
