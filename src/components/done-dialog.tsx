import { openedOnDemand } from '../lib/on-demand';

export interface DoneDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** What else the user should know, under the text. */
  note?: string | null;
  okLabel?: string;
  /** OK is the only way on. */
  onOk: () => void;
}

/**
 * Says something is done, with OK as the only way on (scheduled, a post updated). Its look is
 * fetched the first time one opens, not with the page that may show it.
 */
export const DoneDialog = openedOnDemand<DoneDialogProps>(
  'The confirmation',
  () => import('./done-dialog-view'),
  (props) => props.open,
);
