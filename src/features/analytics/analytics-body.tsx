import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { Spinner } from '../../components/spinner';
import { useStagedReveal } from '../../lib/use-staged-reveal';
import { useFormatters } from '../appearance';
import { ExportMenu, RefreshButton, RefreshProgress, type ExportKind } from './analytics-actions';
import { ContentTypeChart, PlatformChart, TrendChart } from './analytics-charts';
import { analyticsFormat } from './analytics-format';
import { AccountNotes, CollectedLine, SampleNotice } from './analytics-status';
import { analyticsTexts } from './analytics-texts';
import { InsightCards } from './insight-cards';
import { MetricCards } from './metric-cards';
import { rangeLabel } from './period';
import { PostDetailsDialog, PostsTable } from './analytics-parts';
import { RangeSelector } from './range-selector';
import type { AnalyticsView, MetricKey, Period, PostRow, RangeKey } from './types';

/** How many of the period's best posts the Top posts table holds. */
export const TOP_POSTS = 10;

export interface AnalyticsBodyProps {
  view: AnalyticsView;
  custom: Period;
  customError: string | null;
  online: boolean;
  refresh: { running: boolean; progress: { done: number; total: number } | null };
  canApply: boolean;
  onRangeChange: (range: RangeKey) => void;
  onCustomChange: (period: Period) => void;
  onMetricChange: (metric: MetricKey) => void;
  onRefresh: () => void;
  onExport: (kind: ExportKind) => void;
  onApply: () => Promise<void>;
}

/** The analytics page below its title: what the view holds, and the controls that change it. */
export function AnalyticsBody({
  view,
  custom,
  customError,
  online,
  refresh,
  canApply,
  onRangeChange,
  onCustomChange,
  onMetricChange,
  onRefresh,
  onExport,
  onApply,
}: AnalyticsBodyProps) {
  const formatters = useFormatters();
  const fmt = useMemo(() => analyticsFormat(formatters), [formatters]);
  const [allPosts, setAllPosts] = useState(false);
  const [details, setDetails] = useState<PostRow | null>(null);
  const card = view.cards.find((c) => c.key === view.metric);
  const posts = allPosts ? view.posts : view.posts.slice(0, TOP_POSTS);
  const loading = view.state === 'loading';
  // Once the figures are in: their cards, then the trend chart, the two other charts, the posts
  // and the insights, one commit each, in the order a phone stacks them (see useStagedReveal).
  const shown = useStagedReveal(4, !loading);

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        <RangeSelector
          range={view.range}
          custom={custom}
          error={customError}
          onRangeChange={onRangeChange}
          onCustomChange={onCustomChange}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <ExportMenu onExport={onExport} />
          <RefreshButton online={online} running={refresh.running} onRefresh={onRefresh} />
        </Box>
      </Box>

      {refresh.running && <RefreshProgress progress={refresh.progress} />}
      {view.state === 'sample' && <SampleNotice />}
      {view.state !== 'sample' && (
        <CollectedLine collectedAt={view.collectedAt} online={online} fmt={fmt} />
      )}
      <AccountNotes accounts={view.accounts} fmt={fmt} />

      {loading ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Spinner size={24} label={analyticsTexts.loading} />
          <Typography color="text.secondary">{analyticsTexts.loading}</Typography>
        </Box>
      ) : (
        <>
          <MetricCards
            cards={view.cards}
            selected={view.metric}
            onSelect={onMetricChange}
            fmt={fmt}
          />
          {shown >= 1 && (
            <TrendChart
              trend={view.trend}
              metric={view.metric}
              metricLabel={card?.label ?? 'Engagement Rate'}
              subtitle={analyticsTexts.trendSubtitle(rangeLabel(view.range, view.periods))}
              fmt={fmt}
            />
          )}
          {shown >= 2 && (
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <PlatformChart rows={view.platforms} fmt={fmt} />
              <ContentTypeChart rows={view.contentTypes} fmt={fmt} />
            </Box>
          )}
          {shown >= 3 && (
            <SectionCard
              title={allPosts ? analyticsTexts.allPosts : analyticsTexts.topPosts}
              subtitle={analyticsTexts.shownOf(posts.length, view.totalPosts)}
              sx={{ minWidth: 0 }}
              action={
                view.posts.length > 0 && (
                  <Button
                    size="small"
                    onClick={() => setAllPosts((all) => !all)}
                    sx={{ flexShrink: 0 }}
                  >
                    {allPosts ? analyticsTexts.showTopPosts : analyticsTexts.viewAllPosts}
                  </Button>
                )
              }
            >
              <PostsTable
                // A new list starts on its first page, in its own order.
                key={allPosts ? 'all' : 'top'}
                rows={posts}
                caption={allPosts ? analyticsTexts.allPosts : analyticsTexts.topPosts}
                fmt={fmt}
                onDetails={setDetails}
              />
            </SectionCard>
          )}
          {shown >= 4 && (
            <InsightCards insights={view.insights} canApply={canApply} onApply={onApply} />
          )}
        </>
      )}
      <PostDetailsDialog post={details} fmt={fmt} onClose={() => setDetails(null)} />
    </Stack>
  );
}
