import type { ComponentProps } from 'react';
import { openedOnDemand } from '../../lib/on-demand';
import type { ExportMenuPopupProps } from './export-menu-popup';
import type { PostDetailsDialog as DetailsView } from './post-details-dialog';
import type { PostsTable as TableView } from './posts-table';

// What /analytics shows under its first screen or on demand, fetched after the page rather than
// with it: the posts table (with MUI's pagination, its select and tooltips), and the Export menu
// and a post's details dialog the first time they open.

export const PostsTable = openedOnDemand<ComponentProps<typeof TableView>>(
  'The posts table',
  () => import('./posts-table').then((m) => ({ default: m.PostsTable })),
  () => true,
);

export const PostDetailsDialog = openedOnDemand<ComponentProps<typeof DetailsView>>(
  "A post's details",
  () => import('./post-details-dialog').then((m) => ({ default: m.PostDetailsDialog })),
  (props) => props.post !== null,
);

export const ExportMenuPopup = openedOnDemand<ExportMenuPopupProps>(
  'The export menu',
  () => import('./export-menu-popup'),
  (props) => props.anchor !== null,
);
