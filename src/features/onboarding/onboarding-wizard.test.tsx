// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyForm } from './onboarding-form';
import { OnboardingWizard } from './onboarding-wizard';

vi.setConfig({ testTimeout: 20_000 });

afterEach(cleanup);

function renderWizard() {
  const onSave = vi.fn();
  const view = render(
    <OnboardingWizard
      initialForm={emptyForm('UTC')}
      initialStep={1}
      onSave={onSave}
      onComplete={async () => {}}
      saving={false}
    />,
  );
  const lastSaved = () => onSave.mock.lastCall as [{ businessName: string }, number] | undefined;
  return { onSave, lastSaved, ...view };
}

describe('the onboarding wizard keeps what was just typed', () => {
  it('hands it over at once when the page is hidden or unloaded, not after the debounce', async () => {
    const user = userEvent.setup({ delay: null });
    const { lastSaved } = renderWizard();
    await user.type(screen.getByLabelText(/Business Name/), 'Corner Shop');

    window.dispatchEvent(new Event('pagehide'));
    expect(lastSaved()?.[0].businessName).toBe('Corner Shop');
    expect(lastSaved()?.[1]).toBe(1);

    await user.type(screen.getByLabelText(/Website URL/), 'x');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(lastSaved()?.[0]).toMatchObject({ businessName: 'Corner Shop', websiteUrl: 'x' });
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('hands it over when the wizard goes away before the debounce', async () => {
    const user = userEvent.setup({ delay: null });
    const { lastSaved, unmount } = renderWizard();
    await user.type(screen.getByLabelText(/Business Name/), 'Bakery');
    unmount();
    expect(lastSaved()?.[0].businessName).toBe('Bakery');
  });
});
