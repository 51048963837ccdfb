import { memo, useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OutlinedSelectField } from '../../components/outlined-select-field';
import { SectionCard } from '../../components/section-card';
import type { ApprovalFlow, HashtagSuggestion } from './post-extras-texts';
import { Spinner } from '../../components/spinner';

const APPROVAL_FLOWS: { id: ApprovalFlow; label: string }[] = [
  { id: 'skip', label: 'Skip approval' },
  { id: 'manager', label: 'Manager approval' },
  { id: 'team', label: 'Team approval' },
];

export interface PostExtrasProps {
  hashtags: string[];
  onRemoveHashtag: (tag: string) => void;
  suggestion?: HashtagSuggestion;
  approval: ApprovalFlow;
  onApprovalChange: (approval: ApprovalFlow) => void;
  firstComment: boolean;
  onFirstCommentChange: (checked: boolean) => void;
  autoRespond: boolean;
  onAutoRespondChange: (checked: boolean) => void;
}

/** Hashtags, approval and engagement options. Approval and the two options are UI only. */
export const PostExtras = memo(function PostExtras({
  hashtags,
  onRemoveHashtag,
  suggestion,
  approval,
  onApprovalChange,
  firstComment,
  onFirstCommentChange,
  autoRespond,
  onAutoRespondChange,
}: PostExtrasProps) {
  const hashtagsId = useId();
  const suggestHelpId = useId();
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
          {suggestion && (
            <Box sx={{ mt: 1.5 }}>
              <Button
                variant="outlined"
                size="small"
                onClick={suggestion.onSuggest}
                disabled={suggestion.suggesting || suggestion.disabledReason !== null}
                aria-describedby={suggestion.disabledReason ? suggestHelpId : undefined}
                startIcon={
                  suggestion.suggesting ? <Spinner size={14} color="inherit" /> : undefined
                }
              >
                {suggestion.suggesting
                  ? 'Suggesting...'
                  : `Suggest Hashtags with ${suggestion.providerLabel}`}
              </Button>
              {suggestion.disabledReason && (
                <Typography
                  id={suggestHelpId}
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: 0.5 }}
                >
                  {suggestion.disabledReason}
                </Typography>
              )}
              <Box aria-live="polite">
                {suggestion.note && (
                  <Alert severity="info" sx={{ mt: 1 }}>
                    {suggestion.note}
                  </Alert>
                )}
              </Box>
            </Box>
          )}
        </Box>
        <OutlinedSelectField
          label="Approval flow"
          value={approval}
          onChange={(event) => onApprovalChange(event.target.value as ApprovalFlow)}
          fullWidth
          shrinkLabel
        >
          {APPROVAL_FLOWS.map((flow) => (
            <option key={flow.id} value={flow.id}>
              {flow.label}
            </option>
          ))}
        </OutlinedSelectField>
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
});
