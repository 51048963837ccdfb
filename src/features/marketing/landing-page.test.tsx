// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import LandingPage from './landing-page';

const auth = vi.hoisted(() => ({ signedIn: false }));
vi.mock('../auth/use-is-signed-in', () => ({ useIsSignedIn: () => auth.signedIn }));

// MUI in jsdom is slow on a busy machine; these checks are not about speed.
vi.setConfig({ testTimeout: 20_000 });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.hash}</output>;
}

function renderLanding() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="*" element={<p>Other page</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  auth.signedIn = false;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LandingPage', () => {
  it('sends visitors to sign up and to the sign-in screen', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Postbloom')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const ctas = screen.getAllByRole('link', { name: 'Get Started Free' });
    expect(ctas.length).toBeGreaterThanOrEqual(3);
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('sends signed-in users to their dashboard', () => {
    auth.signedIn = true;
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(header).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    for (const cta of screen.getAllByRole('link', { name: 'Get Started Free' })) {
      expect(cta).toHaveAttribute('href', '/dashboard');
    }
    for (const planButton of screen.getAllByRole('link', { name: /Start free trial of the/ })) {
      expect(planButton).toHaveAttribute('href', '/dashboard');
    }
  });

  it('has one h1 and headings that do not skip levels', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, index) => {
      expect(level - (levels[index] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('lists the four features in the features section', () => {
    renderLanding();
    const features = document.getElementById('features');
    expect(features).not.toBeNull();
    const titles = within(features as HTMLElement)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'AI content generation',
      'Smart scheduling',
      'Performance analytics',
      'Business-focused content',
    ]);
  });

  it('shows the average results', () => {
    renderLanding();
    const results = screen.getByRole('heading', { name: 'Average results' }).parentElement;
    expect(results).not.toBeNull();
    const text = (results as HTMLElement).textContent ?? '';
    for (const claim of [
      'Hours saved per week',
      '10+',
      '40%',
      'Engagement increase',
      '5x',
      'More consistent',
      '24/7',
      'AI assistant',
    ]) {
      expect(text).toContain(claim);
    }
  });

  it('shows the four plans with their prices, features and the all-plans terms', () => {
    renderLanding();
    const pricing = document.getElementById('pricing') as HTMLElement;
    const plans = within(pricing)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.closest('li')?.textContent ?? '');
    expect(plans).toHaveLength(4);
    expect(plans[0]).toContain('Starter');
    expect(plans[0]).toContain('$19/month');
    expect(plans[0]).toContain('1 social account');
    expect(plans[0]).toContain('Weekly performance reports');
    expect(plans[1]).toContain('Basic');
    expect(plans[1]).toContain('$49/month');
    expect(plans[1]).toContain('3 social accounts');
    expect(plans[1]).toContain('Real-time analytics dashboard');
    expect(plans[2]).toContain('Pro');
    expect(plans[2]).toContain('$99/month');
    expect(plans[2]).toContain('Booking module integration');
    expect(plans[2]).toContain('Local event suggestions');
    expect(plans[2]).toContain('Extended analytics');
    expect(plans[3]).toContain('Enterprise');
    expect(plans[3]).toContain('$199/month');
    expect(plans[3]).toContain('Multi-business management');
    expect(plans[3]).toContain('White-labelled reports');
    expect(plans[3]).toContain('Dedicated onboarding support');
    for (const term of [
      '7-day free trial',
      '30-day money-back guarantee',
      'Cancel anytime',
      '24/7 support',
    ]) {
      expect(within(pricing).getByText(term)).toBeInTheDocument();
    }
  });

  it('shows three testimonials rated 5 out of 5', () => {
    renderLanding();
    const ratings = screen.getAllByRole('img', { name: 'Rated 5 out of 5' });
    expect(ratings).toHaveLength(3);
    for (const rating of ratings) {
      expect(rating.querySelectorAll('path:not([opacity="0.25"])')).toHaveLength(5);
    }
  });

  it('closes with no credit card required and setup in 5 minutes', () => {
    renderLanding();
    const closing = screen.getByRole('region', { name: /Ready to/ });
    expect(closing).toHaveTextContent(/No credit card required/);
    expect(closing).toHaveTextContent(/Setup in 5 minutes/i);
    expect(within(closing).getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('has the footer links', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    const expected: Record<string, string> = {
      Features: '/#features',
      Pricing: '/#pricing',
      Integrations: '/#integrations',
      API: '/contact',
      'Help Center': '/contact#faq',
      'Contact Us': '/contact',
      'Privacy Policy': '/privacy',
      'Terms of Service': '/terms',
    };
    for (const [name, href] of Object.entries(expected)) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(document.getElementById('integrations')).not.toBeNull();
  });

  it('jumps to the features section from the footer and moves focus there', async () => {
    const user = userEvent.setup();
    renderLanding();
    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Features' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/#features');
    const features = document.getElementById('features') as HTMLElement;
    expect(features).toHaveFocus();
    expect(features.scrollIntoView).toHaveBeenCalled();
  });

  it('navigates to the legal pages from the footer', async () => {
    const user = userEvent.setup();
    renderLanding();
    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/privacy');
    expect(screen.getByText('Other page')).toBeInTheDocument();
  });
});
