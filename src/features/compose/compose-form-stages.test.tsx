// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { signedIn } from '../auth';
import { renderCreatePage } from './render-create-page';

// A first visit: the options card's code is not in yet (this file never preloads it).

let db: AppDb;

beforeEach(() => {
  db = openAppDb(`compose-stages-${crypto.randomUUID()}`);
  setAppDb(db);
});

afterEach(async () => {
  cleanup();
  setAppDb(undefined);
  await db.delete();
});

describe('/create on a first visit', () => {
  it('shows the text at once and its cards in the order a phone stacks them', async () => {
    const store = makeStore();
    store.dispatch(
      signedIn({
        id: crypto.randomUUID(),
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'L',
      }),
    );
    // The order in which the options card (before the platforms on a phone) and the platforms
    // first appear: the options card's late code must not push the platforms down.
    const appeared: string[] = [];
    const observer = new MutationObserver(() => {
      for (const [name, present] of [
        ['text', screen.queryByRole('textbox', { name: 'Post content' })],
        ['options', screen.queryByRole('checkbox', { name: /first comment/i })],
        ['platforms', screen.queryByRole('button', { name: 'Facebook' })],
      ] as const)
        if (present && !appeared.includes(name)) appeared.push(name);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderCreatePage(store);
    expect(screen.getByRole('textbox', { name: 'Post content' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Facebook' })).not.toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Schedule for later' })).toBeInTheDocument();
    observer.disconnect();
    expect(appeared).toEqual(['text', 'options', 'platforms']);
  });
});
