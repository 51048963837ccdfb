import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import {
  CONTENT_TYPES,
  INDUSTRIES,
  labelOf,
  MAIN_AUDIENCES,
  POSTING_FREQUENCIES,
  PRIMARY_GOALS,
} from './onboarding-options';
import type { ProfileSummaryRow } from './onboarding-record';
import { useFormatters } from '../appearance';

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

/** The saved business profile, with a way to read it again and to change it in the wizard. */
export function ProfileSummary({
  row,
  onRefresh,
  onUpdate,
}: {
  row: ProfileSummaryRow;
  onRefresh: () => void;
  onUpdate: () => void;
}) {
  const { formatDate } = useFormatters();
  const completed = (row.completed_at && formatDate(row.completed_at)) || '—';
  const prefs = row.content_preferences.map((c) => labelOf(CONTENT_TYPES, c)).join(', ');
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
        Business Profile
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 3 }}
      >
        <SummaryItem label="Business Name" value={row.business_name} />
        <SummaryItem label="Business Type" value={labelOf(INDUSTRIES, row.business_type)} />
        <SummaryItem label="Location" value={row.location} />
        <SummaryItem label="Completed" value={completed} />
        <SummaryItem label="Primary Goal" value={labelOf(PRIMARY_GOALS, row.primary_goal)} />
        <SummaryItem label="Target Audience" value={labelOf(MAIN_AUDIENCES, row.target_audience)} />
        <SummaryItem
          label="Posting Frequency"
          value={labelOf(POSTING_FREQUENCIES, row.posting_frequency)}
        />
        <SummaryItem label="Content Preferences" value={prefs || 'None selected'} />
      </Box>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={onRefresh}>
          Refresh
        </Button>
        <Button variant="contained" onClick={onUpdate}>
          Update Profile
        </Button>
      </Stack>
    </Paper>
  );
}
