import { memo } from 'react';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { isPlatform, platformLabels, PLATFORMS, type DraftPlatform } from '../../lib/platforms';
import { PlatformPreview } from './platform-preview';

export interface PlatformsSectionProps {
  platforms: DraftPlatform[];
  onPlatformsChange: (platforms: DraftPlatform[]) => void;
  content: string;
  authorName: string;
}

const TITLE = 'Platforms';

/** Where the post goes, with a preview of it on each chosen platform. */
export const PlatformsSection = memo(function PlatformsSection({
  platforms,
  onPlatformsChange,
  content,
  authorName,
}: PlatformsSectionProps) {
  return (
    <SectionCard title={TITLE}>
      <PlatformToggles platforms={platforms} onPlatformsChange={onPlatformsChange} />
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
    </SectionCard>
  );
});

/** The platforms' buttons, apart so that the preview's renders as the text changes skip them. */
const PlatformToggles = memo(function PlatformToggles({
  platforms,
  onPlatformsChange,
}: Pick<PlatformsSectionProps, 'platforms' | 'onPlatformsChange'>) {
  return (
    <ToggleButtonGroup
      value={platforms}
      onChange={(_event, value: string[]) =>
        onPlatformsChange(PLATFORMS.filter((p) => value.filter(isPlatform).includes(p)))
      }
      // The section's title: SectionCard does not share its heading's id.
      aria-label={TITLE}
      color="primary"
      size="small"
      sx={{ flexWrap: 'wrap', mt: 1 }}
    >
      {PLATFORMS.map((platform) => (
        <ToggleButton key={platform} value={platform}>
          {platformLabels[platform]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
});
