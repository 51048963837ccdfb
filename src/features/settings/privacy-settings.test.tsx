// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';

// The first visit to the lazily loaded settings page compiles it: allow more than a second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

function openPrivacy() {
  return renderApp('/settings', signedIn, { tab: 'privacy' });
}

describe('privacy tab', () => {
  it('has labelled password fields with show/hide toggles and the spec’s buttons', async () => {
    openPrivacy();
    expect(
      await screen.findByLabelText(/^Current password/, { selector: 'input' }),
    ).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(/^New password/, { selector: 'input' })).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(
      screen.getByLabelText(/^Confirm new password/, { selector: 'input' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show current password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Security' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Data' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });

  it('checks the form before asking the server, and clears the message when the field is fixed', async () => {
    const { user } = openPrivacy();
    const update = await screen.findByRole('button', { name: 'Update Security' });
    await user.click(update);
    // The checks run in the submit handler, which may finish after the click returns.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields'),
    );
    const current = screen.getByLabelText(/^Current password/, { selector: 'input' });
    expect(current).toHaveAttribute('aria-invalid', 'true');

    await user.type(current, 'old-secret');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'abc');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'abc');
    await user.click(update);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Password must be at least 6 characters long',
      ),
    );

    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'def');
    await user.click(update);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The new passwords do not match.'),
    );
  });

  it('enables Delete only once the confirmation word is typed, and Cancel closes the dialog', async () => {
    const { user } = openPrivacy();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();

    const word = within(dialog).getByLabelText('Type DELETE to confirm');
    await user.type(word, 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(word);
    await user.type(word, 'DELET');
    expect(confirm).toBeDisabled();
    await user.type(word, 'E');
    expect(confirm).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Reopened, it asks again.
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const again = await screen.findByRole('dialog', { name: 'Delete account?' });
    expect(within(again).getByLabelText('Type DELETE to confirm')).toHaveValue('');
    expect(within(again).getByRole('button', { name: 'Delete account' })).toBeDisabled();
  });
});
