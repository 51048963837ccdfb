import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { useFormatters } from '../appearance';
import { SampleChip } from './sample-chip';
import { upcomingPosts, type UpcomingStatus } from './sample-data';

const statusColors: Record<UpcomingStatus, 'success' | 'default' | 'warning' | 'info'> = {
  scheduled: 'info',
  draft: 'default',
  'in-review': 'warning',
  published: 'success',
};

/** Sample posts for the next 7 days. */
export function UpcomingPostsPanel() {
  const { formatDateTime, timeZone } = useFormatters();
  const posts = useMemo(() => upcomingPosts(new Date(), timeZone), [timeZone]);
  return (
    <SectionCard title="Upcoming Posts" subtitle="Next 7 days" action={<SampleChip />}>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {posts.map((post) => (
          <Box
            component="li"
            key={post.id}
            sx={{ py: 1.5, listStyle: 'none', '& + &': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Typography variant="subtitle2" component="h3">
              {post.title}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
              <Chip size="small" variant="outlined" label={post.platform} />
              <Chip size="small" color={statusColors[post.status]} label={post.status} />
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(post.scheduledDate)}
              </Typography>
            </Stack>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
