import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Badge,
  Box,
  Divider,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormatters } from '../appearance';
import { markNotificationsRead } from './notifications-repository';
import {
  selectNotifications,
  type Notification,
  type NotificationsState,
} from './notifications-slice';

/** How many notices the menu lists; older ones stay on the device and in the export. */
export const NOTICES_SHOWN = 30;

const EMPTY: Notification[] = [];

// A link out of the app only when it is a web address: a notice's url is data, not trusted code.
const isWebLink = (url: string) => /^https?:\/\//i.test(url);
const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** Where choosing a notice takes the user: a published post's page in a new tab, else an app page. */
export function noticeTarget(
  n: Pick<Notification, 'kind' | 'url'>,
):
  { kind: 'external'; href: string } | { kind: 'app'; to: string; state?: { tab: string } } | null {
  if (!n.url) return null;
  if (isWebLink(n.url)) return { kind: 'external', href: n.url };
  if (!isAppPath(n.url)) return null;
  // Settings picks its tab from the navigation's state (spec §2): /settings?tab=integrations.
  const tab = new URL(n.url, 'http://app.invalid').searchParams.get('tab');
  return tab ? { kind: 'app', to: n.url, state: { tab } } : { kind: 'app', to: n.url };
}

/** The top bar's bell: a dot while anything is unread; opening the list marks it all read. */
export function NotificationsBell() {
  const dispatch = useAppDispatch();
  const { formatDateTime } = useFormatters();
  // The first paint's store has no notifications slice yet (app/boot-store.ts).
  const notifications = useAppSelector((s) =>
    (s as { notifications?: NotificationsState }).notifications ? selectNotifications(s) : EMPTY,
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // What was unread when the menu opened stays marked as new while it is open.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const menuId = useId();
  const open = Boolean(anchor);
  const unread = notifications.filter((n) => n.readAt === null);
  const shown = notifications.slice(0, NOTICES_SHOWN);

  const openMenu = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    const ids = unread.map((n) => n.id);
    setFresh(new Set(ids));
    if (ids.length > 0)
      void dispatch(markNotificationsRead(ids)).catch((error: unknown) => {
        console.error('Marking notifications read failed', error);
      });
  };
  const close = () => setAnchor(null);

  const label = unread.length === 0 ? 'Notifications' : `Notifications, ${unread.length} unread`;

  return (
    <>
      <IconButton
        aria-label={label}
        aria-controls={open ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={openMenu}
      >
        <Badge
          variant="dot"
          color="error"
          overlap="circular"
          invisible={unread.length === 0}
          data-testid="notifications-unread-dot"
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
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
              onChosen={close}
            />
          ))
        )}
      </Menu>
    </>
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
