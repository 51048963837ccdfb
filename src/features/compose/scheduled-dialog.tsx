// The confirmation is shared with the dashboard's Schedule: it lives with scheduling.
export { ScheduledDialog } from '../publishing';
