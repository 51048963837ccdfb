// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { renderApp, setUpAppTests } from '../../testing/app-test-support';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

describe('the code step of the sign-in', () => {
  it('takes the place of the protected page, with a labelled code field, Verify and a way out', async () => {
    const { user } = renderApp('/dashboard', { status: 'secondFactor' });
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Cancel and sign out' })).toBeInTheDocument();

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The message comes once the code step's thunk has refused the code, after the click.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from your authenticator app.',
    );
  });

  it('is kept by every protected route', async () => {
    renderApp('/settings', { status: 'secondFactor' });
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  });
});
