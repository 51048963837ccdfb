import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { SectionCard } from '../../components/section-card';
import {
  AiError,
  keyName,
  ideasMessages,
  selectAiKeyConfigured,
  selectAiProvider,
  SettingsLinkedText,
  type AiProviderId,
} from '../ai';
import { useFormatters } from '../appearance';
import { selectCurrentUser } from '../auth';
import {
  generateContentIdeas,
  importSavedSampleIdeas,
  isIdeaType,
  loadContentIdeasOnce,
  newestBatch,
  savedIdeas,
  selectAllIdeas,
  selectIdeasUserId,
  setIdeaSaved,
  setSampleIdeaSaved,
  type ContentIdea,
  type SampleIdeaInput,
} from '../ideas';
import { selectSyncOnline } from '../sync';
import { ideaLink } from './dashboard-format';
import { SampleChip } from './sample-chip';
import { CONTENT_IDEAS, IDEA_TYPE_LABELS, type Idea, type IdeaType } from './sample-data';
import { forgetSavedIdeas, readSavedIdeas, type SavedIdea } from './saved-ideas';
import { Spinner } from '../../components/spinner';
import { useAfterFrame } from '../../lib/use-after-frame';

type IdeaFilter = 'all' | IdeaType | 'saved';

const FILTERS: { id: IdeaFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'ai-generated', label: 'AI Generated' },
  { id: 'trending', label: 'Trending' },
  { id: 'recommended', label: 'Recommended' },
  { id: 'saved', label: 'Saved' },
];

export const IDEA_SAVED = 'Idea saved for later!';
export const IDEA_UNSAVED = 'Idea removed from your saved ideas.';
export const IDEA_SAVE_FAILED = 'This idea could not be saved on this device.';
export const GENERATE_IDEAS = 'Generate Ideas';
export const IDEAS_OFFLINE =
  "You're offline. Generating ideas needs an internet connection: try again when you're back online.";
export const IDEAS_NEED_KEY =
  'These are sample ideas. To get ideas for your business, add your OpenAI API key in Settings.';
export const IDEAS_KEY_FOR_NEW = 'To generate new ideas, add your OpenAI API key in Settings.';

/** What the chosen provider still needs, in the words of the texts above. */
function missingSetting(provider: AiProviderId): string {
  const name = keyName(provider);
  return name ? `add your ${name} API key` : 'set up your custom model';
}

/** The note in place of Generate Ideas while the chosen provider is not set up. */
export function ideasNeedKeyText(provider: AiProviderId, showingSamples: boolean): string {
  if (provider === 'chatgpt') return showingSamples ? IDEAS_NEED_KEY : IDEAS_KEY_FOR_NEW;
  return showingSamples
    ? `These are sample ideas. To get ideas for your business, ${missingSetting(provider)} in Settings.`
    : `To generate new ideas, ${missingSetting(provider)} in Settings.`;
}

/** One row of the list: a sample idea or one of the user's, with whether it is saved. */
interface IdeaRow {
  key: string;
  title: string;
  description: string;
  type: IdeaType;
  score: number;
  saved: boolean;
  /** The user's record, when there is one (a saved sample has one too). */
  record: ContentIdea | null;
  sample: Idea | null;
}

function sampleInput(idea: Idea): SampleIdeaInput {
  return { key: idea.id, ...idea };
}

/** A sample saved before ideas were synced, as the sample it was (or as it was stored). */
function legacySample(saved: SavedIdea): SampleIdeaInput {
  const sample = CONTENT_IDEAS.find((idea) => idea.id === saved.id);
  if (sample) return sampleInput(sample);
  return {
    key: saved.id,
    title: saved.title,
    description: typeof saved.description === 'string' ? saved.description : '',
    type: isIdeaType(saved.type) ? saved.type : 'recommended',
    score: typeof saved.score === 'number' ? saved.score : 0,
  };
}

function recordRow(record: ContentIdea): IdeaRow {
  const sample = CONTENT_IDEAS.find((idea) => idea.id === record.sampleKey) ?? null;
  return { key: record.id, ...record, record, sample };
}

export function ContentIdeasPanel() {
  const dispatch = useAppDispatch();
  const [filter, setFilter] = useState<IdeaFilter>('all');
  // The filter tabs measure the page as they mount: after the panel is drawn (see useAfterFrame).
  const tabsShown = useAfterFrame();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const ideasUserId = useAppSelector(selectIdeasUserId);
  const ideas = useAppSelector(selectAllIdeas);
  // The dashboard's AI provider writes the ideas too.
  const provider = useAppSelector(selectAiProvider);
  const keyConfigured = useAppSelector(selectAiKeyConfigured);
  const online = useAppSelector(selectSyncOnline);
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { formatNumber } = useFormatters();
  const ready = userId !== null && ideasUserId === userId;
  const imported = useRef<string | null>(null);

  // The sign-in reads the ideas too; a panel shown first must not wait for it.
  useEffect(() => {
    if (userId && ideasUserId !== userId) {
      dispatch(loadContentIdeasOnce(userId)).catch((failure: unknown) => {
        console.error('The ideas could not be read on this device:', failure);
      });
    }
  }, [dispatch, userId, ideasUserId]);

  // Ideas saved on this device before they were synced become the user's synced ideas, once.
  useEffect(() => {
    if (!ready || imported.current === userId) return;
    imported.current = userId;
    const legacy = readSavedIdeas(userId);
    if (legacy.length === 0) return;
    dispatch(importSavedSampleIdeas(legacy.map(legacySample)))
      .then(() => forgetSavedIdeas(userId))
      .catch((failure: unknown) => {
        // Left in local storage: the next visit tries again.
        console.error('Saved ideas could not be moved to your account:', failure);
      });
  }, [dispatch, ready, userId]);

  const batch = newestBatch(ideas);
  const showingSamples = batch.length === 0;
  const savedSampleKeys = new Set(
    ideas.filter((idea) => idea.saved && idea.sampleKey).map((idea) => idea.sampleKey),
  );
  const allRows: IdeaRow[] = showingSamples
    ? CONTENT_IDEAS.map((idea) => ({
        key: idea.id,
        ...idea,
        saved: savedSampleKeys.has(idea.id),
        record: null,
        sample: idea,
      }))
    : batch.map(recordRow);
  const rows =
    filter === 'saved'
      ? savedIdeas(ideas).map(recordRow)
      : allRows.filter((row) => filter === 'all' || row.type === filter);

  async function handleToggle(row: IdeaRow) {
    if (!ready) return;
    const saved = !row.saved;
    try {
      if (row.record) await dispatch(setIdeaSaved(row.record.id, saved));
      else if (row.sample) await dispatch(setSampleIdeaSaved(sampleInput(row.sample), saved));
      setNotice(makeNotice('success', saved ? IDEA_SAVED : IDEA_UNSAVED));
    } catch (failure) {
      console.error('The idea could not be saved:', failure);
      setNotice(makeNotice('error', IDEA_SAVE_FAILED));
    }
  }

  async function handleGenerate() {
    if (!ready || !online) return;
    setGenerating(true);
    setError(null);
    try {
      await dispatch(generateContentIdeas(undefined, { provider }));
      if (filter === 'saved') setFilter('all');
    } catch (failure) {
      if (!(failure instanceof AiError)) console.error('Ideas could not be generated:', failure);
      setError(failure instanceof AiError ? failure.message : ideasMessages.failed);
    } finally {
      setGenerating(false);
    }
  }

  return (
    <SectionCard title="Content Ideas" action={showingSamples ? <SampleChip /> : undefined}>
      {keyConfigured ? (
        <Box sx={{ mb: 1 }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={generating ? <Spinner size={16} color="inherit" /> : <AutoAwesome />}
            onClick={() => void handleGenerate()}
            disabled={!ready || !online || generating}
          >
            {generating ? 'Generating...' : GENERATE_IDEAS}
          </Button>
          {!online && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {IDEAS_OFFLINE}
            </Typography>
          )}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <SettingsLinkedText text={ideasNeedKeyText(provider, showingSamples)} />
        </Typography>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
          <SettingsLinkedText text={error} />
        </Alert>
      )}
      {tabsShown ? (
        <Tabs
          value={filter}
          onChange={(_event, value: IdeaFilter) => setFilter(value)}
          aria-label="Filter ideas"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 1 }}
        >
          {FILTERS.map((f) => (
            <Tab key={f.id} value={f.id} label={f.label} />
          ))}
        </Tabs>
      ) : (
        // Their room, kept until they come (a tab row is 48 px high).
        <Box sx={{ minHeight: 48, mb: 1 }} />
      )}
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
          {filter === 'saved'
            ? 'No saved ideas yet. Save an idea to find it here again.'
            : 'No ideas of this kind in the latest batch.'}
        </Typography>
      )}
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={row.key}
            sx={{ py: 1.5, listStyle: 'none', '& + &': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {row.title}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {row.description}
                </Typography>
              </Box>
              <Chip size="small" color="primary" label={`Score ${formatNumber(row.score)}`} />
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
              <Chip size="small" variant="outlined" label={IDEA_TYPE_LABELS[row.type]} />
              {filter === 'saved' && row.sample && <SampleChip />}
              <Box sx={{ flexGrow: 1 }} />
              {filter === 'saved' ? (
                <Button
                  size="small"
                  onClick={() => void handleToggle(row)}
                  aria-label={`Remove ${row.title} from saved ideas`}
                >
                  Remove
                </Button>
              ) : (
                <Button
                  size="small"
                  onClick={() => void handleToggle(row)}
                  aria-label={`Save ${row.title}`}
                  aria-pressed={row.saved}
                  disabled={!ready}
                >
                  {row.saved ? 'Saved' : 'Save'}
                </Button>
              )}
              <Button
                size="small"
                variant="outlined"
                component={RouterLink}
                to={ideaLink(row.title)}
                aria-label={`Create Post: ${row.title}`}
              >
                Create Post
              </Button>
            </Stack>
          </Box>
        ))}
      </Box>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </SectionCard>
  );
}
