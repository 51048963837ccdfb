import { Link as RouterLink } from 'react-router';
import { Box, Divider, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useFormatters } from '../appearance';
import { noticeTarget, type NotificationsMenuProps } from './notifications-bell';
import type { Notification } from './notifications-slice';

/** The bell's list (see NotificationsBell). */
export default function NotificationsMenu({
  id,
  anchor,
  shown,
  fresh,
  onClose,
}: NotificationsMenuProps) {
  const { formatDateTime } = useFormatters();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { sx: { width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: '70vh' } },
        list: { 'aria-label': 'Notifications' },
      }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Notifications
        </Typography>
      </Box>
      <Divider />
      {shown.length === 0 ? (
        <MenuItem disabled>No notifications yet</MenuItem>
      ) : (
        shown.map((n) => (
          <NoticeItem
            key={n.id}
            notice={n}
            isNew={fresh.has(n.id)}
            time={formatDateTime(n.createdAt)}
            onChosen={onClose}
          />
        ))
      )}
    </Menu>
  );
}

function NoticeItem({
  notice,
  isNew,
  time,
  onChosen,
}: {
  notice: Notification;
  isNew: boolean;
  time: string;
  onChosen: () => void;
}) {
  const target = noticeTarget(notice);
  const content = (
    <ListItemText
      primary={
        <>
          {isNew && (
            <Box
              component="span"
              aria-hidden
              sx={{
                display: 'inline-block',
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: 'error.main',
                mr: 1,
                verticalAlign: 'middle',
              }}
            />
          )}
          {isNew && (
            <Box component="span" sx={visuallyHidden}>
              New:{' '}
            </Box>
          )}
          {notice.title}
        </>
      }
      secondary={
        <>
          {notice.body && (
            <Box component="span" sx={{ display: 'block' }}>
              {notice.body}
            </Box>
          )}
          <Box component="time" dateTime={notice.createdAt} sx={{ display: 'block', mt: 0.5 }}>
            {time}
          </Box>
        </>
      }
      slotProps={{
        primary: { sx: { fontWeight: isNew ? 700 : 500 } },
        secondary: { component: 'span' },
      }}
    />
  );
  const sx = { whiteSpace: 'normal', overflowWrap: 'anywhere', alignItems: 'flex-start' } as const;
  if (target?.kind === 'external')
    return (
      <MenuItem
        component="a"
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onChosen}
        sx={sx}
      >
        {content}
      </MenuItem>
    );
  if (target?.kind === 'app')
    return (
      <MenuItem
        component={RouterLink}
        to={target.to}
        state={target.state}
        onClick={onChosen}
        sx={sx}
      >
        {content}
      </MenuItem>
    );
  return (
    <MenuItem onClick={onChosen} sx={sx}>
      {content}
    </MenuItem>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
