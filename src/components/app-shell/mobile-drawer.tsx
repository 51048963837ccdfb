import type { ReactNode } from 'react';
import { Drawer } from '@mui/material';

export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}

/** The navigation as a modal drawer, on screens without room for the sidebar (see AppShell). */
export default function MobileDrawer({ open, onClose, width, children }: MobileDrawerProps) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{
        display: { xs: 'block', md: 'none' },
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box' },
      }}
    >
      {children}
    </Drawer>
  );
}
