// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { loadPreferences } from '../preferences';
import { selectThemeMode } from '../ui';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';

// The first visit to each lazily loaded page compiles it: allow more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

describe('settings', () => {
  it('has six tabs and preselects the one named in the route state', async () => {
    renderApp('/settings', signedIn, { tab: 'appearance' });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Social Credentials',
      'Notifications',
      'Integrations',
      'Appearance',
      'Privacy',
    ]);
    expect(screen.getByRole('tab', { name: 'Appearance' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Appearance');
  });

  it('opens on the profile tab and switches tabs', async () => {
    const { user } = renderApp('/settings', signedIn);
    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Privacy');
  });

  it('sets the theme from the appearance tab', async () => {
    const { store, user } = renderApp('/settings', signedIn, { tab: 'appearance' });
    // The theme is saved with the user's preferences, which the sync engine reads at sign-in.
    await act(() => store.dispatch(loadPreferences(ada.id)));
    const dark = await screen.findByRole('radio', { name: 'Dark' });
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(dark);
    expect(dark).toBeChecked();
    expect(selectThemeMode(store.getState())).toBe('dark');
    await waitFor(() => expect(store.getState().preferences.row?.theme).toBe('dark'));
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(selectThemeMode(store.getState())).toBe('light');
    // The saved copy follows before the page goes: a save left running would outlive the test.
    await waitFor(() => expect(store.getState().preferences.row?.theme).toBe('light'));
  });
});
