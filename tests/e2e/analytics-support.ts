import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FAKE_FACEBOOK_APP } from '../support/fake-social/types';
import { fakePageDay, fakePostNumbers, type FakePageDay } from '../support/fake-social/metrics';
import { localConfig, type TestUser } from './support';

/** Rows of a table as the user reads them through the REST API. */
export async function serverRows<T>(
  request: APIRequestContext,
  user: TestUser,
  query: string,
): Promise<T[]> {
  const { url, anonKey } = await localConfig(request);
  const res = await request.get(`${url}/rest/v1/${query}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T[];
}

async function openSettingsTab(page: Page, tab: 'Social Credentials' | 'Integrations') {
  await page.goto('/settings');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

/** Saves the fake Facebook app's credentials and connects its three Pages through the popup. */
export async function connectFacebook(page: Page): Promise<void> {
  await openSettingsTab(page, 'Social Credentials');
  const form = page
    .getByRole('tabpanel', { name: 'Social Credentials' })
    .getByRole('region', { name: 'Facebook', exact: true });
  await form.getByLabel('App ID', { exact: true }).fill(FAKE_FACEBOOK_APP.id);
  await form.getByLabel('App Secret', { exact: true }).fill(FAKE_FACEBOOK_APP.secret);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Facebook credentials saved successfully!')).toBeVisible();

  await openSettingsTab(page, 'Integrations');
  await page.getByRole('tab', { name: 'Social Media Platforms' }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Facebook' }).click();
  const popup = await popupOpened;
  // Listening before the click: the popup may close before the click's promise settles.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
  await expect(page.getByText('Successfully connected 3 Facebook page(s)!')).toBeVisible();
}

export interface ConnectedAccount {
  id: string;
  platform_account_id: string;
  account_name: string;
}

export function facebookAccounts(request: APIRequestContext, user: TestUser) {
  return serverRows<ConnectedAccount>(
    request,
    user,
    'social_media_accounts?select=id,platform_account_id,account_name&platform=eq.facebook&order=platform_account_id',
  );
}

export interface PublishedTarget {
  id: string;
  post_id: string;
  account_id: string;
  account_name: string;
  remote_id: string;
  permalink: string;
  published_at: string;
  content: string;
}

/**
 * Schedules posts for now through the sync API (the same push the app makes; the compose page has
 * its own tests) and waits until the publisher has sent each to the fake Facebook.
 */
export async function publishNow(
  request: APIRequestContext,
  user: TestUser,
  posts: { content: string; account: ConnectedAccount }[],
): Promise<PublishedTarget[]> {
  const { url, anonKey } = await localConfig(request);
  const ids = posts.map(() => randomUUID());
  const now = new Date().toISOString();
  const res = await request.post(`${url}/rest/v1/rpc/sync_push`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` },
    data: {
      mutations: posts.map((p, i) => ({
        mutation_id: randomUUID(),
        entity: 'scheduled_posts',
        op: 'upsert',
        id: ids[i],
        base_version: null,
        data: {
          content: p.content,
          platforms: ['facebook'],
          account_ids: [p.account.id],
          scheduled_for: now,
          publish_mode: 'now',
          time_rule: null,
          draft_id: null,
        },
      })),
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const applied = (await res.json()) as { status: string }[];
  expect(applied.map((r) => r.status)).toEqual(posts.map(() => 'applied'));

  type Row = Omit<PublishedTarget, 'content'> & { status: string };
  const query = `publish_targets?select=id,post_id,account_id,account_name,remote_id,permalink,published_at,status&post_id=in.(${ids.join(',')})`;
  let rows: Row[] = [];
  await expect
    .poll(
      async () => {
        rows = await serverRows<Row>(request, user, query);
        return rows.map((r) => r.status);
      },
      { timeout: 30_000 },
    )
    .toEqual(posts.map(() => 'published'));
  return posts.map((p, i) => {
    const row = rows.find((r) => r.post_id === ids[i])!;
    return {
      id: row.id,
      post_id: row.post_id,
      account_id: row.account_id,
      account_name: row.account_name,
      remote_id: row.remote_id,
      permalink: row.permalink,
      published_at: row.published_at,
      content: p.content,
    };
  });
}

/** On /analytics: presses Refresh and waits for the collection and the pull after it. */
export async function refreshNumbers(page: Page): Promise<void> {
  const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
  await refresh.click();
  // Collected, pulled and shown: the sample gives way to the time of the collection.
  await expect(page.getByText(/^Numbers collected /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Sample data', { exact: true })).toHaveCount(0);
  await expect(refresh).toBeEnabled();
}

// ---- Expected figures, from the fake's own number functions --------------------------------------

export const en = {
  count: (n: number) => new Intl.NumberFormat('en-US').format(n),
  /** A rate already in percent, as the page shows it (one decimal at most). */
  rate: (percent: number) =>
    new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(
      percent / 100,
    ),
  /** YYYY-MM-DD as the chart tables show a day: "Nov 24". */
  day: (day: string) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    ),
};

/** YYYY-MM-DD `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface DailyRow {
  account_id: string;
  day: string;
  followers: number | null;
  follows: number | null;
  views: number | null;
  reach: number | null;
  engagements: number | null;
}

/** A row the page insights covered (the fake serves them up to yesterday, UTC). */
export type FullDailyRow = DailyRow & FakePageDay;

export const hasInsights = (r: DailyRow): r is FullDailyRow => r.reach !== null;

/** The collector's daily rows of the user, checked against what the fake served for each. */
export async function collectedDays(
  request: APIRequestContext,
  user: TestUser,
  accounts: ConnectedAccount[],
): Promise<DailyRow[]> {
  const rows = await serverRows<DailyRow>(
    request,
    user,
    'analytics_daily?select=account_id,day,followers,follows,views,reach,engagements&order=day',
  );
  expect(rows.length, 'the collection stored daily page numbers').toBeGreaterThan(0);
  for (const row of rows) {
    const page = accounts.find((a) => a.id === row.account_id);
    expect(page, `daily row of an account of the user: ${row.account_id}`).toBeTruthy();
    const { account_id: _a, day: _d, ...numbers } = row;
    const fake = fakePageDay(page!.platform_account_id, row.day);
    // Today has no insights yet: its row holds the page's follower count alone.
    expect(numbers, `${page!.account_name} on ${row.day}`).toEqual(
      row.day === new Date().toISOString().slice(0, 10)
        ? { followers: fake.followers, follows: null, views: null, reach: null, engagements: null }
        : fake,
    );
  }
  return rows;
}

export interface PostFigures {
  target: PublishedTarget;
  reactions: number;
  comments: number;
  shares: number;
  clicks: number;
  reach: number;
  interactions: number;
  rate: number;
}

/** Each published post's numbers as the fake gives them, highest engagement rate first. */
export function postFigures(targets: PublishedTarget[]): PostFigures[] {
  return targets
    .map((target) => {
      const n = fakePostNumbers(target.remote_id);
      const interactions = n.reactions + n.comments + n.shares + n.clicks;
      return { target, ...n, interactions, rate: (interactions / n.reach) * 100 };
    })
    .sort((a, b) => b.rate - a.rate);
}

/** The row of a chart's table view whose first cell is `first`. */
export function tableRow(table: Locator, first: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: first, exact: true }) });
}

/** Turns a chart panel's "Show as table" switch on and returns its table. */
export async function showAsTable(page: Page, panel: string): Promise<Locator> {
  const region = page.getByRole('region', { name: panel, exact: true });
  await region.getByLabel('Show as table').check();
  const table = region.getByRole('table');
  await expect(table).toBeVisible();
  return table;
}

/** A row's cells as the user reads them. */
export async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').or(row.getByRole('rowheader')).allInnerTexts()).map((t) =>
    t.trim(),
  );
}
