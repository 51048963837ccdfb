// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { FACEBOOK_OAUTH_STATE_KEY, LINKEDIN_OAUTH_STATE_KEY } from './oauth-callback';
import FacebookCallbackPage from './facebook-callback-page';
import LinkedInCallbackPage from './linkedin-callback-page';

// The popup's opener is another browser window: stand in for it with its postMessage only.
function withOpener() {
  const opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { configurable: true, value: opener });
  return opener;
}

beforeEach(() => {
  vi.spyOn(window, 'close').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'opener', { configurable: true, value: null });
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('OAuth callback pages', () => {
  it('posts the Facebook code to the opener once, on this origin, and closes', () => {
    const opener = withOpener();
    localStorage.setItem(FACEBOOK_OAUTH_STATE_KEY, 'fb-state');
    window.history.replaceState(null, '', '/oauth/facebook?code=fb-code&state=fb-state');
    render(
      <StrictMode>
        <FacebookCallbackPage />
      </StrictMode>,
    );
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'facebook-oauth-success', code: 'fb-code' },
      window.location.origin,
    );
    expect(window.close).toHaveBeenCalled();
    expect(localStorage.getItem(FACEBOOK_OAUTH_STATE_KEY)).toBeNull();
  });

  it('posts Invalid state for a forged Facebook redirect and consumes the stored state', () => {
    const opener = withOpener();
    localStorage.setItem(FACEBOOK_OAUTH_STATE_KEY, 'fb-state');
    window.history.replaceState(null, '', '/oauth/facebook?code=fb-code&state=forged');
    render(<FacebookCallbackPage />);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'facebook-oauth-error', error: 'Invalid state' },
      window.location.origin,
    );
    expect(localStorage.getItem(FACEBOOK_OAUTH_STATE_KEY)).toBeNull();
  });

  it('checks and consumes the LinkedIn state', () => {
    const opener = withOpener();
    localStorage.setItem(LINKEDIN_OAUTH_STATE_KEY, 'state-1');
    window.history.replaceState(null, '', '/oauth/linkedin?code=li-code&state=state-1');
    render(<LinkedInCallbackPage />);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'linkedin-oauth-success', code: 'li-code' },
      window.location.origin,
    );
    expect(localStorage.getItem(LINKEDIN_OAUTH_STATE_KEY)).toBeNull();
  });

  it('posts Invalid state for a forged LinkedIn redirect', () => {
    const opener = withOpener();
    localStorage.setItem(LINKEDIN_OAUTH_STATE_KEY, 'state-1');
    window.history.replaceState(null, '', '/oauth/linkedin?code=li-code&state=other');
    render(<LinkedInCallbackPage />);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'linkedin-oauth-error', error: 'Invalid state' },
      window.location.origin,
    );
  });

  it('without an opener, says so instead of closing', () => {
    window.history.replaceState(null, '', '/oauth/facebook?error=access_denied');
    render(<FacebookCallbackPage />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Facebook connection failed: access_denied',
    );
    expect(window.close).not.toHaveBeenCalled();
  });
});
