// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FACEBOOK_OAUTH_STATE_KEY } from './oauth-callback';
import {
  forgetState,
  openOAuthPopup,
  LATE_MESSAGE_GRACE_MS,
  POPUP_CLOSED_CHECK_MS,
  randomState,
  rememberState,
  type PopupOutcome,
} from './oauth-popup';

/** The popup as the opener sees it: a window it can close and ask about. */
function fakePopup() {
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) };
  return popup;
}

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

/** Whether the outcome has settled yet, without waiting for it. */
async function peek(outcome: Promise<PopupOutcome>): Promise<PopupOutcome | 'open'> {
  return Promise.race([outcome, Promise.resolve('open' as const)]);
}

let popup: ReturnType<typeof fakePopup>;
let open: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  popup = fakePopup();
  open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('openOAuthPopup', () => {
  it('opens a 600×720 popup at the URL and settles with the code the callback posts', async () => {
    const { outcome } = openOAuthPopup('facebook', 'https://dialog.example/oauth?x=1');
    expect(open).toHaveBeenCalledWith(
      'https://dialog.example/oauth?x=1',
      'facebook-oauth',
      expect.stringMatching(/^width=600,height=720,/),
    );
    post({ type: 'facebook-oauth-success', code: 'the-code' });
    await expect(outcome).resolves.toEqual({ kind: 'code', code: 'the-code' });
  });

  it('ignores messages from another origin and of another type', async () => {
    const { outcome } = openOAuthPopup('linkedin', 'https://auth.example/');
    post({ type: 'linkedin-oauth-success', code: 'forged' }, 'https://evil.example');
    post({ type: 'facebook-oauth-success', code: 'other-provider' });
    post('linkedin-oauth-success');
    post(null);
    post({ type: 'linkedin-oauth-success', code: 42 });
    expect(await peek(outcome)).toBe('open');
    post({ type: 'linkedin-oauth-error', error: 'Invalid state' });
    await expect(outcome).resolves.toEqual({ kind: 'error', error: 'Invalid state' });
  });

  it('cancels when the popup is closed by hand, noticed within a second', async () => {
    const { outcome } = openOAuthPopup('facebook', 'https://dialog.example/');
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS);
    expect(await peek(outcome)).toBe('open');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS);
    expect(await peek(outcome)).toBe('open');
    await vi.advanceTimersByTimeAsync(LATE_MESSAGE_GRACE_MS);
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' });
    // Settled for good: a late message changes nothing.
    post({ type: 'facebook-oauth-success', code: 'late' });
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' });
  });

  it('keeps the code of a callback page that closed itself before its message arrived', async () => {
    const { outcome } = openOAuthPopup('facebook', 'https://dialog.example/');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS);
    await vi.advanceTimersByTimeAsync(LATE_MESSAGE_GRACE_MS - 100);
    post({ type: 'facebook-oauth-success', code: 'just-in-time' });
    await expect(outcome).resolves.toEqual({ kind: 'code', code: 'just-in-time' });
  });

  it('reports a popup the browser blocked', async () => {
    open.mockImplementation(() => null);
    const { outcome } = openOAuthPopup('facebook', 'https://dialog.example/');
    await expect(outcome).resolves.toEqual({ kind: 'blocked' });
  });

  it('stops listening and closes the popup when abandoned', async () => {
    const { outcome, abandon } = openOAuthPopup('facebook', 'https://dialog.example/');
    abandon();
    expect(popup.close).toHaveBeenCalled();
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' });
  });
});

describe('the state value', () => {
  it('is random, 128 bits of hex, kept under the provider’s key until forgotten', () => {
    const a = randomState();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomState()).not.toBe(a);
    rememberState('facebook', a);
    expect(localStorage.getItem(FACEBOOK_OAUTH_STATE_KEY)).toBe(a);
    forgetState('facebook');
    expect(localStorage.getItem(FACEBOOK_OAUTH_STATE_KEY)).toBeNull();
  });
});
