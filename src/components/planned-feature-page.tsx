import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from './page-title';
import { SectionCard } from './section-card';

export interface PlannedFeature {
  title: string;
  detail: string;
}

/** A link to what works today; the first is the main one. */
export interface PlannedFeatureLink {
  label: string;
  to: string;
  /** Route state, e.g. the Settings tab to open. */
  state?: unknown;
}

export interface PlannedFeaturePageProps {
  title: string;
  /** What the page is for, in one or two sentences. */
  intro: string;
  planned: readonly PlannedFeature[];
  /** What the user can do today instead, and where. */
  meanwhile: string;
  links: readonly PlannedFeatureLink[];
}

/** A page whose feature is not built yet: what it will do, and what works today. */
export function PlannedFeaturePage({
  title,
  intro,
  planned,
  meanwhile,
  links,
}: PlannedFeaturePageProps) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <PageTitle>{title}</PageTitle>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Chip label="Coming soon" size="small" color="primary" variant="outlined" />
      </Stack>
      <Typography color="text.secondary">{intro}</Typography>
      <SectionCard title="What is coming">
        <List dense disablePadding>
          {planned.map((item) => (
            <ListItem key={item.title} disableGutters>
              <ListItemText primary={item.title} secondary={item.detail} />
            </ListItem>
          ))}
        </List>
      </SectionCard>
      <SectionCard title="Until then">
        <Stack spacing={2}>
          <Typography>{meanwhile}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {links.map((link, index) => (
              <Button
                key={link.to}
                component={RouterLink}
                to={link.to}
                state={link.state}
                variant={index === 0 ? 'contained' : 'outlined'}
              >
                {link.label}
              </Button>
            ))}
          </Stack>
        </Stack>
      </SectionCard>
    </Stack>
  );
}
