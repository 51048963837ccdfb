// The page's three charts. @mui/x-charts is imported only here, so it loads with /analytics alone.
import { useTheme } from '@mui/material/styles';
import type { AnalyticsFormat } from './analytics-format';
import { analyticsTexts, postTexts } from './analytics-texts';
import { ChartPanel, DataTable } from './chart-panel';
import { BarChart, LineChart, PieChart } from './lazy-charts';
import type { ContentTypeRow, MetricCard, MetricKey, PlatformRow, TrendPoint } from './types';

const CHART_HEIGHT = 260;

export function TrendChart({
  trend,
  metric,
  metricLabel,
  subtitle,
  fmt,
}: {
  trend: TrendPoint[];
  metric: MetricKey;
  metricLabel: MetricCard['label'];
  subtitle: string;
  fmt: AnalyticsFormat;
}) {
  const theme = useTheme();
  const valueFormatter = (value: number | null) => fmt.metric(metric, value);
  const empty = trend.every((p) => p.current === null && p.previous === null);
  return (
    <ChartPanel
      title={analyticsTexts.trend}
      subtitle={`${metricLabel} · ${subtitle}`}
      empty={empty}
      chart={
        <LineChart
          height={CHART_HEIGHT}
          skipAnimation
          xAxis={[
            {
              scaleType: 'point',
              data: trend.map((p) => p.day),
              valueFormatter: (day: string) => fmt.day(day),
            },
          ]}
          yAxis={[{ width: 48, valueFormatter: (v: number) => fmt.metric(metric, v) }]}
          series={[
            {
              id: 'current',
              label: analyticsTexts.current,
              data: trend.map((p) => p.current),
              color: theme.palette.primary.main,
              showMark: false,
              connectNulls: true,
              valueFormatter,
            },
            {
              id: 'previous',
              label: analyticsTexts.previous,
              data: trend.map((p) => p.previous),
              color: theme.palette.text.secondary,
              showMark: false,
              connectNulls: true,
              valueFormatter,
            },
          ]}
        />
      }
      table={
        <DataTable
          caption={`${analyticsTexts.trend}: ${metricLabel}`}
          columns={[
            analyticsTexts.day,
            analyticsTexts.current,
            analyticsTexts.previousDay,
            analyticsTexts.previous,
          ]}
          rows={trend.map((p) => ({
            key: p.day,
            cells: [
              fmt.day(p.day),
              fmt.metric(metric, p.current),
              fmt.day(p.previousDay),
              fmt.metric(metric, p.previous),
            ],
          }))}
        />
      }
    />
  );
}

export function PlatformChart({ rows, fmt }: { rows: PlatformRow[]; fmt: AnalyticsFormat }) {
  const theme = useTheme();
  return (
    <ChartPanel
      title={analyticsTexts.platforms}
      subtitle={postTexts.interactions}
      empty={rows.length === 0}
      chart={
        <BarChart
          height={CHART_HEIGHT}
          skipAnimation
          hideLegend
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.label) }]}
          yAxis={[{ width: 48 }]}
          series={[
            {
              id: 'interactions',
              label: postTexts.interactions,
              data: rows.map((r) => r.interactions),
              color: theme.palette.primary.main,
              valueFormatter: (v) => fmt.count(v),
            },
          ]}
        />
      }
      table={
        <DataTable
          caption={analyticsTexts.platforms}
          columns={[
            postTexts.platform,
            postTexts.posts,
            postTexts.interactions,
            postTexts.reach,
            postTexts.engagementRate,
          ]}
          rows={rows.map((r) => ({
            key: r.platform,
            cells: [
              r.label,
              fmt.count(r.posts),
              fmt.count(r.interactions),
              fmt.count(r.reach),
              fmt.rate(r.engagementRate),
            ],
          }))}
        />
      }
    />
  );
}

export function ContentTypeChart({ rows, fmt }: { rows: ContentTypeRow[]; fmt: AnalyticsFormat }) {
  const theme = useTheme();
  const colors = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.success.main,
    theme.palette.warning.main,
  ];
  const shown = rows.filter((r) => r.posts > 0 || r.percent > 0);
  return (
    <ChartPanel
      title={analyticsTexts.contentTypes}
      empty={shown.length === 0}
      chart={
        <PieChart
          height={CHART_HEIGHT}
          skipAnimation
          series={[
            {
              innerRadius: '55%',
              outerRadius: '90%',
              paddingAngle: 1,
              data: rows.map((r, i) => ({
                id: r.type,
                value: r.percent,
                label: r.label,
                color: colors[i % colors.length],
              })),
              valueFormatter: (item) => fmt.rate(item.value),
            },
          ]}
        />
      }
      table={
        <DataTable
          caption={analyticsTexts.contentTypes}
          columns={[postTexts.contentType, postTexts.posts, postTexts.share]}
          rows={rows.map((r) => ({
            key: r.type,
            cells: [r.label, fmt.count(r.posts), fmt.rate(r.percent)],
          }))}
        />
      }
    />
  );
}
