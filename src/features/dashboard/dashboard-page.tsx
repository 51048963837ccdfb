import type { ReactNode } from 'react';
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
import { useStagedReveal } from '../../lib/use-staged-reveal';

/** The two columns under the quick links (one on a phone): the main panels and the side ones. */
function DashboardColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {main}
      </Stack>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {side}
      </Stack>
    </Box>
  );
}

/** The header, greeting the user by the name saved in Settings → Profile, as the user menu does. */
function DashboardGreeting() {
  const user = useAppSelector(selectCurrentUser);
  const profile = useAppSelector((s) => selectProfileOf(s, user?.id));
  return <DashboardHeader name={displayName(user, profile)} />;
}

export default function DashboardPage() {
  // The page itself reads nothing from the store: the device's profile, read as the page opens,
  // renders the greeting again, not every panel. The first screen (the header, the quick links,
  // the AI provider) is committed on its own, and the panels under it after it, a few at a time:
  // one commit of the whole page, its styles inserted, blocked a phone for over 100 ms.
  const stage = useStagedReveal(3);
  return (
    <Box>
      <PageTitle>Dashboard</PageTitle>
      <DashboardGreeting />
      <BannerCards />
      <DashboardColumns
        main={
          <>
            <AiProviderPanel />
            {stage >= 1 && (
              <>
                <AiPostsPanel />
                <DraftsPanel />
              </>
            )}
          </>
        }
        side={
          stage >= 2 && (
            <>
              <UpcomingPostsPanel />
              <ContentIdeasPanel />
            </>
          )
        }
      />
      {stage >= 3 && (
        <Stack spacing={3} sx={{ mt: 3 }}>
          <PerformanceOverview />
          <PlatformOverview />
        </Stack>
      )}
    </Box>
  );
}

/**
 * The dashboard's prerendered frame (src/app/prerender.tsx): its first screen on a phone as the
 * page lays it out (the heading, the quick links, the AI provider with the note of a missing key
 * where this device last showed it), before the app has loaded.
 */
export function DashboardFrame() {
  return (
    <Box sx={{ mb: 3 }}>
      <DashboardHeader name={null} />
      <BannerCards />
      <DashboardColumns main={<AiProviderPanel />} side={null} />
    </Box>
  );
}
