import { memo } from 'react';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { OutlinedField } from '../../components/outlined-field';
import { openedOnDemand } from '../../lib/on-demand';
import { SectionCard } from '../../components/section-card';
import type { DraftPostType } from '../../lib/db';
import { isPostType, POST_TYPES } from './compose-options';

export interface PostContentSectionProps {
  postType: DraftPostType;
  onPostTypeChange: (postType: DraftPostType) => void;
  content: string;
  onContentChange: (content: string) => void;
}

/** The post itself: its type, its images and its text. */
/**
 * Six lines, growing with the text. Where the browser grows a text area by itself (CSS
 * field-sizing) it does; elsewhere MUI measures the text after every keystroke to resize it, which
 * costs a layout each time.
 */
const CONTENT_ROWS =
  typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content')
    ? {
        // A plain text area: MUI's own (TextareaAutosize) measures even with fixed rows.
        inputComponent: 'textarea' as const,
        inputProps: { rows: 6 },
        sx: { '& textarea': { fieldSizing: 'content', minHeight: '6lh' } },
      }
    : { minRows: 6 };

/** The image drop area, fetched when an image or carousel post is first chosen (a text post has none). */
const ImageUploadArea = openedOnDemand<{ multiple: boolean }>(
  'The image upload area',
  () => import('./image-upload-area').then((m) => ({ default: m.ImageUploadArea })),
  () => true,
);

export function PostContentSection({
  postType,
  onPostTypeChange,
  content,
  onContentChange,
}: PostContentSectionProps) {
  return (
    <SectionCard title="Post">
      <PostTypeTabs postType={postType} onPostTypeChange={onPostTypeChange} />
      <Stack spacing={2}>
        {postType !== 'text' && <ImageUploadArea multiple={postType === 'carousel'} />}
        <OutlinedField
          label="Post content"
          multiline
          {...CONTENT_ROWS}
          fullWidth
          value={content}
          onChange={(event) => onContentChange(event.target.value)}
          placeholder="What would you like to share?"
          helperText={`${content.length} characters`}
        />
      </Stack>
    </SectionCard>
  );
}

/** The type tabs, apart so that typing in the text does not render them again. */
const PostTypeTabs = memo(function PostTypeTabs({
  postType,
  onPostTypeChange,
}: Pick<PostContentSectionProps, 'postType' | 'onPostTypeChange'>) {
  return (
    <Tabs
      value={postType}
      onChange={(_event, value: string) => {
        if (isPostType(value)) onPostTypeChange(value);
      }}
      aria-label="Post type"
      // Three equal tabs fit a phone; a scrolling strip hid Carousel there.
      variant="fullWidth"
      sx={{ mb: 2, maxWidth: { sm: 480 } }}
    >
      {POST_TYPES.map((type) => (
        <Tab key={type.id} value={type.id} label={type.label} />
      ))}
    </Tabs>
  );
});
