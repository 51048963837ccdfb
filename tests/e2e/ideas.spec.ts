import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { configureAi, notice, signInReadyUser, useFakeOpenAI } from './compose-support';
import { horizontalOverflow, localConfig, signInThroughUi, type TestUser } from './support';

const KEY = 'sk-e2e-ideas-key-0123456789';

const IDEAS_REPLY = JSON.stringify({
  ideas: [
    {
      title: 'Pumpkin loaf week',
      description: 'A seasonal loaf a day.',
      type: 'trending',
      score: 93,
    },
    {
      title: 'Meet the bakers',
      description: 'The faces behind the bread.',
      type: 'recommended',
      score: 87,
    },
    {
      title: 'Crumb close-ups',
      description: 'The crumb, up close.',
      type: 'ai-generated',
      score: 81,
    },
    { title: 'Dance challenge', description: 'Not for us.', type: 'viral', score: 99 },
    {
      title: 'Sourdough class',
      description: 'Teach a Saturday class.',
      type: 'ai-generated',
      score: 75,
    },
  ],
});
const GENERATED = ['Pumpkin loaf week', 'Meet the bakers', 'Crumb close-ups', 'Sourdough class'];

const fakeOpenAI = useFakeOpenAI({ apiKey: KEY });

function ideasPanel(page: Page) {
  return page.getByRole('region', { name: 'Content Ideas' });
}

async function titles(page: Page): Promise<string[]> {
  return ideasPanel(page).getByRole('listitem').getByRole('heading').allTextContents();
}

interface ServerIdea {
  title: string;
  saved: boolean;
  deleted_at: string | null;
}

async function serverIdeas(request: APIRequestContext, user: TestUser): Promise<ServerIdea[]> {
  const { url, anonKey } = await localConfig(request);
  const response = await request.get(
    `${url}/rest/v1/content_ideas?select=title,saved,deleted_at&order=score.desc`,
    { headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` } },
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ServerIdea[];
}

test('generate ideas, save one, find it under Saved after a reload and on another device', async ({
  page,
  browser,
  request,
}) => {
  const fake = fakeOpenAI();
  const user = await signInReadyUser(page, request);
  const settings = await configureAi(page, { apiKey: KEY, baseURL: fake.url });
  await expect(settings.getByText('Connection successful!', { exact: false })).toBeVisible();
  fake.enqueue({ kind: 'text', text: IDEAS_REPLY });

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const ideas = ideasPanel(page);
  await expect(ideas.getByText('Sample data')).toBeVisible();
  await ideas.getByRole('button', { name: 'Generate Ideas' }).click();
  await expect.poll(() => titles(page)).toEqual(GENERATED);
  await expect(ideas.getByText('Sample data')).toHaveCount(0);
  await expect(ideas.getByRole('listitem').first()).toContainText('Score 93');
  // One request, shaped by the business profile.
  const bodies = fake.chatBodies();
  expect(bodies.at(-1)?.messages.at(-1)?.content).toContain('Bloom Bakery');

  await ideas.getByRole('tab', { name: 'Recommended' }).click();
  await expect.poll(() => titles(page)).toEqual(['Meet the bakers']);
  await ideas.getByRole('button', { name: 'Save Meet the bakers' }).click();
  await expect(notice(page, 'Idea saved for later!')).toBeVisible();
  await expect(ideas.getByRole('button', { name: 'Save Meet the bakers' })).toHaveText('Saved');
  await ideas.getByRole('tab', { name: 'Saved' }).click();
  await expect.poll(() => titles(page)).toEqual(['Meet the bakers']);

  await expect
    .poll(async () => (await serverIdeas(request, user)).filter((i) => i.saved).map((i) => i.title))
    .toEqual(['Meet the bakers']);
  expect((await serverIdeas(request, user)).map((i) => i.title)).toEqual(GENERATED);

  await page.reload();
  await ideas.getByRole('tab', { name: 'Saved' }).click();
  await expect.poll(() => titles(page)).toEqual(['Meet the bakers']);
  await ideas.getByRole('tab', { name: 'All' }).click();
  await expect.poll(() => titles(page)).toEqual(GENERATED);
  await expect(ideas.getByRole('button', { name: 'Save Meet the bakers' })).toHaveText('Saved');

  // Another device of the same user, without an AI key there: the ideas come with the account.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInThroughUi(second, user);
  const secondIdeas = ideasPanel(second);
  await secondIdeas.getByRole('tab', { name: 'Saved' }).click();
  await expect.poll(() => titles(second)).toEqual(['Meet the bakers']);
  await secondIdeas.getByRole('tab', { name: 'All' }).click();
  await expect.poll(() => titles(second)).toEqual(GENERATED);
  await expect(secondIdeas.getByRole('button', { name: 'Generate Ideas' })).toHaveCount(0);
  await expect(secondIdeas).toContainText(
    'To generate new ideas, add your OpenAI API key in Settings.',
  );
  await expect(secondIdeas.getByText('Sample data')).toHaveCount(0);

  // Unsaved on the second device, it leaves Saved on the first once that one pulls (on focus).
  await secondIdeas.getByRole('tab', { name: 'Saved' }).click();
  await secondIdeas
    .getByRole('button', { name: 'Remove Meet the bakers from saved ideas' })
    .click();
  await expect(secondIdeas.getByText('No saved ideas yet.', { exact: false })).toBeVisible();
  await expect
    .poll(async () => (await serverIdeas(request, user)).filter((i) => i.saved).length)
    .toBe(0);
  await other.close();

  await page.reload();
  await ideas.getByRole('tab', { name: 'Saved' }).click();
  await expect(ideas.getByText('No saved ideas yet.', { exact: false })).toBeVisible();
});

test('without a key the sample ideas stay, labelled, and saving one keeps it for the account', async ({
  page,
  browser,
  request,
}) => {
  const user = await signInReadyUser(page, request);
  const ideas = ideasPanel(page);
  await expect(ideas.getByText('Sample data')).toBeVisible();
  await expect(ideas.getByRole('button', { name: 'Generate Ideas' })).toHaveCount(0);
  await expect(ideas).toContainText('These are sample ideas.');
  await ideas.getByRole('button', { name: 'Save Quick how-to tip' }).click();
  await expect(notice(page, 'Idea saved for later!')).toBeVisible();
  await expect
    .poll(async () => (await serverIdeas(request, user)).map((i) => [i.title, i.saved]))
    .toEqual([['Quick how-to tip', true]]);
  expect(await page.evaluate(() => localStorage.getItem('saved_idea'))).toBeNull();

  const other = await browser.newContext();
  const second = await other.newPage();
  await signInThroughUi(second, user);
  await expect(
    ideasPanel(second).getByRole('button', { name: 'Save Quick how-to tip' }),
  ).toHaveText('Saved');
  await ideasPanel(second).getByRole('tab', { name: 'Saved' }).click();
  await expect.poll(() => titles(second)).toEqual(['Quick how-to tip']);
  await other.close();
});

test('the ideas panel fits a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInReadyUser(page, request);
  const ideas = ideasPanel(page);
  await ideas.getByRole('tab', { name: 'Saved' }).click();
  await expect(ideas.getByText('No saved ideas yet.', { exact: false })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
