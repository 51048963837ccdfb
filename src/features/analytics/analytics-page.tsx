import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../app/hooks';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { PageTitle } from '../../components/page-title';
import { useTimeZone } from '../appearance';
import { selectSyncOnline } from '../sync';
import type { ExportKind } from './analytics-actions';
import { AnalyticsBody } from './analytics-body';
import { analyticsTexts } from './analytics-texts';
import { APPLY_TEXTS, useApplyRecommendations } from './apply-recommendations';
import { analyticsReport, downloadText, exportFileName, postsCsv } from './export';
import { periodsFor, todayIn } from './period';
import type { MetricKey, Period, RangeKey } from './types';
import { useAnalytics } from './use-analytics';
import { useRefreshMetrics } from './use-refresh-metrics';

export default function AnalyticsPage() {
  const timeZone = useTimeZone();
  const online = useAppSelector(selectSyncOnline);
  const [range, setRange] = useState<RangeKey>('last30');
  const [metric, setMetric] = useState<MetricKey>('engagement');
  // A custom range starts as the last 30 days, so switching to it changes nothing until edited.
  const [custom, setCustom] = useState<Period>(
    () => periodsFor('last30', todayIn(new Date(), timeZone)).current,
  );
  const view = useAnalytics(range, metric, range === 'custom' ? custom : undefined);
  const refresh = useRefreshMetrics();
  const { apply, canApply } = useApplyRecommendations(view.insights);
  const [notice, setNotice] = useState<Notice | null>(null);

  // A refresh's error is shown once, when it appears.
  const [shownError, setShownError] = useState<string | null>(null);
  if (refresh.error !== shownError) {
    setShownError(refresh.error);
    if (refresh.error) setNotice(makeNotice('error', refresh.error));
  }

  const customError = range === 'custom' ? (view.rangeError ?? null) : null;

  const exportAs = (kind: ExportKind) => {
    const today = todayIn(new Date(), timeZone);
    if (kind === 'report') {
      downloadText(
        exportFileName('report', today),
        analyticsReport(view, new Date(), timeZone),
        'text/plain;charset=utf-8',
      );
    } else {
      downloadText(
        exportFileName('posts', today),
        postsCsv(view.posts, timeZone),
        'text/csv;charset=utf-8',
      );
    }
  };

  const applyRecommendations = async () => {
    const text = await apply(view.insights);
    // The hook answers why nothing changed in place of throwing.
    const refused = (Object.values(APPLY_TEXTS) as unknown[]).includes(text);
    setNotice(makeNotice(refused ? 'warning' : 'success', text));
  };

  return (
    <>
      <PageTitle>Analytics</PageTitle>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {analyticsTexts.title}
      </Typography>
      <AnalyticsBody
        view={view}
        custom={custom}
        customError={customError}
        online={online}
        refresh={refresh}
        // Sample figures are no grounds for changing the user's posting times.
        canApply={canApply && view.state === 'ready'}
        onRangeChange={setRange}
        onCustomChange={setCustom}
        onMetricChange={setMetric}
        onRefresh={() => void refresh.refresh()}
        onExport={exportAs}
        onApply={applyRecommendations}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
