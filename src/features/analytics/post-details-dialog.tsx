import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { AnalyticsFormat } from './analytics-format';
import { analyticsTexts, postTexts } from './analytics-texts';
import type { PostRow } from './types';

const CONTENT_TYPES: Record<string, string> = {
  text: 'Text only',
  link: 'Link',
  image: 'Image',
  video: 'Video',
  carousel: 'Carousel',
};

/** Every number of one published post, with where it went and when. */
export function PostDetailsDialog({
  post,
  fmt,
  onClose,
}: {
  post: PostRow | null;
  fmt: AnalyticsFormat;
  onClose: () => void;
}) {
  const titleId = useId();
  // The last post stays rendered while the dialog fades out.
  const [shown, setShown] = useState(post);
  if (post && post !== shown) setShown(post);
  const row = post ?? shown;
  return (
    <Dialog open={post !== null} onClose={onClose} aria-labelledby={titleId} fullWidth>
      {row && (
        <>
          <DialogTitle id={titleId}>{analyticsTexts.postDetails}</DialogTitle>
          <DialogContent dividers>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 2 }}>
              {row.content}
            </Typography>
            {row.status !== 'ok' && (
              <Alert severity={row.status === 'deleted' ? 'warning' : 'info'} sx={{ mb: 2 }}>
                {row.status === 'deleted' ? postTexts.deleted : postTexts.unavailable}
              </Alert>
            )}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto minmax(0, 1fr)',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, overflowWrap: 'anywhere' },
              }}
            >
              {(
                [
                  [postTexts.platform, fmt.platform(row.platform)],
                  [postTexts.account, row.accountName ?? postTexts.unknown],
                  [postTexts.published, fmt.dateTime(row.publishedAt)],
                  [postTexts.contentType, CONTENT_TYPES[row.contentType] ?? row.contentType],
                  [postTexts.reactions, fmt.count(row.reactions)],
                  [postTexts.comments, fmt.count(row.comments)],
                  [postTexts.shares, fmt.count(row.shares)],
                  [postTexts.clicks, fmt.count(row.clicks)],
                  [postTexts.reach, fmt.count(row.reach)],
                  [postTexts.views, fmt.count(row.views)],
                  [postTexts.interactions, fmt.count(row.interactions)],
                  [postTexts.engagementRate, fmt.rate(row.engagementRate)],
                  [postTexts.collected, fmt.dateTime(row.collectedAt)],
                ] as const
              ).map(([term, value]) => (
                <Box key={term} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2">
                    {term}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </DialogContent>
          <DialogActions>
            {row.permalink && (
              <Button
                href={row.permalink}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNew aria-hidden />}
              >
                {analyticsTexts.viewPost}
              </Button>
            )}
            <Button onClick={onClose} autoFocus>
              {analyticsTexts.close}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
