import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  aiPostsPanel,
  contentField,
  generateFromPrompt,
  openCreateWithAi,
  useFakeOpenAI,
} from './compose-support';
import { localConfig, signInThroughUi, type TestUser } from './support';

// The review of AI generated posts (spec §2 Review modal, §4 AI post status and Review decisions):
// each decision reaches the server as the post's status, and another device of the user shows it.

const KEY = 'sk-e2e-review-key-0123456789';
const fake = useFakeOpenAI({ apiKey: KEY });

const TO_SCHEDULE = 'Our spring loaves are here: rye, spelt and a honey oat. Taste them today!';
const TO_REVISE = 'Meet our team: ten bakers, two ovens and a lot of flour since 1998.';
const REVISED = 'Meet Ana and Tom, who start at 4 AM so your bread is warm at 7. #team';
const TO_REJECT = 'Did you know bread freezes well? Slice it first, then freeze it for later.';

interface ServerAiPost {
  id: string;
  content: string;
  status: string;
  feedback: string | null;
  scheduled_post_id: string | null;
}

async function serverAiPosts(request: APIRequestContext, user: TestUser) {
  const { url, anonKey } = await localConfig(request);
  const response = await request.get(
    `${url}/rest/v1/ai_generated_posts?select=id,content,status,feedback,scheduled_post_id&order=generated_at.asc`,
    { headers: { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` } },
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ServerAiPost[];
}

/** Generates a post on /create whose text is `content`, and opens its review. */
async function generateAndReview(page: Page, prompt: string, content: string) {
  fake().enqueue({ kind: 'json', post: { content, hashtags: [] } });
  await generateFromPrompt(page, prompt);
  await expect(contentField(page)).toHaveValue(content);
  await page.getByRole('button', { name: 'Review & Edit' }).click();
  const modal = page.getByRole('dialog', { name: 'Review Post' });
  await expect(modal.getByTestId('review-status')).toHaveText('Pending review');
  return modal;
}

/** The dashboard's AI posts list shows the three decisions. */
async function expectDecisionsListed(page: Page) {
  await page.goto('/dashboard');
  const list = aiPostsPanel(page);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const scheduled = list.getByRole('listitem').filter({ hasText: TO_SCHEDULE });
  await expect(scheduled).toContainText('Scheduled');
  await expect(scheduled.getByRole('button', { name: 'Schedule' })).toHaveCount(0);
  const revised = list.getByRole('listitem').filter({ hasText: REVISED });
  await expect(revised).toContainText('Pending review');
  await expect(list).not.toContainText(TO_REVISE);
  await expect(list).not.toContainText(TO_REJECT);
  await expect(list).toContainText('1 post pending review');
}

test('approve and schedule, revise with feedback, reject: on the server and on another device', async ({
  page,
  request,
  browser,
}) => {
  // Three decisions, each checked on the server and on a second device: the longest journey.
  test.slow();
  const user = await openCreateWithAi(page, request, { apiKey: KEY, baseURL: fake().url });

  // Approve & Schedule: approved, then the scheduling dialog; once scheduled, the post is too.
  let modal = await generateAndReview(page, 'New product or feature', TO_SCHEDULE);
  await modal.getByRole('button', { name: 'Approve & Schedule' }).click();
  const scheduleDialog = page.getByRole('dialog', { name: 'Schedule post' });
  await expect(scheduleDialog).toContainText(TO_SCHEDULE);
  // It starts at the time suggested when the post was generated.
  await expect(scheduleDialog.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
  await scheduleDialog.getByRole('button', { name: 'Schedule' }).click();
  const done = page.getByRole('dialog', { name: 'Scheduled' });
  await expect(done).toContainText('Post scheduled successfully!');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/calendar$/);

  // Request Revision: the AI's rewrite comes back for review.
  await page.goto('/create');
  modal = await generateAndReview(page, 'Company culture or team', TO_REVISE);
  fake().enqueue({ kind: 'slow', delayMs: 1500, then: { kind: 'text', text: REVISED } });
  await modal.getByRole('button', { name: 'Request Revision' }).click();
  await modal.getByRole('textbox', { name: 'Feedback for AI' }).fill('Name the bakers');
  await modal.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(modal.getByTestId('review-status')).toHaveText('Needs revision');
  await expect(modal.getByRole('textbox', { name: 'Post content' })).toHaveValue(REVISED);
  await expect(modal.getByTestId('review-status')).toHaveText('Pending review');
  expect(fake().chatBodies().at(-1)!.messages.at(-1)!.content).toContain('Name the bakers');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // Reject with feedback: off the list.
  modal = await generateAndReview(page, 'FAQs', TO_REJECT);
  await modal.getByRole('button', { name: 'Reject' }).click();
  await modal.getByRole('textbox', { name: 'Feedback for AI' }).fill('Not our style');
  await modal.getByRole('button', { name: 'Confirm Reject' }).click();
  await expect(modal).toBeHidden();

  await expectDecisionsListed(page);

  // The server has each decision, the scheduled one tied to its scheduled post.
  await expect
    .poll(async () =>
      (await serverAiPosts(request, user)).map((p) => [p.content, p.status, p.feedback]),
    )
    .toEqual([
      [TO_SCHEDULE, 'scheduled', null],
      [REVISED, 'pending-review', 'Name the bakers'],
      [TO_REJECT, 'rejected', 'Not our style'],
    ]);
  const [scheduledPost] = await serverAiPosts(request, user);
  expect(scheduledPost!.scheduled_post_id).toEqual(expect.any(String));

  // Another device of the same user gets the statuses with its first pull.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInThroughUi(second, user);
  await expectDecisionsListed(second);
  await other.close();
});
