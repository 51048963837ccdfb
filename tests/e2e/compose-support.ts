import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../fixtures/fake-openai';
import {
  createUser,
  layoutShifts,
  localConfig,
  recordLayoutShifts,
  signInThroughUi,
  type TestUser,
} from './support';

/**
 * A fake OpenAI for the tests of this spec file: started once, cleared before each test, closed at
 * the end. Call at the top of the file; the returned function gives the running fake.
 */
export function useFakeOpenAI(options: FakeOpenAIOptions): () => FakeOpenAI {
  let fake: FakeOpenAI | undefined;
  test.beforeAll(async () => {
    fake = await startFakeOpenAI(options);
  });
  test.afterAll(async () => {
    await fake?.close();
  });
  test.beforeEach(() => {
    fake?.reset();
  });
  return () => {
    if (!fake) throw new Error('The fake OpenAI is not running');
    return fake;
  };
}

/**
 * A signed-in user who may use every page. Signed-in users must finish onboarding first, so the
 * account gets its onboarding answers (business name Bloom Bakery) before it signs in.
 */
export async function signInReadyUser(page: Page, request: APIRequestContext): Promise<TestUser> {
  const user = await createUser(request, { onboarded: true });
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  return user;
}

/**
 * Signs a ready user in and opens /create with every layout shift recorded, once the device knows
 * the note that the OpenAI key is missing: it remembers a note it has shown and the pages after show
 * it from their first frame, while before the server's answer is in it comes later and moves what
 * is under it, as on a first visit. Gives the Image Post tab's height and the shifts, after the
 * last card the form reveals.
 */
export async function openCreateRecordingShifts(
  page: Page,
  request: APIRequestContext,
): Promise<{ tabHeight: number; shifts: string[] }> {
  await signInReadyUser(page, request);
  await expect(
    page.getByText('OpenAI API key not configured. Please add your API key in Settings.'),
  ).toBeVisible();
  await recordLayoutShifts(page);
  await page.goto('/create');
  const tabHeight = await page
    .getByRole('tablist', { name: 'Post type' })
    .getByRole('tab', { name: 'Image Post' })
    .evaluate((tab: HTMLElement) => tab.offsetHeight);
  await expect(page.getByRole('heading', { name: 'Publish time' })).toBeVisible();
  return { tabHeight, shifts: await layoutShifts(page) };
}

/** The card titles of Settings › Integrations › AI Assistants, by provider id. */
export const AI_CARD_TITLES = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  grok: 'Grok',
  gemini: 'Gemini',
  custom: 'Custom (OpenAI-compatible)',
} as const;

export type AiCardProvider = keyof typeof AI_CARD_TITLES;

/** Opens Settings › Integrations › AI Assistants and gives the provider's card. */
export async function openAiCard(
  page: Page,
  provider: AiCardProvider = 'chatgpt',
): Promise<Locator> {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await page.getByRole('tab', { name: 'AI Assistants' }).click();
  return page.getByRole('region', { name: AI_CARD_TITLES[provider], exact: true });
}

/**
 * Settings › Integrations › AI Assistants: one provider's card (ChatGPT by default) filled in and
 * saved through the form. Gives the AI Assistants tab panel.
 */
export async function configureAi(
  page: Page,
  settings: {
    apiKey: string;
    baseURL: string;
    provider?: AiCardProvider;
    model?: string;
    keptOnServer?: boolean;
  },
): Promise<Locator> {
  const card = await openAiCard(page, settings.provider);
  await card.getByLabel(/API Key/).fill(settings.apiKey);
  await card.getByLabel('API Base URL').fill(settings.baseURL);
  if (settings.model !== undefined) await card.getByLabel('Model').fill(settings.model);
  if (settings.keptOnServer) {
    await card.getByRole('radio', { name: 'Keep my key on the server' }).check();
  }
  await card.getByRole('button', { name: 'Save & Test Connection' }).click();
  return page.getByRole('tabpanel', { name: 'AI Assistants' });
}

/**
 * A ready user whose ChatGPT connection (to the fake OpenAI at `ai.baseURL`) tested fine, left
 * on /create.
 */
export async function openCreateWithAi(
  page: Page,
  request: APIRequestContext,
  ai: { apiKey: string; baseURL: string },
): Promise<TestUser> {
  const user = await signInReadyUser(page, request);
  const panel = await configureAi(page, ai);
  await expect(
    panel.getByText('Connection successful! You can now generate posts with ChatGPT.'),
  ).toBeVisible();
  await page.goto('/create');
  return user;
}

/** On /create: picks the preset whose label is exactly `label` in the Content prompt select. */
export async function choosePrompt(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Content prompt' }).selectOption({ label });
}

/** On /create: picks the preset and presses Generate with ChatGPT. */
export async function generateFromPrompt(page: Page, label: string): Promise<void> {
  await choosePrompt(page, label);
  await page.getByRole('button', { name: 'Generate with ChatGPT' }).click();
}

export interface ServerDraft {
  id: string;
  content: string;
  platforms: string[];
  post_type: string;
  ai_prompt: string | null;
  ai_provider: string | null;
  conflict_of: string | null;
  deleted_at: string | null;
}

/** The user's post_drafts rows as the server holds them, deleted ones included. */
export async function serverDrafts(
  request: APIRequestContext,
  user: TestUser,
): Promise<ServerDraft[]> {
  const { url, anonKey } = await localConfig(request);
  const response = await request.get(
    `${url}/rest/v1/post_drafts?select=id,content,platforms,post_type,ai_prompt,ai_provider,conflict_of,deleted_at&order=created_at.asc`,
    { headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` } },
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ServerDraft[];
}

/** Rows the user still has (not deleted). */
export async function liveServerDrafts(
  request: APIRequestContext,
  user: TestUser,
): Promise<ServerDraft[]> {
  return (await serverDrafts(request, user)).filter((row) => row.deleted_at === null);
}

/** Inserts a draft straight into the server, as another device of the user would have. */
export async function insertServerDraft(
  request: APIRequestContext,
  user: TestUser,
  row: Partial<ServerDraft> & { content: string },
): Promise<ServerDraft> {
  const { url, anonKey } = await localConfig(request);
  const response = await request.post(`${url}/rest/v1/post_drafts`, {
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${user.accessToken}`,
      Prefer: 'return=representation',
      Accept: 'application/vnd.pgrst.object+json',
    },
    data: { platforms: ['facebook'], post_type: 'text', ...row },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ServerDraft;
}

/** The drafts panel of the dashboard. */
export function draftsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Drafts' });
}

/**
 * The AI Provider panel of the dashboard. Settings has a Test Connection button too: going through
 * the panel waits for the dashboard, rather than pressing the old page's button mid-navigation.
 */
export function aiProviderPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'AI Provider' });
}

export function aiPostsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'AI Generated Posts' });
}

/** The notice at the bottom of the screen (the app's replacement for alert()). */
export function notice(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

export function contentField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Post content' });
}
