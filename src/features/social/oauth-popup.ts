import { OAUTH_STATE_KEYS, type OAuthProvider } from './oauth-callback';

export type PopupOutcome =
  | { kind: 'code'; code: string }
  | { kind: 'error'; error: string }
  | { kind: 'cancelled' }
  | { kind: 'blocked' };

/** How often a popup closed by hand is noticed (the spec's 1 second). */
export const POPUP_CLOSED_CHECK_MS = 1000;
/**
 * The callback page posts its message and closes itself at once, so the check can see the popup
 * closed a few milliseconds before that message is delivered: a close waits this long for it.
 */
export const LATE_MESSAGE_GRACE_MS = 500;
const POPUP_WIDTH = 600;
const POPUP_HEIGHT = 720;

/** A fresh unguessable state value (128 bits, hex). */
export function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function rememberState(provider: OAuthProvider, state: string): void {
  localStorage.setItem(OAUTH_STATE_KEYS[provider], state);
}

export function forgetState(provider: OAuthProvider): void {
  try {
    localStorage.removeItem(OAUTH_STATE_KEYS[provider]);
  } catch {
    // blocked storage: nothing to forget
  }
}

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

export interface OAuthPopup {
  /** Settles once: with the callback's message, or cancelled when the popup is closed by hand. */
  outcome: Promise<PopupOutcome>;
  /** Stops listening (the page went away) and closes the popup. */
  abandon(): void;
}

/**
 * Opens the provider's login in a 600×720 popup and waits for the callback page's message. Only a
 * message from this origin with this provider's type counts; anything else is ignored.
 */
export function openOAuthPopup(provider: OAuthProvider, url: string): OAuthPopup {
  const popup = window.open(url, `${provider}-oauth`, popupFeatures());
  if (!popup) return { outcome: Promise.resolve({ kind: 'blocked' }), abandon: () => {} };

  let settle: (outcome: PopupOutcome) => void = () => {};
  const outcome = new Promise<PopupOutcome>((resolve) => {
    settle = resolve;
  });
  let done = false;

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data as { type?: unknown; code?: unknown; error?: unknown } | null;
    if (typeof data !== 'object' || data === null) return;
    if (data.type === `${provider}-oauth-success` && typeof data.code === 'string') {
      finish({ kind: 'code', code: data.code });
    } else if (data.type === `${provider}-oauth-error`) {
      finish({ kind: 'error', error: typeof data.error === 'string' ? data.error : '' });
    }
  };
  let grace: number | undefined;
  const timer = window.setInterval(() => {
    if (!popup.closed || grace !== undefined) return;
    window.clearInterval(timer);
    grace = window.setTimeout(() => finish({ kind: 'cancelled' }), LATE_MESSAGE_GRACE_MS);
  }, POPUP_CLOSED_CHECK_MS);

  function finish(result: PopupOutcome) {
    if (done) return;
    done = true;
    window.removeEventListener('message', onMessage);
    window.clearInterval(timer);
    window.clearTimeout(grace);
    settle(result);
  }

  window.addEventListener('message', onMessage);
  return {
    outcome,
    abandon() {
      finish({ kind: 'cancelled' });
      if (!popup.closed) popup.close();
    },
  };
}
