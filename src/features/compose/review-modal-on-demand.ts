import { openedOnDemand } from '../../lib/on-demand';
import type { ReviewModalProps } from './review-modal';

/** Review Post (review-modal.tsx): fetched the first time it opens, not with /create. */
export const ReviewModal = openedOnDemand<ReviewModalProps>(
  'The review dialog',
  () => import('./review-modal').then((m) => ({ default: m.ReviewModal })),
  (props) => props.open,
);
