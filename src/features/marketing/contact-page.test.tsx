// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import ContactPage from './contact-page';
import { CONTACT_SEND_DELAY_MS, type SendContactMessage } from './contact-service';
import { CONTACT_SUBJECTS } from './contact-validation';

vi.mock('../auth/use-is-signed-in', () => ({ useIsSignedIn: () => false }));

// MUI in jsdom is slow on a busy machine; these journeys are not about speed.
vi.setConfig({ testTimeout: 20_000 });

function renderPage(send?: SendContactMessage) {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <MemoryRouter initialEntries={['/contact']}>
      <ContactPage {...(send ? { send } : {})} />
    </MemoryRouter>,
  );
  return user;
}

type User = ReturnType<typeof userEvent.setup>;

// Pasting keeps the journeys quick; typing key by key is exercised where it matters (counter).
async function enter(user: User, label: RegExp, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillValidForm(user: User) {
  await enter(user, /^Name/, '  Ada Lovelace ');
  await enter(user, /^Email/, 'ada@example.com');
  await user.selectOptions(screen.getByRole('combobox', { name: /Subject/ }), 'Billing Question');
  await enter(user, /^Message/, 'I have a question about invoices.');
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ContactPage', () => {
  it('has one h1, labelled fields and the contact details', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact Us');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Subject/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Message/ })).toBeInTheDocument();
    expect(screen.getByText('Monday to Friday 9:00 to 18:00 Pacific time')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@postbloom.app' })).toHaveAttribute(
      'href',
      'mailto:hello@postbloom.app',
    );
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    // The questions are the browser's disclosures, closed until one is opened.
    const questions = document.querySelectorAll('#faq details');
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect([...questions].every((question) => !(question as HTMLDetailsElement).open)).toBe(true);
  });

  it('offers exactly the subjects of the spec', async () => {
    const user = renderPage();
    const subject = screen.getByRole('combobox', { name: /Subject/ });
    // The browser's own list; its empty first entry is hidden and cannot be chosen.
    const options = within(subject).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([...CONTACT_SUBJECTS]);
    expect(subject).toHaveValue('');
    await user.selectOptions(subject, 'Media Inquiry');
    expect(subject).toHaveValue('Media Inquiry');
  });

  it('shows every required message under its field and focuses the first invalid field', async () => {
    const send = vi.fn<SendContactMessage>().mockResolvedValue(undefined);
    const user = renderPage(send);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
      'Email is required',
    );
    expect(screen.getByRole('combobox', { name: /^Subject/ })).toHaveAccessibleDescription(
      'Subject is required',
    );
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the length and format messages', async () => {
    const user = renderPage();
    await enter(user, /^Name/, 'A');
    await enter(user, /^Email/, 'ada@example');
    await enter(user, /^Message/, 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
  });

  it('clears only the error of the field being edited', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'A');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
  });

  it('counts message characters out of 500 without enforcing a maximum', async () => {
    const user = renderPage();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    const message = screen.getByLabelText(/^Message/);
    await user.type(message, 'Hello');
    expect(screen.getByText('5/500')).toBeInTheDocument();

    fireEvent.change(message, { target: { value: 'x'.repeat(620) } });
    expect(screen.getByText('620/500')).toBeInTheDocument();
    expect(message).toHaveValue('x'.repeat(620));
  });

  it('sends for 2 seconds, then confirms, and can start over', async () => {
    const user = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = screen.getByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONTACT_SEND_DELAY_MS - 100);
    });
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    expect(screen.queryByText('Message Sent Successfully')).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    const heading = screen.getByRole('heading', { name: 'Message Sent Successfully' });
    expect(heading).toHaveFocus();
    const confirmation = screen.getByRole('region', { name: 'Message Sent Successfully' });
    expect(within(confirmation).getByText(/get back to you within 24 hours/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('sends the trimmed values', async () => {
    const send = vi.fn<SendContactMessage>().mockResolvedValue(undefined);
    const user = renderPage(send);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(send).toHaveBeenCalledExactlyOnceWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Billing Question',
      message: 'I have a question about invoices.',
    });
    expect(
      await screen.findByRole('heading', { name: 'Message Sent Successfully' }),
    ).toBeInTheDocument();
  });

  it('keeps the message and explains when sending fails', async () => {
    const send = vi.fn<SendContactMessage>().mockRejectedValue(new Error('offline'));
    const user = renderPage(send);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Please try again or contact us directly.',
    );
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('I have a question about invoices.');
    expect(screen.queryByText('Message Sent Successfully')).not.toBeInTheDocument();
  });
});
