import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { fakeContentType } from '../support/fake-social/metrics';
import {
  addDays,
  cellTexts,
  collectedDays,
  connectFacebook,
  en,
  facebookAccounts,
  hasInsights,
  postFigures,
  publishNow,
  refreshNumbers,
  serverRows,
  showAsTable,
  tableRow,
  type DailyRow,
} from './analytics-support';
import { signInReadyUser } from './compose-support';
import { goBackOnline, reloadOffline, waitForServiceWorkerControl } from './support';

// The app's server collects only when the page's Refresh asks (playwright.config.ts turns the
// metrics timer off), so what each test sees is what its own Refresh collected from the fake
// Facebook, whose numbers are functions of the page or post id and the day
// (tests/support/fake-social/metrics.ts). Days and times are read in UTC.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const tag = () => randomBytes(4).toString('hex');
const today = () => new Date().toISOString().slice(0, 10);

/** The default range, Last 30 days: today and the 29 days before, and the 30 days before those. */
function last30() {
  const to = today();
  const from = addDays(to, -29);
  return { current: { from, to }, previous: { from: addDays(from, -30), to: addDays(from, -1) } };
}

const inPeriod = (day: string, p: { from: string; to: string }) => day >= p.from && day <= p.to;

/** Σ page engagements / Σ page reach × 100 over the rows the insights covered (in percent). */
function pageRate(rows: DailyRow[]): number {
  const full = rows.filter(hasInsights);
  expect(full.length, 'days with page insights').toBeGreaterThan(0);
  const reach = full.reduce((s, r) => s + r.reach, 0);
  return (full.reduce((s, r) => s + r.engagements, 0) / reach) * 100;
}

/** The followers card: each account's followers on its last day up to `end`, added up. */
function followersAt(rows: DailyRow[], end: string): number {
  const last = new Map<string, number>();
  for (const r of rows)
    if (r.day <= end && r.followers !== null) last.set(r.account_id, r.followers);
  return [...last.values()].reduce((s, n) => s + n, 0);
}

function card(page: Page, label: string): Locator {
  return page
    .getByRole('group', { name: 'Metrics' })
    .getByRole('button')
    .filter({ hasText: label });
}

function collectedLine(time: string): string {
  const at = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(time));
  return `Numbers collected ${at}`;
}

async function newestCollectedAt(
  request: Parameters<typeof serverRows>[0],
  user: Parameters<typeof serverRows>[1],
) {
  const rows = await serverRows<{ collected_at: string | null }>(
    request,
    user,
    'analytics_accounts?select=collected_at&order=collected_at.desc.nullslast',
  );
  expect(rows[0]?.collected_at, 'the refresh recorded when it collected').toBeTruthy();
  return rows[0]!.collected_at!;
}

async function downloaded(page: Page, item: 'Text report' | 'Posts (CSV)'): Promise<Download> {
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  return download;
}

/** Fields of a CSV line (RFC 4180 quotes). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

test('Refresh collects the Pages’ numbers: cards, charts as tables, top posts, details, exports, and offline', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signInReadyUser(page, request);
  await connectFacebook(page);
  const accounts = await facebookAccounts(request, user);
  expect(accounts.map((a) => a.account_name)).toEqual([
    'Bloom Bakery',
    'Bloom Florist',
    'Bloom Coffee Bar',
  ]);
  const t = tag();
  // Four posts: the content type shares are then whole quarters.
  const targets = await publishNow(request, user, [
    { content: `Sourdough Saturday is back #${t}`, account: accounts[0]! },
    { content: `Peonies in every colour this week #${t}`, account: accounts[1]! },
    { content: `Our new cold brew, on tap from today #${t}`, account: accounts[2]! },
    { content: `Meet Ana, who bakes our rye at 4 am #${t}`, account: accounts[0]! },
  ]);

  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await refreshNumbers(page);

  const periods = last30();
  const days = await collectedDays(request, user, accounts);
  const collected = collectedLine(await newestCollectedAt(request, user));
  const current = days.filter((r) => inPeriod(r.day, periods.current));
  const previous = days.filter((r) => inPeriod(r.day, periods.previous));
  expect(current.length, 'page numbers for this period').toBeGreaterThan(0);
  const posts = postFigures(targets);
  const sum = (key: 'shares' | 'comments' | 'interactions' | 'reach') =>
    posts.reduce((s, p) => s + p[key], 0);

  await test.step('the four cards', async () => {
    await expect(card(page, 'Engagement Rate')).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, 'Followers')).toContainText(
      en.count(followersAt(days, periods.current.to)),
    );
    await expect(card(page, 'Engagement Rate')).toContainText(en.rate(pageRate(current)));
    await expect(card(page, 'Shares')).toContainText(en.count(sum('shares')));
    await expect(card(page, 'Comments')).toContainText(en.count(sum('comments')));
    await expect(page.getByText(collected)).toBeVisible();
  });

  await test.step('the trend chart, as a table', async () => {
    const region = page.getByRole('region', { name: 'Performance trend' });
    await expect(region).toContainText('Last 30 days vs previous period');
    // The chart is drawn before it is switched to its table.
    await expect(region.locator('svg path').first()).toBeAttached();
    const table = await showAsTable(page, 'Performance trend');
    // A header row and one row per day of the period.
    await expect(table.getByRole('row')).toHaveCount(31);
    // The newest day the insights covered (yesterday), and today, which has none yet.
    const day = current.filter(hasInsights).at(-1)!.day;
    expect(await cellTexts(tableRow(table, en.day(today())))).toEqual([
      en.day(today()),
      '—',
      en.day(addDays(today(), -30)),
      en.rate(pageRate(days.filter((r) => r.day === addDays(today(), -30)))),
    ]);
    const before = addDays(day, -30);
    const onDay = (d: string) => pageRate(days.filter((r) => r.day === d));
    expect(await cellTexts(tableRow(table, en.day(day)))).toEqual([
      en.day(day),
      en.rate(onDay(day)),
      en.day(before),
      previous.some((r) => r.day === before) ? en.rate(onDay(before)) : '—',
    ]);
  });

  await test.step('the platform and content type tables', async () => {
    const platforms = await showAsTable(page, 'Platform comparison');
    expect(await cellTexts(tableRow(platforms, 'Facebook'))).toEqual([
      'Facebook',
      en.count(posts.length),
      en.count(sum('interactions')),
      en.count(sum('reach')),
      en.rate((sum('interactions') / sum('reach')) * 100),
    ]);
    const types = await showAsTable(page, 'Content type breakdown');
    const group = (id: string) => {
      const type = fakeContentType(id);
      return type === 'link' ? 'text' : type;
    };
    for (const [type, label] of [
      ['image', 'Images'],
      ['video', 'Videos'],
      ['carousel', 'Carousels'],
      ['text', 'Text only'],
    ] as const) {
      const n = targets.filter((x) => group(x.remote_id) === type).length;
      expect(await cellTexts(tableRow(types, label)), label).toEqual([
        label,
        en.count(n),
        en.rate((n / targets.length) * 100),
      ]);
    }
  });

  await test.step('top posts, highest engagement rate first, and a post’s details', async () => {
    const region = page.getByRole('region', { name: 'Top posts' });
    const rows = region
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'View Details' }) });
    await expect(rows).toHaveCount(posts.length);
    for (const [i, p] of posts.entries()) {
      expect((await cellTexts(rows.nth(i))).slice(0, 5), p.target.content).toEqual([
        p.target.content,
        'Facebook',
        en.rate(p.rate),
        en.count(p.reach),
        en.count(p.interactions),
      ]);
    }
    const top = posts[0]!;
    await rows.first().getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post details' });
    await expect(dialog).toContainText(top.target.content);
    const term = (name: string) =>
      dialog
        .locator('dt')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .locator('+ dd');
    await expect(term('Platform')).toHaveText('Facebook');
    await expect(term('Account')).toHaveText(top.target.account_name);
    await expect(term('Reactions')).toHaveText(en.count(top.reactions));
    await expect(term('Comments')).toHaveText(en.count(top.comments));
    await expect(term('Shares')).toHaveText(en.count(top.shares));
    await expect(term('Clicks')).toHaveText(en.count(top.clicks));
    await expect(term('Reach')).toHaveText(en.count(top.reach));
    await expect(term('Interactions')).toHaveText(en.count(top.interactions));
    await expect(term('Engagement rate')).toHaveText(en.rate(top.rate));
    const link = dialog.getByRole('link', { name: 'View post' });
    await expect(link).toHaveAttribute('href', top.target.permalink);
    await expect(link).toHaveAttribute('target', '_blank');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('Export: the text report and the posts CSV', async () => {
    const report = await readFile((await (await downloaded(page, 'Text report')).path())!, 'utf8');
    expect(report).toContain('Last 30 days');
    for (const text of [
      en.count(followersAt(days, periods.current.to)),
      en.rate(pageRate(current)),
      en.count(sum('shares')),
      en.count(sum('comments')),
    ])
      expect(report).toContain(text);

    const csvDownload = await downloaded(page, 'Posts (CSV)');
    expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile((await csvDownload.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((l) => l !== '');
    const header = csvFields(lines[0]!).map((h) => h.toLowerCase());
    const col = (name: string) => {
      const i = header.findIndex((h) => h === name || h.startsWith(`${name} `));
      expect(i, `CSV column ${name} in ${header.join(',')}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    const rows = lines.slice(1).map(csvFields);
    expect(rows).toHaveLength(posts.length);
    for (const p of posts) {
      const row = rows.find((r) => r[col('post')] === p.target.content);
      expect(row, p.target.content).toBeTruthy();
      expect(Number(row![col('reactions')])).toBe(p.reactions);
      expect(Number(row![col('comments')])).toBe(p.comments);
      expect(Number(row![col('shares')])).toBe(p.shares);
      expect(Number(row![col('clicks')])).toBe(p.clicks);
      expect(Number(row![col('reach')])).toBe(p.reach);
      expect(row).toContain(p.target.permalink);
    }
  });

  await test.step('offline: the numbers stay, with when they were collected; Refresh waits', async () => {
    const followers = en.count(followersAt(days, periods.current.to));
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    // A reload offline: the app and its numbers come from this device alone.
    await reloadOffline(page);
    await expect(card(page, 'Followers')).toContainText(followers);
    await expect(card(page, 'Engagement Rate')).toContainText(en.rate(pageRate(current)));
    await expect(
      page
        .getByRole('region', { name: 'Top posts' })
        .getByRole('row')
        .filter({ hasText: posts[0]!.target.content }),
    ).toBeVisible();
    await expect(page.getByText('Sample data', { exact: true })).toHaveCount(0);
    await expect(
      page.getByText(`${collected} You are offline: these are the numbers from then.`),
    ).toBeVisible();
    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    await expect(refresh).toBeDisabled();
    await expect(refresh).toHaveAccessibleDescription(
      'You are offline: numbers can be collected once you are back online.',
    );

    await goBackOnline(page);
    await expect(refresh).toBeEnabled();
    await expect(page.getByText(collected, { exact: true })).toBeVisible();
  });
});

test('without a connected account the page shows sample data and how to connect one', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/analytics');
  await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
  await expect(page.getByText('Connect an account to see your own numbers.')).toBeVisible();
  const connect = page.getByRole('link', { name: 'Connect an account' });
  await expect(connect).toHaveAttribute('href', '/settings?tab=integrations');
  // The spec's sample figures fill the page meanwhile.
  const types = await showAsTable(page, 'Content type breakdown');
  for (const [label, percent] of [
    ['Images', 45],
    ['Videos', 25],
    ['Carousels', 20],
    ['Text only', 10],
  ] as const)
    expect((await cellTexts(tableRow(types, label)))[2]).toBe(en.rate(percent));
  await connect.click();
  await expect(page).toHaveURL(/\/settings\?tab=integrations$/);
  await expect(page.getByRole('tab', { name: 'Integrations', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('the charts far below the first screen are drawn as they are scrolled to, without moving the page', async ({
    page,
    request,
  }) => {
    await signInReadyUser(page, request);
    await page.goto('/analytics');
    // The cards' trend lines are drawn with the figures.
    await expect(page.locator('button[aria-pressed] svg polyline')).toHaveCount(4);
    const types = page.getByRole('region', { name: 'Content type breakdown' });
    await expect(types).toBeAttached();
    await expect(types).not.toBeInViewport();
    // The trend chart, within half a screen of the first, is drawn at once...
    const trend = page.getByRole('region', { name: 'Performance trend' });
    await expect(trend.locator('svg path').first()).toBeAttached();
    // ...to the width of its place, measured before it was drawn.
    const [place, drawn] = await trend.locator('[data-chart-box]').evaluate((box) => [
      Math.floor(box.getBoundingClientRect().width),
      // The chart's drawing (the legend's marks are SVGs too).
      Math.max(...[...box.querySelectorAll('svg')].map((svg) => svg.getBoundingClientRect().width)),
    ]);
    expect(place).toBeGreaterThan(300);
    expect(Math.floor(drawn!)).toBe(place);
    // ...while this one's place is kept, at the chart's height, and nothing is drawn in it yet.
    const before = await types.boundingBox();
    await expect(types.locator('svg')).toHaveCount(0);

    await types.scrollIntoViewIfNeeded();
    await expect(types.locator('svg path').first()).toBeAttached();
    const after = await types.boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    // The same box, only scrolled: the drawn chart took the place held for it.
    expect(after!.height).toBe(before!.height);
    expect(after!.y + scrolled).toBeCloseTo(before!.y, 0);
  });
});

/**
 * A zone whose wall clock reads about 2 PM now, so the posts the test publishes fall in the
 * afternoon posting window whatever the hour the test runs at (Etc/GMT-N is UTC+N).
 */
function afternoonZone(): string {
  const offset = ((((14 - new Date().getUTCHours()) % 24) + 24 + 10) % 24) - 10;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

test.describe('in a zone where it is early afternoon', () => {
  const zone = afternoonZone();
  test.use({ timezoneId: zone });

  test('Apply Recommendations sets the posting times, and the AI optimal time uses them', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await signInReadyUser(page, request);
    await connectFacebook(page);
    const accounts = await facebookAccounts(request, user);
    const t = tag();
    // Five posts: the fewest the best-time insight speaks from.
    const targets = await publishNow(
      request,
      user,
      [0, 1, 2, 0, 1].map((k, i) => ({
        content: `Weekly special number ${i + 1} #${t}`,
        account: accounts[k]!,
      })),
    );
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      hour: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(new Date(targets[0]!.published_at));
    const weekday = wall.find((p) => p.type === 'weekday')!.value;
    const hour = Number(wall.find((p) => p.type === 'hour')!.value);
    expect(hour, `published at ${targets[0]!.published_at}, ${zone}`).toBeGreaterThanOrEqual(12);
    expect(hour).toBeLessThan(18);
    const hourText = `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
    const posts = postFigures(targets);
    const average = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(
      posts.reduce((s, p) => s + p.interactions, 0) / posts.length,
    );
    const fromHistory = `Picked from your own posts: ${weekday}s around ${hourText} did best (average engagement ${average} over ${posts.length} posts`;

    await page.goto('/analytics');
    await refreshNumbers(page);
    const insights = page.getByRole('region', { name: 'AI insights' });
    await expect(insights).toContainText(`${weekday}`);
    await expect(insights).toContainText(hourText);
    await insights.getByRole('button', { name: 'Apply Recommendations' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Preferred posting times set to Afternoon (12 PM-6 PM). AI optimal time now uses them.',
      }),
    ).toBeVisible();
    // Saved as the onboarding answers, on the server too.
    await expect
      .poll(
        async () =>
          (
            await serverRows<{ answers: { preferredPostingTimes?: string[] } | null }>(
              request,
              user,
              'onboarding_data?select=answers',
            )
          )[0]?.answers?.preferredPostingTimes,
      )
      .toEqual(['afternoon']);

    await page.getByRole('link', { name: 'Create Content' }).first().click();
    await page.getByRole('radio', { name: 'AI optimal time' }).check();
    await expect(page.getByText(fromHistory)).toHaveText(
      `${fromHistory}, within your preferred posting times).`,
    );
  });
});
