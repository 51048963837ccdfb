// @vitest-environment jsdom
// The first visit to each lazily loaded page compiles it: slow on a busy machine, hence the waits.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  renderApp,
  SIGNED_IN_PAGES,
  setUpQuietAppTests,
  signedIn,
} from '../testing/app-test-support';

vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => {
  // The title index.html starts with, which a page's own title must win over.
  const initial = document.createElement('title');
  initial.textContent = 'Postbloom';
  document.head.append(initial);
});

// No backend here: the pages' own loads fail quietly into their empty states.
setUpQuietAppTests();

describe('each page has its own browser tab title', () => {
  it.each(SIGNED_IN_PAGES)('%s, signed in', async (path, heading) => {
    renderApp(path, signedIn);
    await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 });
    const title = heading === 'Create New Post' ? 'Create Post' : heading;
    await waitFor(() => expect(document.title).toBe(`${title} · Postbloom`));
  });

  it.each([
    ['/signup', 'Sign up'],
    ['/contact', 'Contact Us'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/no-such-page', 'Page not found'],
  ])('%s, to a visitor', async (path, title) => {
    renderApp(path, { status: 'signedOut' });
    await waitFor(() => expect(document.title).toBe(`${title} · Postbloom`), { timeout: 15_000 });
  });

  it('the landing page keeps the product name', async () => {
    renderApp('/', { status: 'signedOut' });
    await screen.findAllByRole('heading', { level: 1 }, { timeout: 15_000 });
    expect(document.title).toBe('Postbloom');
  });
});
