import { expect, test, type Page } from '@playwright/test';
import { configureAi } from './compose-support';
import { accountMenuButton, createUser, openAccountMenu, signInThroughUi } from './support';

const API_KEY = 'sk-first-account-key-0123456789';
const BASE_URL = 'http://127.0.0.1:9/first-account/v1';
const FIRST_BUSINESS = 'First Account Secret Bakery';

/** Everything this browser keeps for the app: local storage and every IndexedDB table. */
async function deviceContents(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const local = JSON.stringify(Object.entries(localStorage));
    const dbs = await indexedDB.databases();
    const dumps = await Promise.all(
      dbs.map(
        ({ name }) =>
          new Promise<string>((resolve, reject) => {
            const open = indexedDB.open(name!);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const stores = [...db.objectStoreNames];
              if (stores.length === 0) return resolve('');
              const tx = db.transaction(stores, 'readonly');
              const rows = stores.map((store) => tx.objectStore(store).getAll());
              tx.oncomplete = () => {
                resolve(JSON.stringify(rows.map((request) => request.result)));
                db.close();
              };
              tx.onerror = () => reject(tx.error);
            };
          }),
      ),
    );
    return local + dumps.join('');
  });
}

test("the next account on this browser finds nothing of the last one's", async ({
  page,
  request,
}) => {
  const first = await createUser(request, { firstName: 'Ada', lastName: 'First', onboarded: true });
  await signInThroughUi(page, first);

  await configureAi(page, { apiKey: API_KEY, baseURL: BASE_URL });
  await expect(page.getByLabel('OpenAI API Key')).toHaveValue(API_KEY);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const provider = page.getByRole('region', { name: 'AI Provider' });
  await provider.getByRole('radio', { name: 'Perplexity' }).check();
  const ideas = page.getByRole('region', { name: 'Content Ideas' });
  await ideas.getByRole('button', { name: 'Save Seasonal product showcase' }).click();
  await expect(ideas.getByRole('button', { name: 'Save Seasonal product showcase' })).toHaveText(
    'Saved',
  );
  expect(await deviceContents(page)).toContain(API_KEY);

  // Wizard progress: the first account starts updating its profile and leaves it half done.
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.getByLabel('Business Name').fill(FIRST_BUSINESS);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(accountMenuButton(page)).toHaveCount(0);
  const afterSignOut = await deviceContents(page);
  expect(afterSignOut).not.toContain(API_KEY);
  expect(afterSignOut).not.toContain(BASE_URL);

  const second = await createUser(request, {
    firstName: 'Bob',
    lastName: 'Second',
    onboarded: true,
  });
  await signInThroughUi(page, second);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(provider.getByRole('radio', { name: 'ChatGPT' })).toBeChecked();
  await expect(ideas.getByRole('button', { name: 'Save Seasonal product showcase' })).toHaveText(
    'Save',
  );

  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('Bloom Bakery');
  await expect(page.getByText(FIRST_BUSINESS)).toHaveCount(0);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await page.getByRole('tab', { name: 'AI Assistants' }).click();
  const chatgpt = page.getByRole('region', { name: 'ChatGPT', exact: true });
  await expect(chatgpt.getByLabel('OpenAI API Key')).toHaveValue('');
  // The provider's own address, not the last account's.
  await expect(chatgpt.getByLabel('API Base URL')).toHaveValue('https://api.openai.com/v1');
  expect(await deviceContents(page)).not.toContain(API_KEY);
});
