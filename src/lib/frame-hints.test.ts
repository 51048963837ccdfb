// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { showRememberedParts } from '../../scripts/vite-prerender';
import { FRAME_HINTS_KEY, rememberFrameHint, rememberedFrameHints } from './frame-hints';

const AUTH_KEY = 'postbloom-auth';

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('rememberFrameHint', () => {
  it('keeps which parts a user was shown, and forgets one once it is not', () => {
    rememberFrameHint('user-1', 'social-setup-guidance', true);
    rememberFrameHint('user-1', 'ai-key-missing:chatgpt', true);
    rememberFrameHint('user-1', 'ai-key-missing:chatgpt', true);
    expect(rememberedFrameHints('user-1')).toEqual([
      'social-setup-guidance',
      'ai-key-missing:chatgpt',
    ]);
    rememberFrameHint('user-1', 'social-setup-guidance', false);
    expect(rememberedFrameHints('user-1')).toEqual(['ai-key-missing:chatgpt']);
  });

  it("keeps one user's hints at a time: another user's are dropped", () => {
    rememberFrameHint('user-1', 'social-setup-guidance', true);
    rememberFrameHint('user-2', 'ai-key-missing:chatgpt', false);
    expect(rememberedFrameHints('user-1')).toEqual([]);
    expect(rememberedFrameHints('user-2')).toEqual([]);
    expect(JSON.parse(localStorage.getItem(FRAME_HINTS_KEY)!)).toEqual({
      userId: 'user-2',
      shown: [],
    });
  });

  it('reads unreadable storage as no hints, and overwrites it', () => {
    localStorage.setItem(FRAME_HINTS_KEY, '{not json');
    expect(rememberedFrameHints('user-1')).toEqual([]);
    rememberFrameHint('user-1', 'ai-key-missing:chatgpt', true);
    expect(rememberedFrameHints('user-1')).toEqual(['ai-key-missing:chatgpt']);
  });
});

describe("the frame's inline script (showRememberedParts)", () => {
  function frame() {
    document.body.innerHTML =
      '<div id="root"></div><div id="prerendered" data-shell>' +
      '<h1>Settings</h1>' +
      '<div data-frame-hint="social-setup-guidance" hidden>Connect…</div>' +
      '<div data-frame-hint="ai-key-missing:chatgpt" hidden>Key…</div>' +
      '</div>';
    const part = (name: string) =>
      document.querySelector<HTMLElement>(`[data-frame-hint="${name}"]`)!;
    return { guidance: part('social-setup-guidance'), keyMissing: part('ai-key-missing:chatgpt') };
  }
  const signIn = (id: string) =>
    localStorage.setItem(AUTH_KEY, JSON.stringify({ access_token: 't', user: { id } }));

  it("shows the parts remembered for the saved session's user, and only those", () => {
    signIn('user-1');
    rememberFrameHint('user-1', 'social-setup-guidance', true);
    const { guidance, keyMissing } = frame();
    showRememberedParts(AUTH_KEY, FRAME_HINTS_KEY);
    expect(guidance.hidden).toBe(false);
    expect(keyMissing.hidden).toBe(true);
  });

  it("leaves every part hidden for another user's hints, without a session or without hints", () => {
    rememberFrameHint('user-1', 'social-setup-guidance', true);
    const { guidance } = frame();
    showRememberedParts(AUTH_KEY, FRAME_HINTS_KEY);
    expect(guidance.hidden).toBe(true);
    signIn('user-2');
    showRememberedParts(AUTH_KEY, FRAME_HINTS_KEY);
    expect(guidance.hidden).toBe(true);
    localStorage.removeItem(FRAME_HINTS_KEY);
    showRememberedParts(AUTH_KEY, FRAME_HINTS_KEY);
    expect(guidance.hidden).toBe(true);
    localStorage.setItem(FRAME_HINTS_KEY, '{not json');
    expect(() => showRememberedParts(AUTH_KEY, FRAME_HINTS_KEY)).not.toThrow();
    expect(guidance.hidden).toBe(true);
  });
});
