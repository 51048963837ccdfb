// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { signedIn } from '../auth';
import { renderCreatePage } from './render-create-page';

// A first visit that went offline before the service worker held the app: the options card's code
// cannot be fetched, until the device is back online.
const network = vi.hoisted(() => ({ up: false }));
vi.mock('./post-extras', async (importOriginal) => {
  if (!network.up) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

let db: AppDb;

beforeEach(() => {
  db = openAppDb(`compose-offline-first-${crypto.randomUUID()}`);
  setAppDb(db);
});

afterEach(async () => {
  cleanup();
  setAppDb(undefined);
  await db.delete();
});

describe('/create when the options card cannot load', () => {
  it('opens the rest of the form, and adds the card once back online', async () => {
    const store = makeStore();
    store.dispatch(
      signedIn({
        id: crypto.randomUUID(),
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'L',
      }),
    );
    renderCreatePage(store);
    expect(await screen.findByRole('radio', { name: 'Schedule for later' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Post content' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /first comment/i })).not.toBeInTheDocument();

    network.up = true;
    vi.resetModules();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('checkbox', { name: /first comment/i })).toBeInTheDocument();
  });
});
