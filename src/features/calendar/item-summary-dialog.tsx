import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../appearance';
import type { CalendarItem } from './calendar-items';
import { ItemBadges } from './item-chips';

/** A post's text, platforms, status and time. */
export function ItemSummaryDialog({
  item,
  onClose,
}: {
  item: CalendarItem | null;
  onClose: () => void;
}) {
  const { formatDateTime } = useFormatters();
  const titleId = useId();
  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby={titleId} fullWidth>
      {item && (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              <time dateTime={item.at}>{formatDateTime(item.at)}</time>
            </Typography>
            <ItemBadges item={item} />
            <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.content}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
