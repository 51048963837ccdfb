// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, configure, screen } from '@testing-library/react';
import { ada, renderApp, signedIn } from '../../testing/app-test-support';
import { openAppDb, setAppDb, type AppDb, type OnboardingRecord } from '../../lib/db';
import { emptyForm } from './onboarding-form';
import { answersForWizard, formFromColumns } from './onboarding-record';

configure({ asyncUtilTimeout: 10_000 });

/** A row as an older version, another client or the REST API saves it: columns, no `answers`. */
const columnsOnly: OnboardingRecord = {
  id: 'row-made-elsewhere',
  userId: ada.id,
  businessName: 'Corner Bakery',
  businessType: 'food-beverage',
  location: 'Lyon, France',
  primaryGoal: 'engagement',
  targetAudience: 'consumers',
  postingFrequency: 'daily',
  contentPreferences: ['educational', 'behind-scenes'],
  answers: {},
  completedAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  version: 4,
};

let db: AppDb;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  db = openAppDb(`onboarding-prefill-${crypto.randomUUID()}`);
  setAppDb(db);
  localStorage.clear();
  // No backend here: the page's server read fails and it shows this device's row.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  window.history.pushState(null, '', '/');
  setAppDb(undefined);
  await db.delete();
  const unexpected = consoleError.mock.calls.filter(
    ([first]) =>
      !/^(Failed to load onboarding data|Onboarding status check failed)/.test(String(first)),
  );
  consoleError.mockRestore();
  expect(unexpected).toEqual([]);
});

describe('Update Profile on a row saved without answers', { timeout: 30_000 }, () => {
  it('opens the wizard pre-filled from the row’s columns', async () => {
    await db.onboardingData.put(columnsOnly);
    const { user } = renderApp('/onboarding', signedIn);
    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByLabelText(/Business Name/)).toHaveValue('Corner Bakery');
    expect(screen.getByLabelText(/Industry/)).toHaveValue('food-beverage');
    expect(screen.getByLabelText(/Primary Goal/)).toHaveValue('engagement');
  });

  it('maps every column back to its wizard field, blanking the final save’s defaults', () => {
    expect(
      answersForWizard(
        {
          business_name: 'Corner Bakery',
          business_type: 'food-beverage',
          location: 'Lyon, France',
          primary_goal: 'engagement',
          target_audience: 'consumers',
          posting_frequency: 'daily',
          content_preferences: ['educational', 'behind-scenes'],
          answers: {},
        },
        null,
      ),
    ).toMatchObject({
      businessName: 'Corner Bakery',
      industry: 'food-beverage',
      audienceLocation: 'Lyon, France',
      primaryGoal: 'engagement',
      mainAudience: 'consumers',
      postingFrequency: 'daily',
      contentTypes: ['educational', 'behind-scenes'],
      brandPersonality: '',
    });
    // Defaults and labels the wizard does not offer go back to blank, for the user to choose.
    expect(
      formFromColumns({
        business_name: 'Salon Nine',
        business_type: 'salon',
        location: 'Not specified',
        primary_goal: 'bookings',
        target_audience: 'General audience',
        posting_frequency: 'frequent',
        content_preferences: ['memes', 'promotions'],
      }),
    ).toMatchObject({
      businessName: 'Salon Nine',
      industry: '',
      audienceLocation: '',
      primaryGoal: '',
      mainAudience: '',
      postingFrequency: '',
      contentTypes: ['promotions'],
    });
    // A row with its whole form keeps it; no name anywhere falls back.
    const fallback = emptyForm('UTC');
    expect(answersForWizard({ business_name: '', answers: {} }, fallback)).toBe(fallback);
  });
});
