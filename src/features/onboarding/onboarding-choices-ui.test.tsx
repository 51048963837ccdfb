// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, setUpQuietAppTests, signedIn } from '../../testing/app-test-support';
import { emptyForm } from './onboarding-form';
import { OnboardingWizard } from './onboarding-wizard';

vi.setConfig({ testTimeout: 30_000 });

// No backend here: loading the saved row fails and the page falls back to the welcome.
setUpQuietAppTests();

function renderStep(step: number) {
  const user = userEvent.setup({ delay: null });
  render(
    <OnboardingWizard
      initialForm={emptyForm('UTC')}
      initialStep={step}
      onSave={() => {}}
      onComplete={async () => {}}
      saving={false}
    />,
  );
  return user;
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('onboarding choices', () => {
  it('All ticks the four platforms, and unticking one unticks All', async () => {
    const user = renderStep(5);
    await user.click(box('All'));
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter', 'All']) {
      expect(box(name)).toBeChecked();
    }
    await user.click(box('Instagram'));
    expect(box('Instagram')).not.toBeChecked();
    expect(box('All')).not.toBeChecked();
    expect(box('Facebook')).toBeChecked();
    await user.click(box('Instagram'));
    expect(box('All')).toBeChecked();
    await user.click(box('All'));
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter', 'All']) {
      expect(box(name)).not.toBeChecked();
    }
  });

  it('says when the website text is not an address, once the field is left', async () => {
    const user = renderStep(1);
    const website = screen.getByRole('textbox', { name: 'Website URL' });
    await user.type(website, 'bloom bakery');
    expect(website).not.toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(
        'Please enter a website address, such as https://www.example.com or example.com',
      ),
    ).toBeInTheDocument();
    await user.clear(website);
    await user.type(website, 'bloombakery.com');
    expect(website).toHaveAttribute('aria-invalid', 'false');
  });

  it('moves focus to the first field after Start Onboarding Wizard', async () => {
    // No saved business profile can be read here, so the page offers the welcome.
    const { user } = renderApp('/onboarding', signedIn);
    // The lazily loaded page compiles on its first visit: slow on a busy machine.
    const start = await screen.findByRole(
      'button',
      { name: 'Start Onboarding Wizard' },
      { timeout: 15_000 },
    );
    await user.click(start);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Business Name/ })).toHaveFocus(),
    );
  });
});
