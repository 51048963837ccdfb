import AddCircle from '@mui/icons-material/AddCircle';
import Assignment from '@mui/icons-material/Assignment';
import BarChart from '@mui/icons-material/BarChart';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Dashboard from '@mui/icons-material/Dashboard';
import Forum from '@mui/icons-material/Forum';
import Group from '@mui/icons-material/Group';
import Settings from '@mui/icons-material/Settings';
import type { NavSection } from '../components/app-shell/nav-sections';

/** The signed-in app's navigation: the app layout's, and the prerendered frame's (prerender.tsx). */
export const NAV_SECTIONS: NavSection[] = [
  {
    items: [
      { label: 'Dashboard', to: '/dashboard', icon: <Dashboard /> },
      { label: 'Content Calendar', to: '/calendar', icon: <CalendarMonth /> },
      { label: 'Create Content', to: '/create', icon: <AddCircle /> },
      { label: 'Analytics', to: '/analytics', icon: <BarChart /> },
      { label: 'Onboarding Wizard', to: '/onboarding', icon: <Assignment /> },
    ],
  },
  {
    heading: 'Management',
    items: [
      { label: 'Team', to: '/team', icon: <Group /> },
      { label: 'Messages', to: '/messages', icon: <Forum /> },
      { label: 'Settings', to: '/settings', icon: <Settings /> },
    ],
  },
];
