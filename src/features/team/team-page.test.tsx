// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { TEAM_PLANS } from './team-page';

// The first visit to each lazily loaded page compiles it: allow more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

describe('the Team page, not built yet, says what will come', () => {
  it('Team: what is planned, and a way on to Create Content and the dashboard', async () => {
    const { user } = renderApp('/team', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    expect(screen.getByText('Coming soon')).toBeVisible();
    const planned = screen.getByRole('region', { name: 'What is coming' });
    expect(
      within(planned)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent),
    ).toEqual(TEAM_PLANS.map((plan) => plan.title));
    expect(TEAM_PLANS.map((plan) => plan.title)).toEqual([
      'Invite teammates',
      'Roles',
      'Approvals',
      'Activity',
    ]);
    const meanwhile = screen.getByRole('region', { name: 'Until then' });
    expect(within(meanwhile).getByRole('link', { name: 'Create Content' })).toHaveAttribute(
      'href',
      '/create',
    );
    await user.click(within(meanwhile).getByRole('link', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
