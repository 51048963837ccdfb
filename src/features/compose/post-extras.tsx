import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';

export type ApprovalFlow = 'skip' | 'manager' | 'team';

const APPROVAL_FLOWS: { id: ApprovalFlow; label: string }[] = [
  { id: 'skip', label: 'Skip approval' },
  { id: 'manager', label: 'Manager approval' },
  { id: 'team', label: 'Team approval' },
];

export interface PostExtrasProps {
  hashtags: string[];
  onRemoveHashtag: (tag: string) => void;
  approval: ApprovalFlow;
  onApprovalChange: (approval: ApprovalFlow) => void;
  firstComment: boolean;
  onFirstCommentChange: (checked: boolean) => void;
  autoRespond: boolean;
  onAutoRespondChange: (checked: boolean) => void;
}

/** Hashtags, approval and engagement options. Approval and the two options are UI only. */
export function PostExtras({
  hashtags,
  onRemoveHashtag,
  approval,
  onApprovalChange,
  firstComment,
  onFirstCommentChange,
  autoRespond,
  onAutoRespondChange,
}: PostExtrasProps) {
  const hashtagsId = useId();
  return (
    <SectionCard title="Extras">
      <Stack spacing={2} sx={{ mt: 1 }}>
        <Box role="group" aria-labelledby={hashtagsId}>
          <Typography id={hashtagsId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Hashtags
          </Typography>
          {hashtags.length ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {hashtags.map((tag) => (
                <Chip
                  key={tag}
                  label={tag}
                  color="primary"
                  variant="outlined"
                  onDelete={() => onRemoveHashtag(tag)}
                  aria-label={`${tag}, press Delete to remove`}
                />
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              No hashtags yet. Generate a post, or type #hashtags in the content.
            </Typography>
          )}
        </Box>
        <TextField
          select
          label="Approval flow"
          value={approval}
          onChange={(event) => onApprovalChange(event.target.value as ApprovalFlow)}
          fullWidth
        >
          {APPROVAL_FLOWS.map((flow) => (
            <MenuItem key={flow.id} value={flow.id}>
              {flow.label}
            </MenuItem>
          ))}
        </TextField>
        <FormGroup>
          <FormControlLabel
            control={
              <Checkbox
                checked={firstComment}
                onChange={(event) => onFirstCommentChange(event.target.checked)}
              />
            }
            label="First comment"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={autoRespond}
                onChange={(event) => onAutoRespondChange(event.target.checked)}
              />
            }
            label="Auto-respond to comments"
          />
        </FormGroup>
      </Stack>
    </SectionCard>
  );
}
