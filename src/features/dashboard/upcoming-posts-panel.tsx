import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from './dashboard-format';
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
  const posts = useMemo(() => upcomingPosts(), []);
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Upcoming Posts
          </Typography>
          <SampleChip />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Next 7 days
        </Typography>
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
              <Stack
                direction="row"
                sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}
              >
                <Chip size="small" variant="outlined" label={post.platform} />
                <Chip size="small" color={statusColors[post.status]} label={post.status} />
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(post.scheduledDate)}
                </Typography>
              </Stack>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
