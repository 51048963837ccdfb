import { instantToWallTime } from '../../lib/intl/zoned-time';
import { formatPeriod, rangeLabel } from './period';
import type { AnalyticsView, PostRow } from './types';

// Export: a plain-text report of the summary and a CSV of every post (RFC 4180).

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/** "Nov 25, 2026, 3:05 PM GMT+1" in the user's zone. */
export function formatZoned(iso: string | Date, timeZone: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  let f = zonedFormatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone,
      });
    } catch {
      f = new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      });
    }
    zonedFormatters.set(timeZone, f);
  }
  return f.format(date);
}

/** The text report: the range and its dates, when it was made, and the four summary metrics. */
export function analyticsReport(view: AnalyticsView, now: Date, timeZone: string): string {
  const label = rangeLabel(view.range, view.periods);
  const lines = [
    'Postbloom analytics report',
    '',
    `Date range: ${label} (${formatPeriod(view.periods.current)})`,
    `Compared with: ${formatPeriod(view.periods.previous)}`,
    `Generated: ${formatZoned(now, timeZone)} (${timeZone})`,
  ];
  if (view.collectedAt)
    lines.push(`Numbers collected: ${formatZoned(view.collectedAt, timeZone)} (${timeZone})`);
  if (view.state === 'sample')
    lines.push('Sample data: connect an account to see your own numbers.');
  lines.push('', 'Summary');
  for (const card of view.cards) {
    const change =
      card.change === null
        ? 'no previous figure to compare with'
        : `${card.changeDisplay} vs previous period`;
    lines.push(`${card.label}: ${card.display} (${change})`);
  }
  lines.push('', `Posts in the period: ${view.totalPosts}`);
  return `${lines.join('\n')}\n`;
}

/** A spreadsheet would run a cell starting with these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula-safe, and quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const POSTS_CSV_HEADER = [
  'Published',
  'Platform',
  'Account',
  'Post',
  'Content type',
  'Reactions',
  'Comments',
  'Shares',
  'Clicks',
  'Reach',
  'Views',
  'Interactions',
  'Engagement rate (%)',
  'Status',
  'Permalink',
  'Collected',
] as const;

function localTime(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  const wall = instantToWallTime(iso, timeZone);
  return wall ? `${wall.date} ${wall.time}` : null;
}

/** Every post with its numbers, one row each; times in the user's zone (YYYY-MM-DD HH:MM). */
export function postsCsv(rows: readonly PostRow[], timeZone: string): string {
  const lines = [POSTS_CSV_HEADER.map(csvCell).join(',')];
  for (const r of rows) {
    lines.push(
      [
        localTime(r.publishedAt, timeZone),
        r.platform,
        r.accountName,
        r.content,
        r.contentType,
        r.reactions,
        r.comments,
        r.shares,
        r.clicks,
        r.reach,
        r.views,
        r.interactions,
        r.engagementRate === null ? null : Math.round(r.engagementRate * 100) / 100,
        r.status,
        r.permalink,
        localTime(r.collectedAt, timeZone),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  // RFC 4180: CRLF after every record.
  return `${lines.join('\r\n')}\r\n`;
}

/** The export's file names: postbloom-analytics-2026-11-25.txt, postbloom-posts-2026-11-25.csv. */
export function exportFileName(kind: 'report' | 'posts', today: string): string {
  return kind === 'report' ? `postbloom-analytics-${today}.txt` : `postbloom-posts-${today}.csv`;
}

/** Hands a text to the browser as a download. */
export function downloadText(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
