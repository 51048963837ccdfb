import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_POST, startFakeOpenAI } from '../fixtures/fake-openai';
import {
  aiPostsPanel,
  aiProviderPanel,
  configureAi,
  contentField,
  draftsPanel,
  generateFromPrompt,
  notice,
  openCreateRecordingShifts,
  openCreateWithAi,
  signInReadyUser,
  useFakeOpenAI,
} from './compose-support';
import { horizontalOverflow, PHONE_VIEWPORT } from './support';

const KEY = 'sk-e2e-valid-key-0123456789';
const GENERATED = `${FAKE_POST.content}\n\n${FAKE_POST.hashtags.join(' ')}`;

const fake = useFakeOpenAI({ apiKey: KEY });

function redBox(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function expectRedBox(page: Page, text: string) {
  const box = redBox(page, text);
  await expect(box).toBeVisible();
  await expect(box).toHaveClass(/MuiAlert-\w*[Ee]rror/);
}

function openCreate(page: Page, request: APIRequestContext) {
  return openCreateWithAi(page, request, { apiKey: KEY, baseURL: fake().url });
}

test('generates a post from a preset with the business profile, shows hashtags, preview and prediction', async ({
  page,
  request,
}) => {
  await openCreate(page, request);

  await expect(page.getByRole('heading', { level: 1, name: 'Create New Post' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate with ChatGPT' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Review & Edit' })).toBeDisabled();
  // Facebook and Twitter are on by default.
  await expect(page.getByRole('button', { name: 'Facebook', pressed: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Twitter', pressed: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'LinkedIn', pressed: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Instagram', pressed: false })).toBeVisible();

  await generateFromPrompt(page, 'New product or feature');
  await expect(contentField(page)).toHaveValue(GENERATED);
  await expect(contentField(page)).toHaveAccessibleDescription(`${GENERATED.length} characters`);
  await expect(page.getByText('Predicted engagement: 82%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review & Edit' })).toBeEnabled();

  const body = fake().chatBodies().at(-1)!;
  expect(body.model).toBe('gpt-4');
  const userMessage = body.messages.find((m) => m.role === 'user')!.content;
  expect(userMessage).toContain(
    'Write a social media post about: Announce a new product or feature',
  );
  expect(userMessage).toContain('Platforms: facebook, twitter');
  expect(userMessage).toContain('Maximum length: 280 characters');
  expect(userMessage).toContain('Business name: Bloom Bakery');
  expect(userMessage).toContain('Location: Portland');

  const previews = page.getByRole('article');
  await expect(previews).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'Twitter preview' })).toContainText(
    `${GENERATED.length} / 280 characters`,
  );
  await expect(page.getByRole('article', { name: 'Facebook preview' })).toContainText(
    FAKE_POST.content,
  );

  // The hashtag chips come from the result and go with a key press.
  const hashtags = page.getByRole('group', { name: 'Hashtags' });
  for (const tag of FAKE_POST.hashtags) await expect(hashtags.getByText(tag)).toBeVisible();
  await hashtags.getByRole('button', { name: /#shoplocal/ }).press('Delete');
  await expect(hashtags.getByText('#shoplocal')).toHaveCount(0);
  await expect(contentField(page)).toHaveValue(`${FAKE_POST.content}\n\n#bakery #sourdough`);

  // The generated post is kept for review on the dashboard.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const list = aiPostsPanel(page);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('chatgpt');
  await expect(list).toContainText('Pending review');
  await expect(list).toContainText('Prompt: Announce a new product or feature');
  await expect(list).toContainText('Predicted engagement: 82%');
  await expect(list).toContainText('facebook');
  await expect(list).toContainText('twitter');
  await expect(list).toContainText('1 post pending review');
});

test.describe('with the profile unreadable', () => {
  // Requests the app's service worker passes on can miss page.route(): with none, the blocked
  // read really fails.
  test.use({ serviceWorkers: 'block' });

  test('generation goes on without the business profile when it cannot be read', async ({
    page,
    request,
  }) => {
    await openCreate(page, request);
    await page.route('**/rest/v1/onboarding_data*', (route) => route.abort('connectionrefused'));
    await generateFromPrompt(page, 'FAQs');
    await expect(contentField(page)).toHaveValue(GENERATED);
    const userMessage = fake()
      .chatBodies()
      .at(-1)!
      .messages.find((m) => m.role === 'user')!.content;
    expect(userMessage).toContain('Answer a frequently asked question');
    expect(userMessage).not.toContain('Business profile');
  });
});

test('a missing key is named in the red box, on /create and on the dashboard', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  const missing = 'OpenAI API key not configured. Please add your API key in Settings.';
  // Said under the choice before anything is tried, with Settings as a link…
  await expect(
    aiProviderPanel(page).getByRole('link', { name: 'Settings', exact: true }),
  ).toBeVisible();
  await aiProviderPanel(page).getByRole('button', { name: 'Test Connection' }).click();
  // …and by the test's outcome.
  await expect(aiProviderPanel(page).getByRole('alert').filter({ hasText: missing })).toBeVisible();

  await page.goto('/create');
  await generateFromPrompt(page, 'Industry news');
  await expectRedBox(page, 'OpenAI API key not configured. Please add your API key in Settings.');
  await expect(contentField(page)).toHaveValue('');
  expect(fake().requests).toHaveLength(0);
});

test('an invalid key: the dashboard test names it, generation shows the generic failure', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  const panel = await configureAi(page, { apiKey: 'sk-e2e-wrong-key-000000', baseURL: fake().url });
  await expect(
    panel.getByText('Connection failed. Please check your API key and try again.'),
  ).toBeVisible();
  // The other integrations sub-tab: the platforms' status overview, from this user's real
  // credentials (none saved yet; integrations-settings.test.tsx shows Ready once they are).
  await page.getByRole('tab', { name: 'Social Media Platforms' }).click();
  const social = page.getByRole('tabpanel', { name: 'Social Media Platforms' });
  await expect(social).toContainText('Facebook0 connectedSetup Required');
  await expect(social).toContainText('LinkedIn0 connectedSetup Required');
  await expect(social.getByRole('button', { name: 'Connect Twitter' })).toBeDisabled();
  await expect(social.getByRole('button', { name: 'Connect Instagram' })).toBeDisabled();

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await aiProviderPanel(page).getByRole('button', { name: 'Test Connection' }).click();
  await expect(
    aiProviderPanel(page).getByText(
      'Invalid API key. Please check your OpenAI API key in Settings.',
    ),
  ).toBeVisible();
  await expect(aiProviderPanel(page).getByText('Error', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Create Content' }).first().click();
  await generateFromPrompt(page, 'Educational content');
  await expectRedBox(page, 'Failed to generate post. Please try again.');
  expect(fake().requests.at(-1)!.headers.authorization).toBe('Bearer sk-e2e-wrong-key-000000');
});

test('an unreachable AI service: the dashboard names the address, generic failure on /create', async ({
  page,
  request,
}) => {
  const gone = await startFakeOpenAI({ apiKey: KEY });
  await signInReadyUser(page, request);
  const panel = await configureAi(page, { apiKey: KEY, baseURL: gone.url });
  await expect(
    panel.getByText('Connection successful! You can now generate posts with ChatGPT.'),
  ).toBeVisible();
  await gone.close();

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await aiProviderPanel(page).getByRole('button', { name: 'Test Connection' }).click();
  await expect(
    aiProviderPanel(page).getByText(
      `Could not reach ${gone.url}. Please check your internet connection and the API Base URL in Settings.`,
    ),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Create Content' }).first().click();
  await generateFromPrompt(page, 'Behind-the-scenes');
  await expectRedBox(page, 'Failed to generate post. Please try again.');
});

test('an empty model reply is hidden behind the generic failure; Perplexity needs its key first', async ({
  page,
  request,
}) => {
  await openCreate(page, request);
  fake().enqueue({ kind: 'empty' }, { kind: 'empty' });
  await generateFromPrompt(page, 'Customer success story');
  await expectRedBox(page, 'Failed to generate post. Please try again.');

  const asked = fake().requests.length;
  await page.getByRole('radio', { name: 'Perplexity' }).check();
  const missing = 'Perplexity API key not configured. Please add your API key in Settings.';
  await expect(page.getByText(missing)).toBeVisible();
  await page.getByRole('button', { name: 'Generate with Perplexity' }).click();
  await expectRedBox(page, missing);
  // Nothing went to ChatGPT's address in Perplexity's name.
  expect(fake().requests).toHaveLength(asked);
});

test('Save Draft and Schedule Post show each validation text; scheduling stores nothing', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  const save = page.getByRole('button', { name: 'Save Draft' });
  const schedule = page.getByRole('button', { name: 'Schedule Post' });

  await save.click();
  await expect(notice(page, 'Please add some content before saving.')).toBeVisible();
  await schedule.click();
  await expect(notice(page, 'Please add content before scheduling')).toBeVisible();

  await contentField(page).fill('Too short');
  await page.getByRole('button', { name: 'Facebook' }).click();
  await page.getByRole('button', { name: 'Twitter' }).click();
  await expect(page.getByRole('button', { name: 'Twitter', pressed: false })).toBeVisible();
  await save.click();
  await expect(notice(page, 'Please select at least one platform before saving.')).toBeVisible();
  await schedule.click();
  await expect(notice(page, /^Please select at least one platform$/)).toBeVisible();

  await page.getByRole('button', { name: 'LinkedIn' }).click();
  await save.click();
  await expect(notice(page, 'Post content must be at least 10 characters long.')).toBeVisible();

  await schedule.click();
  const dialog = page.getByRole('dialog', { name: 'Scheduled' });
  await expect(dialog).toContainText('Post scheduled successfully!');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/calendar$/);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(draftsPanel(page)).toContainText('No drafts yet');
});

test('the review modal: revise with feedback, approve, then schedule from the dashboard', async ({
  page,
  request,
}) => {
  await openCreate(page, request);
  await generateFromPrompt(page, 'Company culture or team');
  await expect(contentField(page)).toHaveValue(GENERATED);

  await page.getByRole('button', { name: 'Review & Edit' }).click();
  const modal = page.getByRole('dialog', { name: 'Review Post' });
  await expect(modal).toContainText('Original prompt');
  await expect(modal).toContainText('Show our company culture or introduce our team');
  await expect(modal.getByTestId('review-status')).toHaveText('Pending review');
  await expect(modal.getByRole('textbox', { name: 'Post content' })).toHaveValue(GENERATED);
  await expect(modal).toContainText(`${GENERATED.length} characters`);
  await expect(modal.getByRole('button', { name: 'Enhance with AI' })).toBeEnabled();
  await expect(modal.getByText('Target platforms')).toBeVisible();
  await expect(modal.getByRole('article', { name: 'Facebook preview' })).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Feedback for AI' })).toHaveCount(0);

  fake().enqueue({
    kind: 'text',
    text: 'Meet our bakers! They start at 4 AM so you get warm bread. #team',
  });
  await modal.getByRole('button', { name: 'Request Revision' }).click();
  await modal
    .getByRole('textbox', { name: 'Feedback for AI' })
    .fill('Introduce the bakers instead');
  await modal.getByRole('button', { name: 'Send Feedback' }).click();
  const improved = 'Meet our bakers! They start at 4 AM so you get warm bread. #team';
  await expect(modal.getByRole('textbox', { name: 'Post content' })).toHaveValue(improved);
  // Revised by the AI, the post is back for review.
  await expect(modal.getByTestId('review-status')).toHaveText('Pending review');
  const improveBody = fake().chatBodies().at(-1)!;
  expect(improveBody.max_tokens).toBe(500);
  expect(improveBody.messages.at(-1)!.content).toContain('Introduce the bakers instead');
  expect(improveBody.messages.at(-1)!.content).toContain(FAKE_POST.content);

  await modal.getByRole('textbox', { name: 'Post content' }).fill(`${improved} See you soon!`);
  await modal.getByRole('button', { name: 'Approve & Schedule' }).click();
  // Approving opens scheduling; cancelled here, the post stays approved for later.
  await page
    .getByRole('dialog', { name: 'Schedule post' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(modal).toBeHidden();
  await expect(notice(page, /^Post approved\. Check the date and time/)).toBeVisible();
  await expect(contentField(page)).toHaveValue(`${improved} See you soon!`);
  await expect(page.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
  await expect(page.getByLabel('Date', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Time', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const list = aiPostsPanel(page);
  await expect(list).toContainText('Approved');
  await expect(list).toContainText(`${improved} See you soon!`);
  await expect(list).toContainText('0 posts pending review');
  await list.getByRole('button', { name: 'Schedule' }).click();
  const scheduleDialog = page.getByRole('dialog', { name: 'Schedule post' });
  await scheduleDialog.getByRole('button', { name: 'Schedule' }).click();
  const scheduled = page.getByRole('dialog', { name: 'Scheduled' });
  await expect(scheduled).toContainText('Post scheduled successfully!');
  await scheduled.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
});

test('the review modal: reject from the dashboard Review link', async ({ page, request }) => {
  await openCreate(page, request);
  await generateFromPrompt(page, 'User-generated content');
  await expect(contentField(page)).toHaveValue(GENERATED);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const list = aiPostsPanel(page);
  await expect(list.getByRole('link', { name: 'Schedule' })).toHaveCount(0);
  await list.getByRole('link', { name: 'Review' }).click();

  await expect(page).toHaveURL(/\/create\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('aiContent')).toBe(GENERATED);
  expect(url.searchParams.get('platforms')).toBe('facebook,twitter');
  const modal = page.getByRole('dialog', { name: 'Review Post' });
  await expect(modal).toContainText('Highlight user-generated content from our customers');
  await modal.getByRole('button', { name: 'Reject' }).click();
  await modal.getByRole('textbox', { name: 'Feedback for AI' }).fill('Off brand');
  await modal.getByRole('button', { name: 'Confirm Reject' }).click();
  await expect(modal).toBeHidden();
  await expect(contentField(page)).toHaveValue(GENERATED);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  // A rejected post leaves the list.
  await expect(list).toContainText('No AI generated posts yet.');
  await expect(list).toContainText('0 posts pending review');
  await expect(list.getByRole('link', { name: 'Schedule' })).toHaveCount(0);
});

test('image posts check the chosen file on the device; previews warn over a platform limit', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  await page.getByRole('tab', { name: 'Image Post' }).click();
  await expect(page.getByText('PNG, JPG, GIF up to 10MB')).toBeVisible();
  const input = page.locator('input[type="file"]');

  await input.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg/>'),
  });
  await expect(
    page.getByText(
      'logo.svg is not a PNG, JPG or GIF image. Please choose a PNG, JPG or GIF file.',
    ),
  ).toBeVisible();
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(
    page.getByText('huge.png is larger than 10MB. Please choose an image up to 10MB.'),
  ).toBeVisible();
  await input.setInputFiles({
    name: 'bread.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2048),
  });
  await expect(page.getByText('bread.png (2 KB)')).toBeVisible();
  await expect(page.getByText('huge.png is larger than 10MB.', { exact: false })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Carousel' }).click();
  await expect(page.getByRole('button', { name: 'Choose Images' })).toBeVisible();

  await page.getByRole('button', { name: 'LinkedIn' }).click();
  await contentField(page).fill('x'.repeat(281));
  const twitter = page.getByRole('article', { name: 'Twitter preview' });
  await expect(twitter).toContainText('281 / 280 characters');
  await expect(twitter).toContainText(
    'Too long for Twitter: 1 characters over the 280-character limit.',
  );
  const linkedin = page.getByRole('article', { name: 'LinkedIn preview' });
  await expect(linkedin).toContainText('281 / 3000 characters');
  await expect(linkedin.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Facebook preview' })).toContainText(
    '281 characters',
  );
});

test('Cancel asks first; the publish options, extras and AI recommendation are there', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  await page.goto('/create');
  await expect(page.getByRole('radio', { name: 'Publish now' })).toBeChecked();
  await page.getByRole('radio', { name: 'AI optimal time' }).check();
  // No preferred posting times or results yet: the next midweek morning, and the rule says so.
  await expect(page.getByText(/^(Tuesday|Wednesday|Thursday) 10:30 AM$/)).toBeVisible();
  await expect(page.getByText(/^Picked from general best times/)).toBeVisible();
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  await page.getByLabel('Date', { exact: true }).fill('2031-05-04');
  await page.getByLabel('Time', { exact: true }).fill('08:15');
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('2031-05-04');

  await expect(page.getByRole('checkbox', { name: 'First comment' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Auto-respond to comments' })).toBeChecked();
  const approval = page.getByRole('combobox', { name: 'Approval flow' });
  await expect(approval.getByRole('option')).toHaveText([
    'Skip approval',
    'Manager approval',
    'Team approval',
  ]);
  await approval.selectOption({ label: 'Manager approval' });
  await expect(approval.locator('option:checked')).toHaveText('Manager approval');

  await contentField(page).fill('Something worth keeping');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(
    'Are you sure you want to cancel? Any unsaved changes will be lost.',
  );
  await confirm.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(contentField(page)).toHaveValue('Something worth keeping');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/create opens without moving what it has shown, in its two columns', async ({
  page,
  request,
}) => {
  const { tabHeight, shifts } = await openCreateRecordingShifts(page, request);
  // One line of label here: the tabs' own minimum height.
  expect(tabHeight).toBe(48);
  expect(shifts).toEqual([]);
});

test('works at phone width with the keyboard', async ({ page, request }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  await openCreate(page, request);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Post' })).toBeVisible();
  const overflow = await horizontalOverflow(page);
  expect(overflow).toBeLessThanOrEqual(0);

  const prompt = page.getByRole('combobox', { name: 'Content prompt' });
  // The browser's own list: typing picks the option it starts.
  await prompt.focus();
  await page.keyboard.type('Industry');
  await expect(prompt.locator('option:checked')).toHaveText('Industry news');
  const generate = page.getByRole('button', { name: 'Generate with ChatGPT' });
  await generate.focus();
  await page.keyboard.press('Enter');
  await expect(contentField(page)).toHaveValue(GENERATED);

  await page.getByRole('button', { name: 'Save Draft' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    notice(
      page,
      'Your draft has been saved! You can find it in your drafts folder and continue editing anytime.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Draft Post' })).toBeVisible();
  const after = await horizontalOverflow(page);
  expect(after).toBeLessThanOrEqual(0);
});
