// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAnalyticsView, postRowOf } from './analytics-model';
import { accountRow, dailyRow, postRow } from './analytics-test-data';
import { analyticsReport, csvCell, downloadText, exportFileName, postsCsv } from './export';
import { periodsFor } from './period';
import { sampleAnalytics } from './sample-analytics';

function view() {
  const periods = periodsFor('last7', '2026-11-25');
  return buildAnalyticsView({
    range: 'last7',
    metric: 'engagement',
    periods,
    timeZone: 'UTC',
    data: {
      accounts: [accountRow({ collectedAt: '2026-11-25T01:00:00.000Z' })],
      daily: [
        dailyRow({ day: '2026-11-18', followers: 1000, engagements: 8, reach: 200 }),
        dailyRow({ day: '2026-11-25', followers: 1100, engagements: 10, reach: 200 }),
      ],
      posts: [
        postRow({
          id: 'a',
          publishedAt: '2026-11-20T10:00:00.000Z',
          shares: 4,
          comments: 3,
          reactions: 1,
          reach: 10,
        }),
        postRow({
          id: 'b',
          publishedAt: '2026-11-14T10:00:00.000Z',
          shares: 2,
          comments: 0,
          reactions: 1,
          reach: 10,
        }),
      ],
      contents: new Map(),
      targetAccounts: new Map(),
    },
  });
}

describe('analyticsReport', () => {
  it('holds the range, its dates, the time it was made in the user’s zone and the four metrics', () => {
    const report = analyticsReport(view(), new Date('2026-11-25T14:05:00Z'), 'Europe/Paris');
    expect(report).toBe(
      [
        'Postbloom analytics report',
        '',
        'Date range: Last 7 days (Nov 19, 2026 – Nov 25, 2026)',
        'Compared with: Nov 12, 2026 – Nov 18, 2026',
        'Generated: Nov 25, 2026, 3:05 PM (Europe/Paris)',
        'Numbers collected: Nov 25, 2026, 2:00 AM (Europe/Paris)',
        '',
        'Summary',
        'Followers: 1,100 (+10.0% vs previous period)',
        'Engagement Rate: 5.0% (+25.0% vs previous period)',
        'Shares: 4 (+100.0% vs previous period)',
        'Comments: 3 (no previous figure to compare with)',
        '',
        'Posts in the period: 1',
        '',
      ].join('\n'),
    );
  });

  it('says when the figures are the sample', () => {
    const report = analyticsReport(
      sampleAnalytics('last30', 'engagement', '2026-11-25'),
      new Date('2026-11-25T14:05:00Z'),
      'UTC',
    );
    expect(report).toContain('Sample data: connect an account to see your own numbers.');
    expect(report).toContain('Date range: Last 30 days (Oct 27, 2026 – Nov 25, 2026)');
    expect(report).toContain('Followers: 12,847 (+8.2% vs previous period)');
  });
});

describe('postsCsv', () => {
  it('quotes as RFC 4180 asks and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
  });

  it('writes a header and one row per post with every number and the permalink', () => {
    const rows = [
      postRowOf(
        postRow({
          id: 't1',
          publishedAt: '2026-11-20T23:30:00.000Z',
          reactions: 10,
          comments: 2,
          shares: 1,
          clicks: 3,
          reach: 300,
          views: 450,
          contentType: 'video',
          collectedAt: '2026-11-24T06:00:00.000Z',
        }),
        '=cmd|calc, "quoted"\nsecond line',
        'Corner Shop',
      ),
      postRowOf(
        postRow({
          id: 't2',
          publishedAt: '2026-11-21T08:00:00.000Z',
          platform: 'linkedin',
          status: 'unavailable',
          permalink: null,
        }),
        'Hello',
        null,
      ),
    ];
    const csv = postsCsv(rows, 'America/New_York');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Published,Platform,Account,Post,Content type,Reactions,Comments,Shares,Clicks,Reach,Views,Interactions,Engagement rate (%),Status,Permalink,Collected',
    );
    expect(lines[1]).toBe(
      `2026-11-20 18:30,facebook,Corner Shop,"'=cmd|calc, ""quoted""\nsecond line",video,10,2,1,3,300,450,16,5.33,ok,https://www.facebook.com/1/posts/t1,2026-11-24 01:00`,
    );
    expect(lines[2]).toBe(
      '2026-11-21 03:00,linkedin,,Hello,image,,,,,,,,,unavailable,,2026-11-24 20:00',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });
});

describe('downloads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the files by day and hands the text over as a Blob', async () => {
    expect(exportFileName('report', '2026-11-25')).toBe('postbloom-analytics-2026-11-25.txt');
    expect(exportFileName('posts', '2026-11-25')).toBe('postbloom-posts-2026-11-25.csv');
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.href}`);
    });
    downloadText('report.txt', 'hello', 'text/plain;charset=utf-8');
    expect(clicked).toEqual(['report.txt blob:report']);
    expect(await blobs[0]!.text()).toBe('hello');
    expect(blobs[0]!.type).toBe('text/plain;charset=utf-8');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:report');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
