import { useState } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Schedule from '@mui/icons-material/Schedule';
import { useAppDispatch, useBackgroundSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PostListItem } from '../../components/post-list-item';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { SectionCard } from '../../components/section-card';
import { useFormatters } from '../appearance';
import {
  deleteDraft,
  selectAllDrafts,
  selectUserDraftsLoaded,
  useDeviceDrafts,
  type Draft,
} from '../drafts';
import { ScheduleDialog } from '../publishing';
import {
  cut,
  CUT_DRAFT_CONTENT,
  CUT_PROMPT,
  DRAFTS_SHOWN,
  postTypeLabel,
  providerLabel,
} from './dashboard-format';

export const draftMessages = {
  deleteConfirm: 'Are you sure you want to delete this draft?',
  deleteFailed: 'Failed to delete draft. Please try again.',
  empty: 'No drafts yet',
} as const;

function DraftItem({
  draft,
  onDelete,
  onSchedule,
}: {
  draft: Draft;
  onDelete: () => void;
  onSchedule: () => void;
}) {
  const { formatDate } = useFormatters();
  return (
    <PostListItem
      title={postTypeLabel(draft.postType)}
      badges={
        <>
          <Chip size="small" variant="outlined" label={providerLabel(draft.aiProvider)} />
          {draft.conflictOf && <Chip size="small" color="warning" label="Conflict copy" />}
          {draft.status === 'scheduled' && <Chip size="small" color="info" label="Scheduled" />}
        </>
      }
      date={formatDate(draft.createdAt)}
      prompt={draft.prompt ? cut(draft.prompt, CUT_PROMPT) : undefined}
      content={cut(draft.content, CUT_DRAFT_CONTENT)}
      actions={
        <>
          <Button
            size="small"
            startIcon={<Edit />}
            component={RouterLink}
            to={`/create?editDraft=${encodeURIComponent(draft.id)}`}
          >
            Edit
          </Button>
          <Button size="small" startIcon={<Schedule />} onClick={onSchedule}>
            Schedule
          </Button>
          <Button size="small" color="error" startIcon={<Delete />} onClick={onDelete}>
            Delete
          </Button>
        </>
      }
    />
  );
}

/** The drafts in the store, and whether they are the signed-in user's, read whole. */
const selectShownDrafts = createSelector(
  [selectAllDrafts, selectUserDraftsLoaded],
  (drafts, loaded) => ({ drafts, loaded }),
);

/** The user's drafts, newest first: three, or all of them on request. */
export function DraftsPanel() {
  const dispatch = useAppDispatch();
  useDeviceDrafts();
  // Rendered in the background when this device's drafts are read (useBackgroundSelector): the
  // list and whether it is complete come from the same store state.
  const { drafts, loaded } = useBackgroundSelector(selectShownDrafts);
  const [showAll, setShowAll] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [scheduling, setScheduling] = useState<Draft | null>(null);
  const { formatNumber } = useFormatters();

  const shown = showAll ? drafts : drafts.slice(0, DRAFTS_SHOWN);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await dispatch(deleteDraft(pendingDelete));
      setPendingDelete(null);
    } catch (error) {
      console.error('The draft could not be deleted:', error);
      setPendingDelete(null);
      setNotice(makeNotice('error', draftMessages.deleteFailed));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <SectionCard
      title="Drafts"
      action={
        <Button component={RouterLink} to="/create" size="small">
          New Draft
        </Button>
      }
    >
      {loaded && drafts.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {draftMessages.empty}
        </Typography>
      )}
      {drafts.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {shown.map((draft) => (
            <DraftItem
              key={draft.id}
              draft={draft}
              onDelete={() => setPendingDelete(draft.id)}
              onSchedule={() => setScheduling(draft)}
            />
          ))}
        </Box>
      )}
      {drafts.length > DRAFTS_SHOWN && (
        <Button onClick={() => setShowAll((all) => !all)} fullWidth sx={{ mt: 1 }}>
          {showAll ? 'Show Less' : `View All ${formatNumber(drafts.length)} Drafts`}
        </Button>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete draft?"
        message={draftMessages.deleteConfirm}
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
      <ScheduleDialog
        open={scheduling !== null}
        post={
          scheduling && {
            content: scheduling.content,
            platforms: scheduling.platforms,
            draftId: scheduling.id,
            plannedFor: scheduling.scheduledFor,
          }
        }
        onClose={() => setScheduling(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </SectionCard>
  );
}
