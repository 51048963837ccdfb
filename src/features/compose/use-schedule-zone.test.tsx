// @vitest-environment jsdom
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen } from '@testing-library/react';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { ada, renderApp, setUpQuietAppTests, signedIn } from '../../testing/app-test-support';
import { loadPreferences, savePreferences } from '../preferences';

// The first visit to /create compiles the page: allow more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpQuietAppTests();

let db: AppDb;
let name: string;

beforeEach(() => {
  name = `schedule-zone-test-${crypto.randomUUID()}`;
  db = openAppDb(name);
  setAppDb(db);
});

afterEach(async () => {
  setAppDb(undefined);
  db.close();
  await Dexie.delete(name);
});

async function openCreateIn(timeZone: string) {
  const rendered = renderApp('/create', signedIn);
  await act(async () => {
    await rendered.store.dispatch(loadPreferences(ada.id, db));
    await rendered.store.dispatch(savePreferences({ timeZone }, db));
  });
  fireEvent.click(
    await screen.findByRole('radio', { name: 'Schedule for later' }, { timeout: 15_000 }),
  );
  return rendered;
}

const dateInput = () => screen.getByLabelText('Date') as HTMLInputElement;
const timeInput = () => screen.getByLabelText('Time') as HTMLInputElement;

describe('the schedule’s zone', () => {
  it('names the zone under the time, and keeps a chosen instant when the zone changes', async () => {
    const { store } = await openCreateIn('Asia/Tokyo');
    expect(await screen.findByText('Japan Standard Time (Tokyo)')).toBeInTheDocument();
    fireEvent.change(dateInput(), { target: { value: '2030-07-15' } });
    fireEvent.change(timeInput(), { target: { value: '09:30' } });

    // 09:30 in Tokyo is 20:30 the day before in New York (summer time).
    await act(() => store.dispatch(savePreferences({ timeZone: 'America/New_York' }, db)));
    expect(await screen.findByText('Eastern Time (New York)')).toBeInTheDocument();
    expect(dateInput().value).toBe('2030-07-14');
    expect(timeInput().value).toBe('20:30');
  });

  it('moves the untouched sample to 10:30 in the new zone', async () => {
    const { store } = await openCreateIn('Asia/Tokyo');
    expect(timeInput().value).toBe('10:30');
    await act(() => store.dispatch(savePreferences({ timeZone: 'Europe/Paris' }, db)));
    expect(await screen.findByText(/\(Paris\)$/)).toBeInTheDocument();
    expect(timeInput().value).toBe('10:30');
  });
});
