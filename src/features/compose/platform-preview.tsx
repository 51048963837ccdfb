import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { platformLabels, type DraftPlatform } from '../../lib/platforms';
import { lengthStatus } from './compose-options';

export interface PlatformPreviewProps {
  platform: DraftPlatform;
  content: string;
  authorName: string;
}

/** How the post reads on one platform, with that platform's length limit when it has one. */
export function PlatformPreview({ platform, content, authorName }: PlatformPreviewProps) {
  const label = platformLabels[platform];
  const status = lengthStatus(content, platform);
  return (
    <Card variant="outlined" component="article" aria-label={`${label} preview`}>
      <CardHeader
        avatar={
          <Avatar sx={{ width: 32, height: 32 }}>{authorName.charAt(0).toUpperCase()}</Avatar>
        }
        title={authorName}
        subheader={`${label} preview`}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minHeight: 40 }}
          color={content ? 'text.primary' : 'text.secondary'}
        >
          {content || 'Your post will appear here.'}
        </Typography>
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Typography variant="caption" color={status?.over ? 'error' : 'text.secondary'}>
            {status
              ? `${content.length} / ${status.limit} characters`
              : `${content.length} characters`}
          </Typography>
          {status?.over && (
            <Alert severity="warning">
              {`Too long for ${label}: ${-status.remaining} characters over the ${status.limit}-character limit.`}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
