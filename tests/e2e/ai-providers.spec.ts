import { expect, test, type Page } from '@playwright/test';
import { FAKE_POST, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai';
import {
  aiProviderPanel,
  choosePrompt,
  configureAi,
  contentField,
  liveServerDrafts,
  notice,
  openAiCard,
  signInReadyUser,
} from './compose-support';
import { signInThroughUi } from './support';

const GENERATED = `${FAKE_POST.content}\n\n${FAKE_POST.hashtags.join(' ')}`;
const DRAFT_SAVED =
  'Your draft has been saved! You can find it in your drafts folder and continue editing anytime.';

/** A fake for one test, closed when it ends. */
async function withFake<T>(
  options: Parameters<typeof startFakeOpenAI>[0],
  run: (fake: FakeOpenAI) => Promise<T>,
): Promise<T> {
  const fake = await startFakeOpenAI(options);
  try {
    return await run(fake);
  } finally {
    await fake.close();
  }
}

/** Everything this origin keeps in local storage and IndexedDB, as one string. */
async function deviceContents(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const local = JSON.stringify({ ...localStorage });
    const names = (await indexedDB.databases()).map((d) => d.name).filter(Boolean) as string[];
    const dumps = await Promise.all(
      names.map(
        (name) =>
          new Promise<string>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const stores = [...db.objectStoreNames];
              if (stores.length === 0) {
                db.close();
                resolve('');
                return;
              }
              const tx = db.transaction(stores, 'readonly');
              const parts: string[] = [];
              for (const store of stores) {
                const all = tx.objectStore(store).getAll();
                all.onsuccess = () => parts.push(JSON.stringify(all.result));
              }
              tx.oncomplete = () => {
                db.close();
                resolve(parts.join(''));
              };
              tx.onerror = () => reject(tx.error);
            };
          }),
      ),
    );
    return local + dumps.join('');
  });
}

/** On /create: the provider chosen, a preset picked and Generate pressed. */
async function generateWith(page: Page, provider: string, preset: string): Promise<void> {
  await page.goto('/create');
  await page.getByRole('radio', { name: provider, exact: true }).check();
  await choosePrompt(page, preset);
  await page.getByRole('button', { name: `Generate with ${provider}` }).click();
}

test('Perplexity, which refuses JSON mode and serves at its root, tests, writes and is named on the draft', async ({
  page,
  request,
}) => {
  const key = 'pplx-e2e-key-0123456789';
  await withFake(
    {
      apiKey: key,
      pathPrefix: '',
      rejectsResponseFormat: true,
      errorStyle: 'perplexity',
      models: ['sonar', 'sonar-pro'],
    },
    async (fake) => {
      const user = await signInReadyUser(page, request);
      // The model is left at the card's default.
      const panel = await configureAi(page, {
        provider: 'perplexity',
        apiKey: key,
        baseURL: fake.url,
      });
      await expect(
        panel.getByText('Connection successful! You can now generate posts with Perplexity.'),
      ).toBeVisible();
      const card = page.getByRole('region', { name: 'Perplexity', exact: true });
      await expect(card.getByText('Connected', { exact: true })).toBeVisible();
      expect(fake.chatBodies().map((b) => b.model)).toEqual(['sonar']);

      // The dashboard's badge is no longer always Disconnected for Perplexity.
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await aiProviderPanel(page).getByRole('radio', { name: 'Perplexity' }).check();
      await expect(aiProviderPanel(page).getByText('Connected', { exact: true })).toBeVisible();

      await generateWith(page, 'Perplexity', 'Customer success story');
      await expect(contentField(page)).toHaveValue(GENERATED);
      const generate = fake.chatBodies().at(-1)!;
      expect(generate.model).toBe('sonar');
      expect(generate.temperature).toBe(0.7);
      expect(generate.max_tokens).toBe(1000);
      // Never asked for JSON mode, so never refused: one request per call.
      expect(fake.chatBodies().every((b) => b.response_format === undefined)).toBe(true);
      expect(fake.requests).toHaveLength(2);

      await page.getByRole('button', { name: 'Save Draft' }).click();
      await expect(notice(page, DRAFT_SAVED)).toBeVisible();
      await expect
        .poll(async () => (await liveServerDrafts(request, user)).map((d) => d.ai_provider))
        .toEqual(['perplexity']);
    },
  );
});

test('a custom model server that refuses browsers works with the key kept on the server, never on the device', async ({
  page,
  request,
  browser,
}) => {
  // Two devices, each signing in and writing a post.
  test.slow();
  const key = 'local-model-key-0123456789';
  await withFake(
    { apiKey: key, refusesBrowserOrigins: true, models: ['llama3.2'] },
    async (fake) => {
      const user = await signInReadyUser(page, request);
      const panel = await configureAi(page, {
        provider: 'custom',
        apiKey: key,
        baseURL: fake.url,
        keptOnServer: true,
      });
      await expect(
        panel.getByText('Connection successful! You can now generate posts with Custom.'),
      ).toBeVisible();
      const card = page.getByRole('region', { name: 'Custom (OpenAI-compatible)' });
      await expect(card.getByLabel('API Key (optional)')).toHaveValue('');
      await expect(
        card.getByText('A key is kept on the server; leave blank to keep it'),
      ).toBeVisible();
      // The server called it: no browser origin, the user's key as the bearer.
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.headers.origin).toBeUndefined();
      expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${key}`);

      await generateWith(page, 'Custom', 'Industry news');
      await expect(contentField(page)).toHaveValue(GENERATED);
      expect(fake.chatBodies().at(-1)!.model).toBe('llama3.2');
      expect(await deviceContents(page)).not.toContain(key);

      await page.getByRole('button', { name: 'Save Draft' }).click();
      await expect(notice(page, DRAFT_SAVED)).toBeVisible();
      await expect
        .poll(async () => (await liveServerDrafts(request, user)).map((d) => d.ai_provider))
        .toEqual(['custom']);

      // Another device of the same user finds the settings on the server and writes with them.
      const other = await browser.newContext();
      try {
        const second = await other.newPage();
        await signInThroughUi(second, user);
        const secondCard = await openAiCard(second, 'custom');
        await expect(secondCard.getByLabel('API Base URL')).toHaveValue(fake.url);
        await expect(
          secondCard.getByRole('radio', { name: 'Keep my key on the server' }),
        ).toBeChecked();
        await generateWith(second, 'Custom', 'Behind-the-scenes');
        await expect(contentField(second)).toHaveValue(GENERATED);
        expect(await deviceContents(second)).not.toContain(key);
      } finally {
        await other.close();
      }
    },
  );
});

test('Grok: an unknown model and an account without credit are named, then it writes', async ({
  page,
  request,
}) => {
  const key = 'xai-e2e-key-0123456789';
  await withFake({ apiKey: key, models: ['grok-4'] }, async (fake) => {
    await signInReadyUser(page, request);
    const panel = await configureAi(page, {
      provider: 'grok',
      apiKey: key,
      baseURL: fake.url,
      model: 'grok-9',
    });
    await expect(
      panel.getByText(
        'Grok does not offer the model "grok-9". Please check the model name in Settings.',
      ),
    ).toBeVisible();
    const card = page.getByRole('region', { name: 'Grok', exact: true });
    await expect(card.getByText('Error', { exact: true })).toBeVisible();

    await card.getByLabel('Model').fill('grok-4');
    await card.getByRole('button', { name: 'Save & Test Connection' }).click();
    await expect(
      panel.getByText('Connection successful! You can now generate posts with Grok.'),
    ).toBeVisible();

    fake.setMode({ kind: 'no-credit' });
    await generateWith(page, 'Grok', 'FAQs');
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Your xAI account has no credit left. Please add credit or check your plan, then try again.',
      }),
    ).toBeVisible();

    fake.setMode({ kind: 'json' });
    await page.getByRole('button', { name: 'Generate with Grok' }).click();
    await expect(contentField(page)).toHaveValue(GENERATED);
    // JSON mode is asked for from Grok, which takes it.
    expect(fake.chatBodies().at(-1)!.response_format).toEqual({ type: 'json_object' });

    // Hashtags come from the chosen provider too, with its model.
    fake.enqueue({ kind: 'text', text: '#bakery #RyeBread #Weekend' });
    await page.getByRole('button', { name: 'Suggest Hashtags with Grok' }).click();
    await expect(contentField(page)).toHaveValue(`${GENERATED}\n\n#RyeBread #Weekend`);
    expect(fake.chatBodies().at(-1)).toMatchObject({ model: 'grok-4', max_tokens: 200 });
  });
});
