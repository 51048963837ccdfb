import { openedOnDemand } from '../../lib/on-demand';
import type { PagePickerDialogProps } from './page-picker-dialog';

/**
 * Which pages a post goes to (page-picker-dialog.tsx), asked only when there are several: fetched
 * the first time it opens, not with /create or the dashboard.
 */
export const PagePickerDialog = openedOnDemand<PagePickerDialogProps>(
  'The page picker',
  () => import('./page-picker-dialog').then((m) => ({ default: m.PagePickerDialog })),
  (props) => props.open,
);
