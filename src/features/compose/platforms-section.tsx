import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { isPlatform, platformLabels, PLATFORMS, type DraftPlatform } from '../../lib/platforms';
import { PlatformPreview } from './platform-preview';

export interface PlatformsSectionProps {
  platforms: DraftPlatform[];
  onPlatformsChange: (platforms: DraftPlatform[]) => void;
  content: string;
  authorName: string;
}

/** Where the post goes, with a preview of it on each chosen platform. */
export function PlatformsSection({
  platforms,
  onPlatformsChange,
  content,
  authorName,
}: PlatformsSectionProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          Platforms
        </Typography>
        <ToggleButtonGroup
          value={platforms}
          onChange={(_event, value: string[]) =>
            onPlatformsChange(PLATFORMS.filter((p) => value.filter(isPlatform).includes(p)))
          }
          aria-labelledby={headingId}
          color="primary"
          size="small"
          sx={{ flexWrap: 'wrap' }}
        >
          {PLATFORMS.map((platform) => (
            <ToggleButton key={platform} value={platform}>
              {platformLabels[platform]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {platforms.length ? (
            platforms.map((platform) => (
              <PlatformPreview
                key={platform}
                platform={platform}
                content={content}
                authorName={authorName}
              />
            ))
          ) : (
            <Typography variant="body2" color="text.secondary">
              Select a platform to see a preview.
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
