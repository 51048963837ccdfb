// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';

// The first visit to each lazily loaded page compiles it: allow more than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

describe('the sign-in screen', () => {
  it('toggles to account creation and checks the fields in the spec order', async () => {
    const { user } = renderApp('/dashboard', { status: 'signedOut' });
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create Account' });

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both first and last name');
    await user.type(screen.getByLabelText('First Name'), 'A');
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'First name must be at least 2 characters long',
    );
    await user.type(screen.getByLabelText('First Name'), 'da');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    await user.type(screen.getByLabelText('Email'), 'ada.example.com');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(submit);
    // The check runs in the reset thunk, after the click's handler has returned.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must be at least 6 characters long',
    );

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = renderApp('/dashboard', { status: 'signedOut' });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('asks for a valid email before sending a reset link', async () => {
    const { user } = renderApp('/dashboard', { status: 'signedOut' });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    // Said by the reset thunk, which the form fetches when it is first needed.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
  });
});

describe('the sign-up page', () => {
  it('has the fields, the links and the fine print', async () => {
    renderApp('/signup', { status: 'signedOut' });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});

describe('the sign-up page for a signed-in user', () => {
  afterEach(() => localStorage.clear());

  it('sends them to the dashboard instead of the form', async () => {
    renderApp('/signup', signedIn);
    await vi.waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('shows Loading..., not the form, while the session saved on this device is restored', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: { id: ada.id } }));
    renderApp('/signup');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });
});
