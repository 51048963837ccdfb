// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

vi.mock('../auth/use-is-signed-in', () => ({ useIsSignedIn: () => false }));

// MUI in jsdom is slow on a busy machine; these checks are not about speed.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const pages = [
  { title: 'Privacy Policy', Page: PrivacyPage, path: '/privacy' },
  { title: 'Terms of Service', Page: TermsPage, path: '/terms' },
];

describe.each(pages)('$title', ({ title, Page, path }) => {
  function renderPage() {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>,
    );
    return screen.getByRole('main').textContent ?? '';
  }

  it('has one h1, the update date and a link back home', () => {
    renderPage();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(title);
    expect(screen.getByText('Last updated: January 15, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact');
  });

  it('states the trial, the guarantee, the minimum age, response time, uptime and notice', () => {
    const text = renderPage();
    expect(text).toContain('7-day free trial');
    expect(text).toContain('30-day money-back guarantee');
    expect(text).toMatch(/at least 18 years old/);
    expect(text).toMatch(/within 24 hours/);
    expect(text).toContain('99.9% uptime');
    expect(text).toMatch(/at least 30 days/);
  });

  it('numbers its sections as h2 headings', () => {
    renderPage();
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    const numbered = h2s.filter((heading) => /^\d+\. /.test(heading));
    expect(numbered.length).toBeGreaterThanOrEqual(8);
    numbered.forEach((heading, index) => expect(heading.startsWith(`${index + 1}. `)).toBe(true));
    expect(numbered.at(-1)).toMatch(/Contact us$/);
  });
});

describe('Privacy Policy sections', () => {
  it('covers collection, use, rights, AI content, platforms and local storage', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    for (const heading of [
      /Information we collect/,
      /How we use your information/,
      /Your rights/,
      /AI-generated content/,
      /Third-party platforms/,
      /Cookies and local storage/,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
  });
});

describe('Terms of Service liability', () => {
  it('caps liability at 12 months of payments', () => {
    render(
      <MemoryRouter>
        <TermsPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: /Limitation of liability/ })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(
      /limited to the amount you paid us in the 12 months before the claim/,
    );
  });
});
