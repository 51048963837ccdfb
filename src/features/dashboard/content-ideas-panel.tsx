import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../app/hooks';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { SectionCard } from '../../components/section-card';
import { useFormatters } from '../appearance';
import { selectCurrentUser } from '../auth';
import { ideaLink } from './dashboard-format';
import { SampleChip } from './sample-chip';
import { CONTENT_IDEAS, IDEA_TYPE_LABELS, type IdeaType } from './sample-data';
import { readSavedIdeas, saveIdea } from './saved-ideas';

type IdeaFilter = 'all' | IdeaType;

const FILTERS: { id: IdeaFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'ai-generated', label: 'AI Generated' },
  { id: 'trending', label: 'Trending' },
  { id: 'recommended', label: 'Recommended' },
];

export const IDEA_SAVED = 'Idea saved for later!';

export function ContentIdeasPanel() {
  const [filter, setFilter] = useState<IdeaFilter>('all');
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const [savedIds, setSavedIds] = useState(
    () => new Set(readSavedIdeas(userId).map((idea) => idea.id)),
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const { formatNumber } = useFormatters();
  const ideas = CONTENT_IDEAS.filter((idea) => filter === 'all' || idea.type === filter);

  function handleSave(id: string) {
    const idea = CONTENT_IDEAS.find((candidate) => candidate.id === id);
    if (!idea || !userId) return;
    try {
      setSavedIds(new Set(saveIdea(idea, userId).map((saved) => saved.id)));
      setNotice(makeNotice('success', IDEA_SAVED));
    } catch (error) {
      console.error('The idea could not be saved:', error);
      setNotice(makeNotice('error', 'This idea could not be saved on this device.'));
    }
  }

  return (
    <SectionCard title="Content Ideas" action={<SampleChip />}>
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
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {ideas.map((idea) => (
          <Box
            component="li"
            key={idea.id}
            sx={{ py: 1.5, listStyle: 'none', '& + &': { borderTop: 1, borderColor: 'divider' } }}
          >
            <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3">
                  {idea.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {idea.description}
                </Typography>
              </Box>
              <Chip size="small" color="primary" label={`Score ${formatNumber(idea.score)}`} />
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
              <Chip size="small" variant="outlined" label={IDEA_TYPE_LABELS[idea.type]} />
              <Box sx={{ flexGrow: 1 }} />
              <Button
                size="small"
                onClick={() => handleSave(idea.id)}
                aria-label={`Save ${idea.title}`}
              >
                {savedIds.has(idea.id) ? 'Saved' : 'Save'}
              </Button>
              <Button
                size="small"
                variant="outlined"
                component={RouterLink}
                to={ideaLink(idea.title)}
                aria-label={`Create Post: ${idea.title}`}
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
