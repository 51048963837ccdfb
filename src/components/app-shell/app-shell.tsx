import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppBar, Box, IconButton, Link, Paper, Toolbar, Typography } from '@mui/material';
import LocalFlorist from '@mui/icons-material/LocalFlorist';
import MenuIcon from '@mui/icons-material/Menu';
import { openedOnDemand } from '../../lib/on-demand';
import { FallbackPanel } from '../fallback-panel';
import { OutlinedField } from '../outlined-field';
import type { MobileDrawerProps } from './mobile-drawer';
import { NavSections, type NavSection } from './nav-sections';
import { UserMenu, type ShellUser } from './user-menu';

const DRAWER_WIDTH = 256;

/** Should the phone's drawer fail to load, the same links in a plain panel over the page. */
function PlainDrawer({ width, onClose, children }: MobileDrawerProps) {
  return (
    <FallbackPanel side="left" width={width} onClose={onClose}>
      {children}
    </FallbackPanel>
  );
}

/**
 * The phone's navigation drawer (MUI's modal Drawer, its focus trap and slide) is fetched when its
 * button is first pointed at, focused or touched, not in the page's first load.
 */
const MobileDrawer = openedOnDemand<MobileDrawerProps>(
  'The navigation',
  () => import('./mobile-drawer'),
  (props) => props.open,
  PlainDrawer,
);

export interface AppShellProps {
  sections: NavSection[];
  homePath: string;
  user: ShellUser;
  onProfileSettings: () => void;
  onAccountSettings: () => void;
  onSignOut: () => void;
  /** Shown in the top bar before the notifications (the sync status). */
  status?: ReactNode;
  /** The notifications bell and its menu (a feature's, since the shell knows no data). */
  notifications?: ReactNode;
  children: ReactNode;
}

function Brand({ to }: { to: string }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="none"
      color="inherit"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, borderRadius: 1 }}
    >
      <LocalFlorist color="primary" aria-hidden />
      <Typography component="span" variant="h6" sx={{ fontWeight: 800 }}>
        Postbloom
      </Typography>
    </Link>
  );
}

export function AppShell({
  sections,
  homePath,
  user,
  onProfileSettings,
  onAccountSettings,
  onSignOut,
  status,
  notifications,
  children,
}: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  const drawerContent = (onNavigate?: () => void) => (
    <>
      <Toolbar sx={{ px: 2.5 }}>
        <Brand to={homePath} />
      </Toolbar>
      <NavSections sections={sections} onNavigate={onNavigate} />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>

      <AppBar
        position="fixed"
        sx={{
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            edge="start"
            onPointerEnter={MobileDrawer.preload}
            onPointerDown={MobileDrawer.preload}
            onFocus={MobileDrawer.preload}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, mr: 1 }}>
            <Brand to={homePath} />
          </Box>
          <Box
            component="form"
            role="search"
            onSubmit={(event) => event.preventDefault()}
            sx={{ display: { xs: 'none', sm: 'block' }, flexGrow: 1, maxWidth: 420 }}
          >
            <OutlinedField label="Search" type="search" size="small" fullWidth />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {status}
          {notifications}
          <UserMenu
            user={user}
            onProfileSettings={onProfileSettings}
            onAccountSettings={onAccountSettings}
            onSignOut={onSignOut}
          />
        </Toolbar>
      </AppBar>

      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <MobileDrawer open={drawerOpen} onClose={closeDrawer} width={DRAWER_WIDTH}>
          {drawerContent(closeDrawer)}
        </MobileDrawer>
        {/* The sidebar where there is room: what MUI's permanent Drawer renders, without the
            modal drawer's code, which the phone's drawer above fetches when first opened. */}
        <Paper
          square
          elevation={0}
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            position: 'fixed',
            top: 0,
            left: 0,
            height: '100%',
            width: DRAWER_WIDTH,
            overflowY: 'auto',
            zIndex: 'drawer',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          {drawerContent()}
        </Paper>
      </Box>

      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          px: { xs: 2, sm: 3 },
          pb: 4,
          outline: 'none',
        }}
      >
        <Toolbar />
        <Box sx={{ pt: 3 }}>{children}</Box>
      </Box>
    </Box>
  );
}
