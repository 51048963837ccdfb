// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { PROFILE_TEXTS } from '../profile';

vi.setConfig({ testTimeout: 40_000 });

setUpAppTests();

let db: AppDb;

beforeEach(async () => {
  db = openAppDb(`profile-refused-${crypto.randomUUID()}`);
  setAppDb(db);
  // The profile half of a final save, refused by the server (a check constraint it holds).
  await db.outbox.add({
    mutationId: crypto.randomUUID(),
    userId: ada.id,
    entity: 'user_profiles',
    entityId: ada.id,
    op: 'upsert',
    data: { email: ada.email, first_name: 'Ada' },
    baseVersion: null,
    state: 'parked',
    attempts: 1,
    leaseUntil: 0,
    error: {
      kind: 'rejected',
      code: '23514',
      message: 'violates check constraint "user_profiles_email_check"',
      status: 200,
    },
    createdAt: 1,
  });
});

afterEach(async () => {
  setAppDb(undefined);
  await db.delete();
});

describe('a refused profile write of the final save', () => {
  it('shows Failed to save user profile with the server’s reason and a way to the profile', async () => {
    const { user } = renderApp('/dashboard', signedIn);
    // The gate loads the repository and reads the outbox after the first paint: slow on a busy CPU.
    expect(
      await screen.findByText(PROFILE_TEXTS.onboardingSaveFailed, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/user_profiles_email_check/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(await screen.findByRole('textbox', { name: 'First Name' })).toBeInTheDocument();
    // The profile tab shows refused profile writes itself: the gate's notice is not repeated there.
    expect(screen.queryByText(PROFILE_TEXTS.onboardingSaveFailed)).toBeNull();
  });
});
