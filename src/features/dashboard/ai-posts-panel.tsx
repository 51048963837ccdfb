import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../app/hooks';
import { PostListItem } from '../../components/post-list-item';
import { SectionCard } from '../../components/section-card';
import {
  AI_POST_STATUS_LABELS,
  selectListedAiPosts,
  selectPendingReviewCount,
  useAiPosts,
  type AiPost,
  type AiPostStatus,
} from '../ai-posts';
import { useFormatters } from '../appearance';
import { ScheduleDialog } from '../publishing';
import { cut, CUT_AI_CONTENT, providerLabel, reviewLink } from './dashboard-format';

const statusColors: Record<AiPostStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  'pending-review': 'info',
  approved: 'success',
  'needs-revision': 'warning',
  rejected: 'error',
  scheduled: 'default',
};

const AI_POSTS_SHOWN = 5;

function AiPostItem({ post, onSchedule }: { post: AiPost; onSchedule: () => void }) {
  const { formatDateTime, formatPercent } = useFormatters();
  return (
    <PostListItem
      title={providerLabel(post.aiProvider)}
      badges={
        <Chip
          size="small"
          color={statusColors[post.status]}
          label={AI_POST_STATUS_LABELS[post.status]}
        />
      }
      date={formatDateTime(post.generatedAt)}
      prompt={post.prompt}
      content={cut(post.content, CUT_AI_CONTENT)}
      preWrap
      details={
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {post.platforms.map((platform) => (
            <Chip key={platform} size="small" variant="outlined" label={platform} />
          ))}
          <Typography variant="body2" color="text.secondary">
            {`Predicted engagement: ${formatPercent(post.engagementPrediction / 100)}`}
          </Typography>
        </Stack>
      }
      actions={
        <>
          <Button size="small" variant="outlined" component={RouterLink} to={reviewLink(post)}>
            Review
          </Button>
          {post.status === 'approved' && (
            <Button size="small" variant="contained" onClick={onSchedule}>
              Schedule
            </Button>
          )}
        </>
      }
    />
  );
}

/** The user's AI generated posts (from every device), newest first, rejected ones left out. */
export function AiPostsPanel() {
  const loaded = useAiPosts() !== null;
  const listed = useAppSelector(selectListedAiPosts);
  const posts = loaded ? listed : null;
  const pending = useAppSelector(selectPendingReviewCount);
  const [showAll, setShowAll] = useState(false);
  const [scheduling, setScheduling] = useState<AiPost | null>(null);
  const { formatNumber } = useFormatters();
  const shown = posts && !showAll ? posts.slice(0, AI_POSTS_SHOWN) : posts;

  return (
    <SectionCard title="AI Generated Posts">
      {posts !== null && posts.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No AI generated posts yet. Generate one on the Create Content page.
        </Typography>
      )}
      {posts !== null && posts.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {shown?.map((post) => (
            <AiPostItem key={post.id} post={post} onSchedule={() => setScheduling(post)} />
          ))}
        </Box>
      )}
      {posts !== null && posts.length > AI_POSTS_SHOWN && (
        <Button onClick={() => setShowAll((all) => !all)} fullWidth sx={{ mt: 1 }}>
          {showAll ? 'Show Less' : `View All ${formatNumber(posts.length)} AI Posts`}
        </Button>
      )}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}
      >
        {`${pending} ${pending === 1 ? 'post' : 'posts'} pending review`}
      </Typography>
      <ScheduleDialog
        open={scheduling !== null}
        post={
          scheduling && {
            content: scheduling.content,
            platforms: scheduling.platforms,
            aiPostId: scheduling.id,
            plannedFor: scheduling.suggestedFor,
          }
        }
        onClose={() => setScheduling(null)}
      />
    </SectionCard>
  );
}
