// @vitest-environment jsdom
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, within } from '@testing-library/react';
import { openAppDb, setAppDb, type AppDb, type UserPreferencesRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { selectFormatSettings } from '../appearance';
import { loadPreferences, selectPreferences } from '../preferences';
import { connectivityChanged } from '../sync';
import { selectThemeMode, themeModeChosen } from '../ui';
import { appearanceMessages } from './appearance-settings';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

let db: AppDb;
let name: string;

beforeEach(() => {
  name = `appearance-test-${crypto.randomUUID()}`;
  db = openAppDb(name);
  setAppDb(db);
});

afterEach(async () => {
  // Unmounted first: the page must not read a closed database.
  cleanup();
  setAppDb(undefined);
  db.close();
  await Dexie.delete(name);
});

async function openAppearance() {
  const rendered = renderApp('/settings', signedIn, { tab: 'appearance' });
  // What the sync engine's local reader does at sign-in.
  await act(() => rendered.store.dispatch(loadPreferences(ada.id, db)));
  // The first visit compiles the lazily loaded page: on a busy machine that takes a while.
  await screen.findByRole('radio', { name: 'Dark' }, { timeout: 15_000 });
  return rendered;
}

async function outboxData() {
  const entries = await db.outbox.toArray();
  expect(entries.map((e) => [e.entity, e.entityId])).toEqual([['user_preferences', ada.id]]);
  return entries[0]!.data;
}

async function choose(user: ReturnType<typeof renderApp>['user'], field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('appearance settings', () => {
  it('applies a theme at once and saves it for the user, through the outbox', async () => {
    const { store, user } = await openAppearance();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(selectThemeMode(store.getState())).toBe('dark');
    expect(await screen.findByText(appearanceMessages.saved)).toBeInTheDocument();
    expect(selectPreferences(store.getState()).theme).toBe('dark');
    expect(await outboxData()).toMatchObject({ theme: 'dark' });
    expect(await db.userPreferences.get(ada.id)).toMatchObject({ theme: 'dark' });
  });

  it('offers the spec’s languages and writes dates and numbers in the chosen one', async () => {
    const { store, user } = await openAppearance();
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveTextContent('English (US)');
    await user.click(language);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English (US)', 'English (UK)', 'Spanish', 'French', 'German']);
    await user.click(screen.getByRole('option', { name: 'German' }));
    expect(await screen.findByText(appearanceMessages.saved)).toBeInTheDocument();
    expect(selectFormatSettings(store.getState()).locale).toBe('de');
    // The preview under the field: 1.234,5 is German.
    expect(screen.getByText(/1\.234,5/)).toBeInTheDocument();
    expect(await outboxData()).toMatchObject({ language: 'de' });
  });

  it('offers the spec’s four zones and the onboarding ones, and saves the real zone', async () => {
    const { store, user } = await openAppearance();
    await user.click(screen.getByRole('combobox', { name: 'Timezone' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(
      options.slice(0, 4).map((o) => o.querySelector('.MuiListItemText-primary')?.textContent),
    ).toEqual(['UTC-8', 'UTC-5', 'UTC+0', 'UTC+1']);
    expect(options[0]).toHaveTextContent('Los Angeles · Pacific Time');
    expect(options.map((o) => o.textContent).join(' ')).toContain('Australia/Sydney');
    await user.click(options[1]!);
    expect(await screen.findByText(appearanceMessages.saved)).toBeInTheDocument();
    expect(selectFormatSettings(store.getState()).timeZone).toBe('America/New_York');
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('UTC-5');
    expect(screen.getByText(/shown and entered in Eastern Time \(New York\)/)).toBeInTheDocument();
    expect(await outboxData()).toMatchObject({ time_zone: 'America/New_York' });
  });

  it('starts from the device’s zone and English (US) when nothing is saved', async () => {
    const { store } = await openAppearance();
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(selectFormatSettings(store.getState())).toEqual({ locale: 'en-US', timeZone: device });
  });

  it('says the choice is kept on the device when offline', async () => {
    const { store, user } = await openAppearance();
    act(() => {
      store.dispatch(connectivityChanged({ online: false }));
    });
    await choose(user, 'Language', 'French');
    expect(await screen.findByText(appearanceMessages.savedOffline)).toBeInTheDocument();
    expect(await outboxData()).toMatchObject({ language: 'fr' });
  });
});

describe('the synced theme and the device’s', () => {
  const saved = (over: Partial<UserPreferencesRecord>): UserPreferencesRecord => ({
    id: ada.id,
    userId: ada.id,
    emailNotifications: true,
    pushNotifications: true,
    marketingEmails: false,
    theme: 'system',
    language: 'en-US',
    timeZone: null,
    updatedAt: '2026-11-24T10:00:00.000Z',
    version: 2,
    ...over,
  });

  it('takes the user’s saved theme at sign-in and a change from another device', async () => {
    await db.userPreferences.put(saved({ theme: 'light' }));
    const { store } = renderApp('/settings', signedIn, { tab: 'appearance' });
    act(() => {
      store.dispatch(themeModeChosen('dark'));
    });
    await act(() => store.dispatch(loadPreferences(ada.id, db)));
    expect(selectThemeMode(store.getState())).toBe('light');
    expect(await screen.findByRole('radio', { name: 'Light' })).toBeChecked();
    act(() => {
      store.dispatch(
        syncRowsChanged({
          entity: 'user_preferences',
          upserted: [saved({ theme: 'dark', version: 3 })],
          removed: [],
        }),
      );
    });
    expect(selectThemeMode(store.getState())).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('keeps the device’s theme for a user who never saved one', async () => {
    const { store } = renderApp('/settings', signedIn, { tab: 'appearance' });
    act(() => {
      store.dispatch(themeModeChosen('dark'));
    });
    await act(() => store.dispatch(loadPreferences(ada.id, db)));
    expect(selectThemeMode(store.getState())).toBe('dark');
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeChecked();
  });
});
