import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { platformLabels } from '../../lib/platforms';
import { SampleChip } from './sample-chip';
import { PERFORMANCE_CARDS, PLATFORM_STATS } from './sample-data';

export function PerformanceOverview() {
  const headingId = useId();
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
                {metric.value}
              </Typography>
              <Typography variant="caption" color="success.main">
                {`${metric.change} vs last month`}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

export function PlatformOverview() {
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
              {`${stats.followers} followers · ${stats.engagement} engagement · ${stats.posts} posts`}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
