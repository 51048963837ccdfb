import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Badge, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { openedOnDemand } from '../../lib/on-demand';
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

export interface NotificationsMenuProps {
  id: string;
  anchor: HTMLElement | null;
  shown: Notification[];
  /** What was unread when the menu opened. */
  fresh: ReadonlySet<string>;
  onClose: () => void;
}

/**
 * The list (MUI's Menu, its popover and items) is fetched when the bell is first pointed at,
 * focused or touched, not with every signed-in page.
 */
const NotificationsList = openedOnDemand<NotificationsMenuProps>(
  'The notifications list',
  () => import('./notifications-menu'),
  (props) => props.anchor !== null,
  CloseUnloaded,
);

/** Should the list fail to load, the bell goes back to closed; the next press tries again. */
function CloseUnloaded({ onClose }: NotificationsMenuProps) {
  useEffect(onClose, [onClose]);
  return null;
}

/** The top bar's bell: a dot while anything is unread; opening the list marks it all read. */
export function NotificationsBell() {
  const dispatch = useAppDispatch();
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
        onPointerEnter={NotificationsList.preload}
        onPointerDown={NotificationsList.preload}
        onFocus={NotificationsList.preload}
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
      <NotificationsList id={menuId} anchor={anchor} shown={shown} fresh={fresh} onClose={close} />
    </>
  );
}
