import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../app/hooks';
import { AiProviderPanel } from '../ai';
import { displayName, selectCurrentUser } from '../auth';
import { AiPostsPanel } from './ai-posts-panel';
import { ContentIdeasPanel } from './content-ideas-panel';
import { BannerCards, DashboardHeader } from './dashboard-header';
import { DraftsPanel } from './drafts-panel';
import { PerformanceOverview, PlatformOverview } from './performance-overview';
import { UpcomingPostsPanel } from './upcoming-posts-panel';
import { PageTitle } from '../../components/page-title';

export default function DashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <Box>
      <PageTitle>Dashboard</PageTitle>
      <DashboardHeader name={displayName(user)} />
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
