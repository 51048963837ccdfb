import { memo, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
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
  /** Changes when the text changed other than by typing in the field (ComposeState's). */
  contentRevision: number;
  onContentChange: (content: string) => void;
  /**
   * Whether the type tabs are shown yet; until then their room is kept. MUI's tabs register each
   * tab from its ref and render again at once, in the commit that adds them, which then also runs
   * every effect that commit left for later: committed apart, after the field, that stays small.
   */
  typeTabs?: boolean;
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

/**
 * The text field is not controlled: the text area keeps what is typed in it and tells the form,
 * so a keystroke renders neither this card nor the field again (MUI's input and its card took
 * most of a keystroke's time on a phone); the character count is written into its node (see
 * CharacterCount). When the form changes the text itself (`contentRevision`), the field and its
 * count start again from it.
 */
export const PostContentSection = memo(
  function PostContentSection({
    postType,
    onPostTypeChange,
    content,
    contentRevision,
    onContentChange,
    typeTabs = true,
  }: PostContentSectionProps) {
    const [lengths] = useState(lengthEvents);
    return (
      <SectionCard title="Post">
        {typeTabs ? (
          <PostTypeTabs postType={postType} onPostTypeChange={onPostTypeChange} />
        ) : (
          <TypeTabsRoom />
        )}
        <Stack spacing={2}>
          {postType !== 'text' && <ImageUploadArea multiple={postType === 'carousel'} />}
          <OutlinedField
            key={contentRevision}
            label="Post content"
            multiline
            {...CONTENT_ROWS}
            fullWidth
            defaultValue={content}
            onChange={(event) => {
              lengths.emit(event.target.value.length);
              onContentChange(event.target.value);
            }}
            placeholder="What would you like to share?"
            helperText={
              <CharacterCount key={contentRevision} initial={content.length} lengths={lengths} />
            }
          />
        </Stack>
      </SectionCard>
    );
  },
  // The text typed in the field is the field's own: only a new revision brings the form's.
  (before, after) =>
    before.postType === after.postType &&
    before.onPostTypeChange === after.onPostTypeChange &&
    before.onContentChange === after.onContentChange &&
    before.contentRevision === after.contentRevision &&
    before.typeTabs === after.typeTabs,
);

/** Where the type tabs, and the room kept for them, sit in the card. */
const TYPE_TABS_BOX = { mb: 2, maxWidth: { sm: 480 } } as const;

/**
 * The room of the type tabs before they come: their labels, unseen, laid out as MUI's full-width
 * tabs lay theirs out (its Tab's type, padding and minimum sizes), so the strip is as tall as the
 * tabs, labels wrapped on a narrow phone included.
 */
function TypeTabsRoom() {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        display: 'flex',
        minHeight: 48,
        ...TYPE_TABS_BOX,
        visibility: 'hidden',
        '& > span': {
          ...theme.typography.button,
          lineHeight: 1.25,
          boxSizing: 'border-box',
          display: 'inline-flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          flex: '1 1 0',
          minWidth: 90,
          minHeight: 48,
          padding: '12px 16px',
          overflow: 'hidden',
          whiteSpace: 'normal',
          textAlign: 'center',
        },
      })}
    >
      {POST_TYPES.map((type) => (
        <span key={type.id}>{type.label}</span>
      ))}
    </Box>
  );
}

/** The lengths of the text as it is typed, told to the count. */
interface LengthEvents {
  emit: (length: number) => void;
  subscribe: (listener: (length: number) => void) => () => void;
}

function lengthEvents(): LengthEvents {
  const listeners = new Set<(length: number) => void>();
  return {
    emit: (length) => {
      for (const listener of listeners) listener(length);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The field's helper text. A keystroke writes the count into it, and renders nothing: the change
 * is painted in the keystroke's own frame, where a render would have cost a task and a frame of
 * its own. The count starts from `initial` (the section remounts it for each revision of the text)
 * and React never renders another count into the node.
 */
function CharacterCount({ initial, lengths }: { initial: number; lengths: LengthEvents }) {
  const count = useRef<HTMLSpanElement>(null);
  useLayoutEffect(
    () =>
      lengths.subscribe((typed) => {
        const text = count.current?.firstChild;
        if (text) text.nodeValue = countText(typed);
      }),
    [lengths],
  );
  return <span ref={count}>{countText(initial)}</span>;
}

const countText = (length: number) => `${length} characters`;

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
      sx={TYPE_TABS_BOX}
    >
      {POST_TYPES.map((type) => (
        <Tab key={type.id} value={type.id} label={type.label} />
      ))}
    </Tabs>
  );
});
