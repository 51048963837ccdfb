import { Box, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Person from '@mui/icons-material/Person';
import type { ShellUser } from './user-menu';

export interface UserMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  user: ShellUser;
  onClose: () => void;
  /** Closes the menu, then runs the action. */
  choose: (action: () => void) => () => void;
  onProfileSettings: () => void;
  onAccountSettings: () => void;
  onSignOut: () => void;
}

/** The account menu's popup, in a chunk of its own (see UserMenu). */
export default function UserMenuPopup({
  id,
  anchor,
  user,
  onClose,
  choose,
  onProfileSettings,
  onAccountSettings,
  onSignOut,
}: UserMenuPopupProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {user.name}
        </Typography>
        {user.email && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        )}
      </Box>
      <Divider />
      <MenuItem onClick={choose(onProfileSettings)}>
        <ListItemIcon>
          <Person fontSize="small" />
        </ListItemIcon>
        Profile Settings
      </MenuItem>
      <MenuItem onClick={choose(onAccountSettings)}>
        <ListItemIcon>
          <ManageAccounts fontSize="small" />
        </ListItemIcon>
        Account Settings
      </MenuItem>
      <Divider />
      <MenuItem onClick={choose(onSignOut)}>
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        Sign Out
      </MenuItem>
    </Menu>
  );
}
