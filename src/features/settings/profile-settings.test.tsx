// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { makeUserProfileRecord } from '../../testing/factories';
import { signedIn } from '../auth';
import { PROFILE_NOTICE_MS, PROFILE_TEXTS, userProfilesEntity } from '../profile';
import { connectivityChanged, initialSyncState, type SyncState } from '../sync';
import { ProfileSettings } from './profile-settings';
import { emailOfflineText } from './use-profile-settings';

const ADA = {
  id: '0f8b9c1e-8a57-4c1f-9d7e-0a1b2c3d4e5f',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

let db: AppDb;

const savedRow = (over = {}) =>
  makeUserProfileRecord({
    id: ADA.id,
    userId: ADA.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Engines',
    bio: 'Counts things',
    version: 2,
    ...over,
  });

async function renderProfile({
  row = savedRow() as ReturnType<typeof savedRow> | null,
  sync = {} as Partial<SyncState>,
} = {}) {
  if (row) await db.userProfiles.put(row);
  const store = makeStore({ sync: { ...initialSyncState, ...sync } });
  store.dispatch(signedIn(ADA));
  // Offline by default: nothing here may reach for a server.
  store.dispatch(connectivityChanged({ online: false }));
  const user = userEvent.setup({ delay: null });
  render(
    <Provider store={store}>
      <ProfileSettings />
    </Provider>,
  );
  await screen.findByRole('textbox', { name: 'First Name' }, { timeout: 15_000 });
  return { store, user };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save Changes' });
const cancel = () => screen.getByRole('button', { name: 'Cancel Changes' });
const outbox = () => db.outbox.orderBy('seq').toArray();

/**
 * Waits for `done` while setTimeout is faked: each turn runs the timers due now (Dexie schedules
 * with setTimeout(0)) without moving the clock, then yields a real macrotask (IndexedDB's).
 */
async function until(done: () => boolean, withinMs = 15_000) {
  // Date is not faked: the limit is real time.
  const end = Date.now() + withinMs;
  while (!done() && Date.now() < end) {
    await act(async () => {
      vi.advanceTimersByTime(0);
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
  expect(done()).toBe(true);
}

beforeEach(() => {
  db = openAppDb(`profile-settings-${crypto.randomUUID()}`);
  setAppDb(db);
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  setAppDb(undefined);
  await db.delete();
});

describe('Settings → Profile', { timeout: 30_000 }, () => {
  it('shows the saved profile in labelled fields; Save and Cancel wait for a change', async () => {
    const { user } = await renderProfile();
    expect(field('First Name').value).toBe('Ada');
    expect(field('Last Name').value).toBe('Lovelace');
    expect(field('Email').value).toBe('ada@example.com');
    expect(field('Company').value).toBe('Engines');
    expect(field('Bio').value).toBe('Counts things');
    expect(save()).toBeDisabled();
    expect(cancel()).toBeDisabled();

    await user.type(field('Company'), 's');
    expect(save()).toBeEnabled();
    expect(cancel()).toBeEnabled();
    // Typed back to the saved value: nothing differs, nothing to save.
    await user.type(field('Company'), '{Backspace}');
    expect(save()).toBeDisabled();

    await user.clear(field('Bio'));
    await user.type(field('Bio'), 'Poet of science');
    await user.click(cancel());
    expect(field('Bio').value).toBe('Counts things');
    expect(save()).toBeDisabled();
    expect(await outbox()).toEqual([]);
  });

  it('saves offline through the outbox, shows the notice for 3 s, and sends null for a cleared field', async () => {
    const { store, user } = await renderProfile();
    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'Augusta');
    await user.clear(field('Company'));
    // Only the timers, standing still: IndexedDB's own scheduling (setImmediate) stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(save());

    await until(() => screen.queryByText(PROFILE_TEXTS.updated) !== null);
    expect(save()).toBeDisabled();
    expect(field('First Name').value).toBe('Augusta');
    expect(field('Company').value).toBe('');
    const [entry, ...rest] = await outbox();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      entity: 'user_profiles',
      entityId: ADA.id,
      op: 'upsert',
      state: 'pending',
      baseVersion: 2,
    });
    expect(entry!.data).toEqual({
      email: 'ada@example.com',
      first_name: 'Augusta',
      last_name: 'Lovelace',
      company: null,
      bio: 'Counts things',
    });
    expect(await db.userProfiles.get(ADA.id)).toMatchObject({
      firstName: 'Augusta',
      company: null,
    });
    expect(store.getState().profile.row).toMatchObject({ firstName: 'Augusta' });

    await act(() => vi.advanceTimersByTimeAsync(PROFILE_NOTICE_MS - 1));
    expect(screen.getByText(PROFILE_TEXTS.updated)).toBeInTheDocument();
    // At 3 s it starts to close; gone once its exit transition is over.
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText(PROFILE_TEXTS.updated)).toBeNull();
  });

  it('creates the profile from the account when the device has none', async () => {
    const { user } = await renderProfile({ row: null });
    expect(field('First Name').value).toBe('Ada');
    expect(field('Company').value).toBe('');
    await user.type(field('Company'), 'Engines');
    await user.click(save());
    await screen.findByText(PROFILE_TEXTS.updated);
    const [entry] = await outbox();
    expect(entry).toMatchObject({ baseVersion: null });
    expect(entry!.data).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Engines',
    });
  });

  it('refuses an invalid email without saving anything', async () => {
    const { user } = await renderProfile();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ada@');
    await user.click(save());
    expect(screen.getByText(PROFILE_TEXTS.invalidEmail)).toBeInTheDocument();
    expect(await outbox()).toEqual([]);
  });

  it('offline, says that changing the email needs a connection while the other fields save', async () => {
    const { user } = await renderProfile();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'countess@example.com');
    await user.type(field('Company'), ' Ltd');
    await user.click(save());
    expect(await screen.findByText(emailOfflineText(true))).toBeInTheDocument();
    expect(screen.getByText(PROFILE_TEXTS.updated)).toBeInTheDocument();
    const [entry] = await outbox();
    expect(entry!.data).toMatchObject({ email: 'ada@example.com', company: 'Engines Ltd' });
    // The new address is kept in the field, ready to send once online.
    expect(field('Email').value).toBe('countess@example.com');
    expect(save()).toBeEnabled();
  });

  it('follows a change pulled from another device in the fields the user has not touched', async () => {
    const { store, user } = await renderProfile();
    await user.type(field('Bio'), '!');
    act(() => {
      store.dispatch(
        syncRowsChanged({
          entity: userProfilesEntity.name,
          upserted: [savedRow({ company: 'Looms', bio: 'Elsewhere', version: 3 })],
          removed: [],
        }),
      );
    });
    expect(field('Company').value).toBe('Looms');
    expect(field('Bio').value).toBe('Counts things!');
  });

  it('says when a local write fails: creating, or updating', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderProfile({ row: null });
    vi.spyOn(db.outbox, 'add').mockRejectedValue(new Error('QuotaExceededError'));
    await user.type(field('Company'), 'Engines');
    await user.click(save());
    expect(await screen.findByText(PROFILE_TEXTS.createFailed)).toBeInTheDocument();
    cleanup();

    await renderProfile();
    await userEvent.setup().type(field('Company'), 's');
    await userEvent.setup().click(save());
    expect(await screen.findByText(PROFILE_TEXTS.updateError)).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_TEXTS.updated)).toBeNull();
  });

  it('shows a profile write the server refused', async () => {
    await renderProfile({
      sync: {
        parked: [
          {
            seq: 1,
            entity: 'user_profiles',
            entityId: ADA.id,
            op: 'upsert',
            error: { kind: 'rejected', code: '23514', message: 'bio too long', status: 200 },
            createdAt: 1,
          },
        ],
      },
    });
    expect(screen.getByText(PROFILE_TEXTS.updateFailed)).toBeInTheDocument();
    expect(screen.getByText(/bio too long/)).toBeInTheDocument();
  });

  it('says when the profile cannot be read from this device', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(db.userProfiles, 'get').mockRejectedValue(new Error('broken'));
    const store = makeStore();
    store.dispatch(signedIn(ADA));
    render(
      <Provider store={store}>
        <ProfileSettings />
      </Provider>,
    );
    expect(await screen.findByText(PROFILE_TEXTS.loadFailed)).toBeInTheDocument();
  });
});

describe('landing from an email change link', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows the server’s note about the other link and clears it from the address', async () => {
    window.history.replaceState(
      null,
      '',
      '/settings#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email',
    );
    await renderProfile();
    expect(
      screen.getByText(
        'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      ),
    ).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/settings');
  });
});
