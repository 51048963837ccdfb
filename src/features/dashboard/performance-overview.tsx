import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import type { Formatters } from '../../lib/intl/format';
import { platformLabels } from '../../lib/platforms';
import { useFormatters } from '../appearance';
import { SampleChip } from './sample-chip';
import { PERFORMANCE_CARDS, PLATFORM_STATS, type MetricUnit } from './sample-data';

function formatMetric(format: Formatters, value: number, unit: MetricUnit): string {
  if (unit === 'percent') return format.formatPercent(value);
  return unit === 'compact' ? format.formatCompact(value) : format.formatNumber(value);
}

const SIGNED = { signDisplay: 'exceptZero' } as const;

export function PerformanceOverview() {
  const headingId = useId();
  const format = useFormatters();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          Performance Overview
        </Typography>
        <SampleChip />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {PERFORMANCE_CARDS.map((metric) => (
          <Card key={metric.label} variant="outlined">
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {metric.label}
              </Typography>
              <Typography variant="h5" component="p">
                {formatMetric(format, metric.value, metric.unit)}
              </Typography>
              <Typography variant="caption" color="success.main">
                {`${
                  metric.changeUnit === 'percent'
                    ? format.formatPercent(metric.change, SIGNED)
                    : format.formatNumber(metric.change, SIGNED)
                } vs last month`}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

export function PlatformOverview() {
  const format = useFormatters();
  return (
    <SectionCard title="Platform Overview" action={<SampleChip />}>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {PLATFORM_STATS.map((stats) => (
          <Box
            component="li"
            key={stats.platform}
            sx={{
              py: 1.5,
              listStyle: 'none',
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              '& + &': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1, minWidth: 100 }}>
              {platformLabels[stats.platform]}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${format.formatCompact(stats.followers)} followers · ${format.formatPercent(stats.engagement)} engagement · ${format.formatNumber(stats.posts)} posts`}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
