import { useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import type { DraftPlatform, DraftPostType } from '../../lib/db';
import { AiError, aiMessages, extractHashtags, generatePost } from '../ai';
import { recordGeneratedPost, selectAiPostById } from '../ai-posts';
import { displayName, selectCurrentUser } from '../auth';
import { saveDraft } from '../drafts';
import { selectSyncOnline } from '../sync';
import { readBusinessProfile } from './business-profile';
import { CUSTOM_PROMPT_ID, type ComposeInitial, type ProviderChoice } from './compose-initial';
import {
  appendHashtags,
  composeMessages,
  isPlatform,
  isPostType,
  platformLabels,
  PLATFORMS,
  POST_TYPES,
  PROMPT_PRESETS,
  removeHashtag,
  scheduledForFrom,
  validateDraft,
  validateSchedule,
} from './compose-validation';
import { GeneratePanel } from './generate-panel';
import { offlineMessages } from './offline-messages';
import { ImageUploadArea } from './image-upload-area';
import { PlatformPreview } from './platform-preview';
import { PostExtras, type ApprovalFlow } from './post-extras';
import { PublishTimeSection } from './publish-time-section';
import { ReviewModal } from './review-modal';

/** The /create form; it starts from `initial` and then owns its state. */
export function ComposeForm({ initial }: { initial: ComposeInitial }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const user = useAppSelector(selectCurrentUser);
  const authorName = displayName(user);

  const [draftId, setDraftId] = useState(initial.draftId);
  const [content, setContent] = useState(initial.content);
  const [platforms, setPlatforms] = useState<DraftPlatform[]>(initial.platforms);
  const [postType, setPostType] = useState<DraftPostType>(initial.postType);
  const [promptId, setPromptId] = useState(initial.promptId);
  const [provider, setProvider] = useState<ProviderChoice>(initial.provider);
  // The provider that wrote the text on screen; a post written by hand has none.
  const [writtenBy, setWrittenBy] = useState<ProviderChoice | null>(initial.writtenBy);
  const [publishMode, setPublishMode] = useState(initial.publishMode);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [approval, setApproval] = useState<ApprovalFlow>('skip');
  const [firstComment, setFirstComment] = useState(false);
  const [autoRespond, setAutoRespond] = useState(true);
  const [aiPostId, setAiPostId] = useState(initial.aiPostId);
  const aiPost = useAppSelector((state) =>
    aiPostId ? selectAiPostById(state, aiPostId) : undefined,
  );

  const [generating, setGenerating] = useState(false);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [prediction, setPrediction] = useState<number | null>(aiPost?.engagementPrediction ?? null);
  const [reviewOpen, setReviewOpen] = useState(initial.openReview);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [scheduledOpen, setScheduledOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Which check raised the warning on screen, so it closes once that check passes.
  const [warningFrom, setWarningFrom] = useState<'save' | 'schedule' | null>(null);

  const contentId = useId();
  const platformsLabelId = useId();
  const scheduledTitleId = useId();
  const scheduledTextId = useId();
  const hashtags = useMemo(() => extractHashtags(content), [content]);

  const promptText =
    promptId === CUSTOM_PROMPT_ID
      ? initial.customPrompt
      : (PROMPT_PRESETS.find((preset) => preset.id === promptId)?.prompt ?? null);
  const editing = draftId !== null;
  const online = useAppSelector(selectSyncOnline);

  if (notice && warningFrom) {
    const check = warningFrom === 'save' ? validateDraft : validateSchedule;
    if (check({ content, platforms }) !== notice.text) {
      setNotice(null);
      setWarningFrom(null);
    }
  }

  function notify(severity: Notice['severity'], text: string, from: 'save' | 'schedule' | null) {
    setNotice(makeNotice(severity, text));
    setWarningFrom(from);
  }

  function clearNotice() {
    setNotice(null);
    setWarningFrom(null);
  }

  // The dashboard keeps its own choice: trying Perplexity here must not switch the dashboard.
  function chooseProvider(next: ProviderChoice) {
    setProvider(next);
    setGenerateError(null);
  }

  async function handleGenerate() {
    if (!promptText) {
      setGenerateError(aiMessages.promptRequired);
      return;
    }
    if (!online) {
      setGenerateError(offlineMessages.generate);
      return;
    }
    setGenerating(true);
    setGenerateError(null);
    try {
      const businessProfile = user ? await readBusinessProfile(user.id) : null;
      const result = await generatePost({ prompt: promptText, platforms, businessProfile });
      const text = appendHashtags(result.content, result.hashtags);
      setContent(text);
      setWrittenBy(provider);
      setPrediction(result.engagementPrediction);
      try {
        const post = await dispatch(
          recordGeneratedPost({
            content: text,
            platforms,
            aiProvider: provider,
            prompt: promptText,
            engagementPrediction: result.engagementPrediction,
            hashtags: extractHashtags(text),
          }),
        );
        setAiPostId(post?.id ?? null);
      } catch (error) {
        // The post is in the editor either way; only the dashboard list misses it.
        console.error('The generated post could not be kept on this device:', error);
        setAiPostId(null);
      }
    } catch (error) {
      setGenerateError(error instanceof AiError ? error.message : aiMessages.generateFailed);
    } finally {
      setGenerating(false);
    }
  }

  async function handleSave() {
    const problem = validateDraft({ content, platforms });
    if (problem) {
      notify('warning', problem, 'save');
      return;
    }
    setSaving(true);
    try {
      const saved = await dispatch(
        saveDraft({
          id: draftId ?? undefined,
          content,
          platforms,
          postType,
          prompt: promptText,
          aiProvider: writtenBy,
          scheduledFor: publishMode === 'schedule' ? scheduledForFrom(date, time) : null,
        }),
      );
      const savedText = editing ? composeMessages.draftUpdated : composeMessages.draftSaved;
      notify('success', online ? savedText : `${savedText} ${offlineMessages.draftSaved}`, null);
      if (!editing) {
        // Later saves update this draft instead of adding copies; the address says so too.
        setDraftId(saved.id);
        setSearchParams(
          { editDraft: saved.id },
          { replace: true, state: { composeInternal: true } },
        );
      }
    } catch (error) {
      console.error('The draft could not be saved:', error);
      notify('error', composeMessages.saveFailed, null);
    } finally {
      setSaving(false);
    }
  }

  function handleSchedule() {
    const problem = validateSchedule({ content, platforms });
    if (problem) {
      notify('warning', problem, 'schedule');
      return;
    }
    // As in the spec's draft flow, scheduling is announced but nothing is stored yet. An older
    // notice would sit under the announcement and contradict it.
    clearNotice();
    setScheduledOpen(true);
  }

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { md: 'center' } }}
      >
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {editing ? 'Edit Draft Post' : 'Create New Post'}
        </Typography>
        {/* One line at 390 px, Update Draft included: tighter padding there instead of wrapping. */}
        <Stack
          direction="row"
          spacing={{ xs: 0.5, sm: 1 }}
          sx={{ '& .MuiButton-root': { px: { xs: 1.25, sm: 2 }, whiteSpace: 'nowrap' } }}
        >
          <Button variant="text" onClick={() => setConfirmCancel(true)}>
            Cancel
          </Button>
          <Button variant="outlined" onClick={handleSave} disabled={saving}>
            {editing ? 'Update Draft' : 'Save Draft'}
          </Button>
          <Button variant="contained" onClick={handleSchedule}>
            Schedule Post
          </Button>
        </Stack>
      </Stack>

      {initial.warning && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {initial.warning}
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Card variant="outlined" component="section" aria-labelledby={contentId}>
            <CardContent>
              <Typography id={contentId} variant="h6" component="h2" sx={{ mb: 1 }}>
                Post
              </Typography>
              <Tabs
                value={postType}
                onChange={(_event, value: string) => {
                  if (isPostType(value)) setPostType(value);
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
              <Stack spacing={2}>
                {postType !== 'text' && <ImageUploadArea multiple={postType === 'carousel'} />}
                <TextField
                  label="Post content"
                  multiline
                  minRows={6}
                  fullWidth
                  value={content}
                  onChange={(event) => {
                    setContent(event.target.value);
                    if (!event.target.value.trim()) setWrittenBy(null);
                  }}
                  placeholder="What would you like to share?"
                  helperText={`${content.length} characters`}
                />
              </Stack>
            </CardContent>
          </Card>

          <GeneratePanel
            provider={provider}
            onProviderChange={chooseProvider}
            promptId={promptId}
            customPrompt={initial.customPrompt}
            onPromptChange={(id) => {
              setPromptId(id);
              setGenerateError(null);
            }}
            generating={generating}
            error={generateError}
            prediction={prediction}
            onGenerate={handleGenerate}
            reviewDisabled={!content.trim()}
            onReview={() => setReviewOpen(true)}
          />

          <PostExtras
            hashtags={hashtags}
            onRemoveHashtag={(tag) => setContent((current) => removeHashtag(current, tag))}
            approval={approval}
            onApprovalChange={setApproval}
            firstComment={firstComment}
            onFirstCommentChange={setFirstComment}
            autoRespond={autoRespond}
            onAutoRespondChange={setAutoRespond}
          />
        </Stack>

        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Card variant="outlined" component="section" aria-labelledby={platformsLabelId}>
            <CardContent>
              <Typography id={platformsLabelId} variant="h6" component="h2" sx={{ mb: 2 }}>
                Platforms
              </Typography>
              <ToggleButtonGroup
                value={platforms}
                onChange={(_event, value: string[]) =>
                  setPlatforms(PLATFORMS.filter((p) => value.filter(isPlatform).includes(p)))
                }
                aria-labelledby={platformsLabelId}
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

          <PublishTimeSection
            mode={publishMode}
            onModeChange={setPublishMode}
            date={date}
            time={time}
            onDateChange={setDate}
            onTimeChange={setTime}
          />
        </Stack>
      </Box>

      <ReviewModal
        open={reviewOpen}
        prompt={aiPost?.prompt ?? promptText}
        content={content}
        platforms={platforms}
        authorName={authorName}
        aiPost={aiPost ?? null}
        onClose={() => setReviewOpen(false)}
        onApproved={(reviewed) => {
          setContent(reviewed);
          setPublishMode('schedule');
          notify('success', composeMessages.approved, null);
        }}
        onRevised={setContent}
      />

      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this post?"
        message={composeMessages.cancelConfirm}
        confirmLabel="Yes, Cancel"
        cancelLabel="Keep Editing"
        destructive
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => navigate('/dashboard')}
      />

      <Dialog
        open={scheduledOpen}
        aria-labelledby={scheduledTitleId}
        aria-describedby={scheduledTextId}
      >
        <DialogTitle id={scheduledTitleId}>Scheduled</DialogTitle>
        <DialogContent>
          <DialogContentText id={scheduledTextId}>{composeMessages.scheduled}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" autoFocus onClick={() => navigate('/calendar')}>
            OK
          </Button>
        </DialogActions>
      </Dialog>

      <NoticeSnackbar notice={notice} onClose={clearNotice} />
    </Box>
  );
}
