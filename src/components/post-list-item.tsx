import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface PostListItemProps {
  /** The row's heading; the list item is labelled by it. */
  title: string;
  /** Chips shown beside the title. */
  badges?: ReactNode;
  /** Already formatted, shown at the end of the title line. */
  date: string;
  /** Shown as "Prompt: …" when given. */
  prompt?: string;
  content: string;
  /** Keeps the content's own line breaks. */
  preWrap?: boolean;
  /** A line between the content and the actions. */
  details?: ReactNode;
  actions: ReactNode;
}

/** One post in a dashboard list (a draft, an AI generated post): an `li` labelled by its title. */
export function PostListItem({
  title,
  badges,
  date,
  prompt,
  content,
  preWrap = false,
  details,
  actions,
}: PostListItemProps) {
  const titleId = useId();
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ py: 2, listStyle: 'none', '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h3">
          {title}
        </Typography>
        {badges}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {date}
        </Typography>
      </Stack>
      {prompt !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {`Prompt: ${prompt}`}
        </Typography>
      )}
      <Typography
        variant="body2"
        sx={{ my: 1, overflowWrap: 'anywhere', ...(preWrap && { whiteSpace: 'pre-wrap' }) }}
      >
        {content}
      </Typography>
      {details}
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, ...(details !== undefined && { mt: 1 }) }}
      >
        {actions}
      </Stack>
    </Box>
  );
}
