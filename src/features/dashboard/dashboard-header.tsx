import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import BarChart from '@mui/icons-material/BarChart';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import type { ReactNode } from 'react';

/** The heading, the greeting (a blank line of its height where the name is not known yet, as in
 * the prerendered frame) and the page's main action. */
export function DashboardHeader({ name }: { name: string | null }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, mb: 3 }}
    >
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="h4" component="h1">
          Dashboard
        </Typography>
        <Typography color="text.secondary">
          {name === null ? '\u00a0' : `Welcome back, ${name}!`}
        </Typography>
      </Box>
      <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/create">
        Create New Post
      </Button>
    </Stack>
  );
}

const BANNERS: { to: string; title: string; text: string; icon: ReactNode }[] = [
  {
    to: '/create',
    title: 'Create with AI',
    text: 'Write your next post in seconds.',
    icon: <AutoAwesome color="primary" />,
  },
  {
    to: '/calendar',
    title: 'Content Calendar',
    text: 'Plan the weeks ahead.',
    icon: <CalendarMonth color="primary" />,
  },
  {
    to: '/analytics',
    title: 'Analytics',
    text: 'See what your audience loves.',
    icon: <BarChart color="primary" />,
  },
];

export function BannerCards() {
  return (
    <Box
      component="nav"
      aria-label="Quick links"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        mb: 3,
      }}
    >
      {BANNERS.map((banner) => (
        <Card key={banner.to} variant="outlined">
          <CardActionArea component={RouterLink} to={banner.to} sx={{ height: '100%' }}>
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              {banner.icon}
              <Box>
                <Typography
                  variant="subtitle1"
                  component="span"
                  sx={{ display: 'block', fontWeight: 600 }}
                >
                  {banner.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="span">
                  {banner.text}
                </Typography>
              </Box>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
