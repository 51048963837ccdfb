import type { ComponentProps } from 'react';
import { openedOnDemand } from '../../lib/on-demand';
import type { CalendarFilterPanelProps } from './calendar-filter-panel';
import type { EditPostDialog as EditPostView } from './edit-post-dialog';
import type { MarkPostedDialog as MarkPostedView } from './mark-posted-dialog';
import type { MoveDialog as MoveView } from './move-dialog';
import type { PostDetailDialog as PostDetailView } from './post-detail-dialog';

// The calendar's dialogs and its filter's choices, fetched the first time they open rather than
// with the page: most visits open none of them, and with them come MUI's dialog, text field and
// select (with its menu and popover). The dialogs are rendered only while open.

export const CalendarFilterPanel = openedOnDemand<CalendarFilterPanelProps>(
  "The calendar filter's choices",
  () => import('./calendar-filter-panel').then((m) => ({ default: m.CalendarFilterPanel })),
  (props) => props.open,
);

export const PostDetailDialog = openedOnDemand<ComponentProps<typeof PostDetailView>>(
  'The post details',
  () => import('./post-detail-dialog').then((m) => ({ default: m.PostDetailDialog })),
  (props) => props.item !== null,
);

export const MoveDialog = openedOnDemand<ComponentProps<typeof MoveView>>(
  'The move dialog',
  () => import('./move-dialog').then((m) => ({ default: m.MoveDialog })),
  () => true,
);

export const EditPostDialog = openedOnDemand<ComponentProps<typeof EditPostView>>(
  'The edit dialog',
  () => import('./edit-post-dialog').then((m) => ({ default: m.EditPostDialog })),
  () => true,
);

export const MarkPostedDialog = openedOnDemand<ComponentProps<typeof MarkPostedView>>(
  'The mark-as-posted dialog',
  () => import('./mark-posted-dialog').then((m) => ({ default: m.MarkPostedDialog })),
  () => true,
);
