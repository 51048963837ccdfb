import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { useAppDispatch } from '../../app/hooks';
import { platformLabels, type DraftPlatform } from '../../lib/platforms';
import { aiMessages, AiError, improvePost, type AiProviderId } from '../ai';
import { AI_POST_STATUS_LABELS, reviewAiPost, type AiPost } from '../ai-posts';
import { ScheduleDialog } from '../publishing';
import { composeMessages } from './compose-validation';
import { PlatformPreview } from './platform-preview';
import { Spinner } from '../../components/spinner';

type Decision = 'revise' | 'reject';

/** What Enhance with AI asks of the AI: a better version of the same post. */
export const ENHANCE_INSTRUCTION =
  'Make this post more engaging: a stronger opening line, clear and friendly wording and a call to action. Keep its meaning, language, hashtags and about the same length.';

export interface ReviewModalProps {
  open: boolean;
  prompt: string | null;
  content: string;
  platforms: DraftPlatform[];
  authorName: string;
  /** Who rewrites the post for Enhance with AI and Request Revision: the form's choice. */
  provider?: AiProviderId;
  /** The AI generated post the decisions apply to; null for a post written by hand. */
  aiPost: AiPost | null;
  onClose: () => void;
  /**
   * Approve & Schedule of a post written by hand, or of an AI post whose scheduling was cancelled:
   * the reviewed text goes back to the editor, ready to schedule there.
   */
  onApproved: (content: string) => void;
  /** Request Revision: the AI's rewrite replaces the editor's text. */
  onRevised: (content: string) => void;
}

/**
 * The review of a post before it goes out. Unlike the spec's mock, the decisions take effect on
 * the AI generated post (and reach the user's other devices): Approve & Schedule approves it and
 * opens scheduling, after which it is scheduled; Request Revision marks it needs-revision while the
 * AI rewrites it with the feedback, then puts it back to pending-review with the new text; Reject
 * takes it off the dashboard's list. Enhance with AI rewrites the text in place.
 */
export function ReviewModal(props: ReviewModalProps) {
  // A fresh form each time it opens, from the editor's current text.
  return props.open ? <ReviewDialog {...props} /> : null;
}

function ReviewDialog({
  prompt,
  content: initialContent,
  platforms,
  authorName,
  provider = 'chatgpt',
  aiPost,
  onClose,
  onApproved,
  onRevised,
}: ReviewModalProps) {
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [content, setContent] = useState(initialContent);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revised, setRevised] = useState(false);
  const [enhancing, setEnhancing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [status, setStatus] = useState(aiPost?.status ?? null);
  const titleId = useId();

  async function record(change: Parameters<typeof reviewAiPost>[1]): Promise<boolean> {
    if (!aiPost) return true;
    try {
      const saved = await dispatch(reviewAiPost(aiPost.id, change));
      setStatus(saved.status);
      return true;
    } catch (failure) {
      console.error('The review could not be saved:', failure);
      setError(composeMessages.saveFailed);
      return false;
    }
  }

  async function approve() {
    setBusy(true);
    setError(null);
    const ok = await record({ status: 'approved', content });
    setBusy(false);
    if (!ok) return;
    if (aiPost) {
      setScheduling(true);
      return;
    }
    onApproved(content);
    onClose();
  }

  /** Scheduling was cancelled: the post stays approved, and the editor takes its text. */
  function scheduleCancelled() {
    onApproved(content);
    onClose();
  }

  async function requestRevision() {
    const note = feedback.trim();
    setBusy(true);
    setError(null);
    try {
      // Other devices see that a revision is on its way while the AI writes it.
      if (!(await record({ status: 'needs-revision', content, feedback: note }))) return;
      const improved = await improvePost(content, note, { provider });
      if (await record({ status: 'pending-review', content: improved })) {
        setContent(improved);
        onRevised(improved);
        setRevised(true);
        setDecision(null);
        setFeedback('');
      }
    } catch (failure) {
      // The post keeps needs-revision with the feedback: the request still stands.
      setError(failure instanceof AiError ? failure.message : aiMessages.improveFailed);
    } finally {
      setBusy(false);
    }
  }

  async function enhance() {
    setBusy(true);
    setEnhancing(true);
    setError(null);
    try {
      setContent(await improvePost(content, ENHANCE_INSTRUCTION, { provider }));
    } catch (failure) {
      setError(failure instanceof AiError ? failure.message : aiMessages.improveFailed);
    } finally {
      setEnhancing(false);
      setBusy(false);
    }
  }

  async function reject() {
    setBusy(true);
    setError(null);
    const ok = await record({ status: 'rejected', feedback: feedback.trim() || null });
    setBusy(false);
    if (ok) onClose();
  }

  function choose(next: Decision) {
    setDecision((current) => (current === next ? null : next));
    setError(null);
  }

  if (scheduling)
    return (
      <ScheduleDialog
        open
        post={{
          content,
          platforms,
          aiPostId: aiPost?.id ?? null,
          plannedFor: aiPost?.suggestedFor ?? null,
        }}
        onClose={scheduleCancelled}
      />
    );

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>Review Post</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
                Original prompt
              </Typography>
              {status && (
                <Chip
                  size="small"
                  label={AI_POST_STATUS_LABELS[status]}
                  data-testid="review-status"
                />
              )}
            </Stack>
            <Typography variant="body2" color={prompt ? 'text.primary' : 'text.secondary'}>
              {prompt || 'No prompt: this post was written by hand.'}
            </Typography>
          </Box>

          <Box>
            <TextField
              label="Post content"
              multiline
              minRows={5}
              fullWidth
              value={content}
              onChange={(event) => setContent(event.target.value)}
              helperText={`${content.length} characters`}
              disabled={busy}
            />
            <Button
              startIcon={enhancing ? <Spinner size={16} color="inherit" /> : <AutoAwesome />}
              onClick={enhance}
              disabled={busy || !content.trim()}
              sx={{ mt: 1 }}
            >
              Enhance with AI
            </Button>
          </Box>

          {revised && (
            <Alert severity="info">
              The AI revised the post with your feedback. Review the new version above.
            </Alert>
          )}

          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Target platforms
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {platforms.length ? (
                platforms.map((platform) => (
                  <Chip key={platform} label={platformLabels[platform]} variant="outlined" />
                ))
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No platform selected.
                </Typography>
              )}
            </Stack>
          </Box>

          {platforms.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Platform preview
              </Typography>
              <PlatformPreview platform={platforms[0]!} content={content} authorName={authorName} />
            </Box>
          )}

          {decision && (
            <Box>
              <TextField
                label="Feedback for AI"
                multiline
                minRows={3}
                fullWidth
                value={feedback}
                onChange={(event) => setFeedback(event.target.value)}
                disabled={busy}
                required={decision === 'revise'}
                helperText={
                  decision === 'revise'
                    ? 'Tell the AI what to change.'
                    : 'Optional: why this post does not work.'
                }
                autoFocus
              />
              <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
                {decision === 'revise' ? (
                  <Button
                    variant="contained"
                    onClick={requestRevision}
                    disabled={busy || !feedback.trim()}
                    startIcon={busy ? <Spinner size={16} color="inherit" /> : undefined}
                  >
                    {busy ? 'Revising...' : 'Send Feedback'}
                  </Button>
                ) : (
                  <Button variant="contained" color="error" onClick={reject} disabled={busy}>
                    Confirm Reject
                  </Button>
                )}
              </Stack>
            </Box>
          )}

          <Box aria-live="polite">{error && <Alert severity="error">{error}</Alert>}</Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy} sx={{ mr: 'auto' }}>
          Close
        </Button>
        <Button
          variant={decision === 'reject' ? 'contained' : 'outlined'}
          color="error"
          aria-pressed={decision === 'reject'}
          onClick={() => choose('reject')}
          disabled={busy}
        >
          Reject
        </Button>
        <Button
          variant={decision === 'revise' ? 'contained' : 'outlined'}
          color="warning"
          aria-pressed={decision === 'revise'}
          onClick={() => choose('revise')}
          disabled={busy}
        >
          Request Revision
        </Button>
        <Button
          variant="contained"
          color="success"
          onClick={approve}
          disabled={busy || !content.trim()}
        >
          Approve & Schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
