import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../app/hooks';
import { AiProviderPanel } from '../ai';
import { displayName, selectCurrentUser } from '../auth';
import { selectProfileOf } from '../profile';
import { AiPostsPanel } from './ai-posts-panel';
import { ContentIdeasPanel } from './content-ideas-panel';
import { BannerCards, DashboardHeader } from './dashboard-header';
import { DraftsPanel } from './drafts-panel';
import { PerformanceOverview, PlatformOverview } from './performance-overview';
import { UpcomingPostsPanel } from './upcoming-posts-panel';
import { PageTitle } from '../../components/page-title';

export default function DashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  // The greeting uses the name saved in Settings → Profile, as the user menu does.
  const profile = useAppSelector((s) => selectProfileOf(s, user?.id));
  return (
    <Box>
      <PageTitle>Dashboard</PageTitle>
      <DashboardHeader name={displayName(user, profile)} />
      <BannerCards />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <AiProviderPanel />
          <AiPostsPanel />
          <DraftsPanel />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <UpcomingPostsPanel />
          <ContentIdeasPanel />
        </Stack>
      </Box>
      <Stack spacing={3} sx={{ mt: 3 }}>
        <PerformanceOverview />
        <PlatformOverview />
      </Stack>
    </Box>
  );
}
