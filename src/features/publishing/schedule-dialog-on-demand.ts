import { openedOnDemand } from '../../lib/on-demand';
import type { ScheduleDialogProps } from './schedule-dialog';

/**
 * Schedule from outside /create (schedule-dialog.tsx). The dialog, its time fields and the page
 * picker are fetched the first time it opens, not with the dashboard that offers it.
 */
export const ScheduleDialog = openedOnDemand<ScheduleDialogProps>(
  'The schedule dialog',
  () => import('./schedule-dialog'),
  (props) => props.open && props.post !== null,
);
