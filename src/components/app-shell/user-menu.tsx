import { useId, useState, type MouseEvent } from 'react';
import { Avatar, Box, Button, IconButton, Typography } from '@mui/material';
import { openedOnDemand } from '../../lib/on-demand';
import { FallbackPanel } from '../fallback-panel';
import type { UserMenuPopupProps } from './user-menu-popup';

/**
 * The menu itself (MUI's Menu, its popover and list) is fetched when the button is first pointed
 * at, focused or touched, not with every signed-in page: it opens a moment later at most.
 */
const Popup = openedOnDemand<UserMenuPopupProps>(
  'The account menu',
  () => import('./user-menu-popup'),
  (props) => props.anchor !== null,
  PlainUserMenu,
);

/** Shown should the menu fail to load: its choices as plain buttons under the top bar. */
function PlainUserMenu({
  id,
  user,
  onClose,
  choose,
  onProfileSettings,
  onAccountSettings,
  onSignOut,
}: UserMenuPopupProps) {
  return (
    <FallbackPanel
      side="right"
      width={280}
      id={id}
      role="group"
      label={{ 'aria-label': 'Account menu' }}
      onClose={onClose}
    >
      <Typography sx={{ fontWeight: 600 }} noWrap>
        {user.name}
      </Typography>
      <Box sx={{ display: 'grid', mt: 1 }}>
        <Button onClick={choose(onProfileSettings)}>Profile Settings</Button>
        <Button onClick={choose(onAccountSettings)}>Account Settings</Button>
        <Button onClick={choose(onSignOut)}>Sign Out</Button>
      </Box>
    </FallbackPanel>
  );
}

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
        onPointerEnter={Popup.preload}
        onPointerDown={Popup.preload}
        onFocus={Popup.preload}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        size="small"
      >
        <Avatar
          sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {user.initial}
        </Avatar>
      </IconButton>
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
    </>
  );
}
