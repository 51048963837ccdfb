// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { MESSAGES_PLANS } from './messages-page';

// The first visit to each lazily loaded page compiles it: allow more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

describe('the Messages page, not built yet, says what will come', () => {
  it('Messages: what is planned, and Connect accounts opens Settings on Integrations', async () => {
    const { user } = renderApp('/messages', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const planned = screen.getByRole('region', { name: 'What is coming' });
    expect(within(planned).getAllByRole('listitem')).toHaveLength(MESSAGES_PLANS.length);
    expect(within(planned).getByText('One inbox')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Connect accounts' }));
    expect(await screen.findByRole('tab', { name: 'Integrations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
