import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

export interface NavSection {
  heading?: string;
  items: NavItem[];
}

interface NavSectionsProps {
  sections: NavSection[];
  onNavigate?: () => void;
}

export function NavSections({ sections, onNavigate }: NavSectionsProps) {
  return (
    <nav aria-label="Main">
      {sections.map((section, index) => (
        <List
          key={section.heading ?? index}
          dense
          subheader={
            section.heading ? (
              <ListSubheader component="h2" sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
                {section.heading}
              </ListSubheader>
            ) : undefined
          }
        >
          {section.items.map((item) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              onClick={onNavigate}
              sx={{
                mx: 1,
                borderRadius: 2,
                '&.active': {
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  '& .MuiListItemIcon-root': { color: 'primary.main' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
        </List>
      ))}
    </nav>
  );
}
