import { useId, useState, type MouseEvent } from 'react';
import { Avatar, IconButton } from '@mui/material';
import { onDemand, useOnDemand } from '../../lib/on-demand';

/**
 * The menu itself (MUI's Menu, its popover and list) is fetched when the button is first pointed
 * at, focused or touched, not with every signed-in page: it opens a moment later at most.
 */
const popup = onDemand(() => import('./user-menu-popup'));

export interface ShellUser {
  name: string;
  email: string;
  initial: string;
}

interface UserMenuProps {
  user: ShellUser;
  onProfileSettings: () => void;
  onAccountSettings: () => void;
  onSignOut: () => void;
}

export function UserMenu({ user, onProfileSettings, onAccountSettings, onSignOut }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Rendered once first opened, and kept, so it closes with its transition.
  const [opened, setOpened] = useState(false);
  const Popup = useOnDemand(popup, opened, (error) => {
    // The button stays as it was: pressing it again fetches the menu again.
    console.warn('The account menu could not load', error);
    setOpened(false);
    setAnchor(null);
  })?.default;
  const menuId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-controls={open ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        onPointerEnter={popup.preload}
        onPointerDown={popup.preload}
        onFocus={popup.preload}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        size="small"
      >
        <Avatar
          sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {user.initial}
        </Avatar>
      </IconButton>
      {Popup && (
        <Popup
          id={menuId}
          anchor={anchor}
          user={user}
          onClose={close}
          choose={choose}
          onProfileSettings={onProfileSettings}
          onAccountSettings={onAccountSettings}
          onSignOut={onSignOut}
        />
      )}
    </>
  );
}
