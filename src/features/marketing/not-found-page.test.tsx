// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import NotFoundPage from './not-found-page';

vi.mock('../auth/use-is-signed-in', () => ({ useIsSignedIn: () => false }));

// MUI in jsdom is slow on a busy machine; these checks are not about speed.
vi.setConfig({ testTimeout: 20_000 });

function renderAt(entries: string[]) {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/calendar" element={<p>Calendar page</p>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('NotFoundPage', () => {
  it('says the page was not found and links to the dashboard', () => {
    renderAt(['/no-such-page']);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('goes back to the previous page', async () => {
    const user = userEvent.setup();
    renderAt(['/calendar', '/no-such-page']);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Calendar page')).toBeInTheDocument();
  });

  it('goes home when there is no previous page', async () => {
    const user = userEvent.setup();
    renderAt(['/no-such-page']);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
