import { memo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** What the form holds: a new post, a draft, or a post already scheduled. */
export type ComposeSubject = 'new' | 'draft' | 'scheduled';

export const composeHeaderTexts = {
  titles: {
    new: 'Create New Post',
    draft: 'Edit Draft Post',
    scheduled: 'Edit Scheduled Post',
  } satisfies Record<ComposeSubject, string>,
  cancel: 'Cancel',
  saveDraft: 'Save Draft',
  updateDraft: 'Update Draft',
  schedule: 'Schedule Post',
  updatePost: 'Update Post',
  backToCalendar: 'Back to Calendar',
};

export interface ComposeHeaderProps {
  subject: ComposeSubject;
  /** A scheduled post that has started publishing: nothing to save. */
  readOnly?: boolean;
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
  onSchedule: () => void;
}

/** The page heading and the form's actions. */
export const ComposeHeader = memo(function ComposeHeader({
  subject,
  readOnly = false,
  saving,
  onCancel,
  onSave,
  onSchedule,
}: ComposeHeaderProps) {
  const texts = composeHeaderTexts;
  // A scheduled post is saved in place: a draft copy of it would only be a second post.
  const actions =
    subject === 'scheduled' ? (
      readOnly ? (
        <Button variant="outlined" onClick={onCancel}>
          {texts.backToCalendar}
        </Button>
      ) : (
        <>
          <Button variant="text" onClick={onCancel}>
            {texts.cancel}
          </Button>
          <Button variant="contained" onClick={onSchedule} loading={saving}>
            {texts.updatePost}
          </Button>
        </>
      )
    ) : (
      <>
        <Button variant="text" onClick={onCancel}>
          {texts.cancel}
        </Button>
        <Button variant="outlined" onClick={onSave} disabled={saving}>
          {subject === 'draft' ? texts.updateDraft : texts.saveDraft}
        </Button>
        <Button variant="contained" onClick={onSchedule}>
          {texts.schedule}
        </Button>
      </>
    );
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 3, alignItems: { md: 'center' } }}
    >
      <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
        {texts.titles[subject]}
      </Typography>
      {/* One line at 390 px, Update Draft included: tighter padding there instead of wrapping. */}
      <Stack
        direction="row"
        spacing={{ xs: 0.5, sm: 1 }}
        sx={{ '& .MuiButton-root': { px: { xs: 1.25, sm: 2 }, whiteSpace: 'nowrap' } }}
      >
        {actions}
      </Stack>
    </Stack>
  );
});
