// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FallbackPanel } from './fallback-panel';

afterEach(cleanup);

describe('FallbackPanel', () => {
  it('shows its content, named as the part it stands in for, and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <FallbackPanel
        side="right"
        width={320}
        id="sync-details"
        role="dialog"
        label={{ 'aria-label': 'Changes the server refused' }}
        onClose={onClose}
      >
        <button type="button">Retry</button>
      </FallbackPanel>,
    );
    const panel = screen.getByRole('dialog', { name: 'Changes the server refused' });
    expect(panel).toHaveAttribute('id', 'sync-details');
    expect(panel).toContainElement(screen.getByRole('button', { name: 'Retry' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
