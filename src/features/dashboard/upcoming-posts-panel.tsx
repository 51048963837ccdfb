import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { useFormatters } from '../appearance';
import { ItemBadges, useUpcomingItems } from '../calendar';

export const upcomingTexts = {
  title: 'Upcoming Posts',
  subtitle: 'Next 7 days',
  empty: 'No posts in the next 7 days.',
};

/**
 * One post of the list. A busy week holds dozens of posts, most of them off screen: the browser
 * lays out and paints those only as they scroll into view (content-visibility), each one taking
 * the room of a post of one line until then, and then the room it last took.
 */
const UPCOMING_ITEM = {
  py: 1.5,
  listStyle: 'none',
  '& + &': { borderTop: 1, borderColor: 'divider' },
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 72px',
} as const;

/** The user's posts of today and the next 6 days (in their zone), soonest first. */
export function UpcomingPostsPanel() {
  const { formatDateTime, timeZone } = useFormatters();
  const posts = useUpcomingItems(timeZone);
  return (
    <SectionCard title={upcomingTexts.title} subtitle={upcomingTexts.subtitle}>
      {posts.length === 0 ? (
        <Typography color="text.secondary">{upcomingTexts.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {posts.map((post) => (
            <Box component="li" key={post.key} sx={UPCOMING_ITEM}>
              <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                {post.title}
              </Typography>
              <Stack
                direction="row"
                sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}
              >
                <ItemBadges item={post} />
                <Typography variant="caption" color="text.secondary">
                  <time dateTime={post.at}>{formatDateTime(post.at)}</time>
                </Typography>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
