import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { SectionCard } from '../../components/section-card';
import { analyticsTexts } from './analytics-texts';
import type { Insight } from './types';

/** What the numbers suggest, and a button that makes the best posting time the user's default. */
export function InsightCards({
  insights,
  canApply,
  onApply,
}: {
  insights: Insight[];
  canApply: boolean;
  /** The page shows the outcome in its snackbar. */
  onApply: () => Promise<void>;
}) {
  const reasonId = useId();
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    try {
      await onApply();
    } finally {
      setBusy(false);
    }
  };
  return (
    <SectionCard title={analyticsTexts.insights} sx={{ minWidth: 0 }}>
      {insights.length === 0 ? (
        <Typography color="text.secondary">{analyticsTexts.noInsights}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
            mb: 2,
          }}
        >
          {insights.map((insight) => (
            <Card key={insight.id} variant="outlined" component="article">
              <CardContent>
                <Typography
                  variant="subtitle1"
                  component="h3"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                >
                  <AutoAwesome fontSize="small" color="primary" aria-hidden />
                  {insight.title}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {insight.text}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                  {insight.basis}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button
          variant="contained"
          onClick={() => void apply()}
          disabled={!canApply || busy}
          loading={busy}
          aria-describedby={canApply ? undefined : reasonId}
        >
          {analyticsTexts.apply}
        </Button>
        {!canApply && (
          <Typography id={reasonId} variant="body2" color="text.secondary">
            {analyticsTexts.nothingToApply}
          </Typography>
        )}
      </Box>
    </SectionCard>
  );
}
